// The GraphQL subscription fixture behaves as the subscription step's tests assume, seen through graphql-ws's
// own client: a stream that completes after a fixed count, one that never ends, one with a failing event.
import { createClient, type Client } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { startGraphqlServer, type GraphqlServer } from './graphqlServer.js';

let server: GraphqlServer;
let client: Client;
beforeAll(async () => {
  server = await startGraphqlServer();
  client = createClient({
    url: server.url,
    webSocketImpl: WebSocket,
    retryAttempts: 0,
    connectionParams: { token: 't' },
  });
});
afterAll(async () => {
  await client.dispose();
  await server.close();
});

async function take(query: string, most: number, variables?: Record<string, unknown>): Promise<unknown[]> {
  const results: unknown[] = [];
  for await (const result of client.iterate({ query, ...(variables ? { variables } : {}) })) {
    results.push(result);
    if (results.length === most) break;
  }
  return results;
}

describe('the GraphQL subscription fixture', () => {
  it('counts down and completes', async () => {
    const results = await take('subscription ($n: Int!) { countdown(from: $n) }', 10, { n: 3 });
    expect(results).toEqual([
      { data: { countdown: 3 } },
      { data: { countdown: 2 } },
      { data: { countdown: 1 } },
    ]);
    expect(server.seen.at(-1)?.connectionParams).toEqual({ token: 't' });
    expect(server.seen.at(-1)?.subprotocol).toBe('graphql-transport-ws');
  });

  it('ticks until the client stops', async () => {
    expect(await take('subscription { ticks }', 4)).toEqual(
      [0, 1, 2, 3].map((ticks) => ({ data: { ticks } })),
    );
  });

  it('sends a result with errors for a failing event', async () => {
    const results = (await take('subscription { flaky }', 10)) as {
      data: unknown;
      errors?: { message: string }[];
    }[];
    expect(results[0]).toEqual({ data: { flaky: 1 } });
    expect(results[1]?.errors?.[0]?.message).toBe('flaky broke at event 2');
    expect(results).toHaveLength(2);
  });

  it('answers plain HTTP on other paths', async () => {
    const response = await fetch(`${server.httpUrl.replace('localhost', '127.0.0.1')}/start`);
    expect(await response.json()).toEqual({ from: 3 });
  });
});
