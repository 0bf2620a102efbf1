/**
 * A GraphQL server speaking the `graphql-transport-ws` protocol (graphql-ws's own server over `ws`), on
 * loopback, for the `subscription` step's tests. One HTTP server carries both: `/graphql` upgrades to the
 * subscription protocol, `/mute` accepts the upgrade and never acknowledges the connection, another path's
 * upgrade is answered 404; plain requests answer JSON (`GET /start` => `{"from": 3}`, anything else echoes
 * its path and query) so a scenario can pass values between HTTP and subscription steps.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  GraphQLInt,
  GraphQLNonNull,
  GraphQLObjectType,
  GraphQLSchema,
  GraphQLString,
  execute,
  subscribe,
  validate,
  type GraphQLFieldConfig,
} from 'graphql';
import { useServer } from 'graphql-ws/use/ws';
import { WebSocketServer } from 'ws';

/** What one connection carried, as the server saw it. */
export interface SeenConnection {
  authorization: string | undefined;
  connectionParams: Record<string, unknown> | undefined;
  subprotocol: string | undefined;
}

export interface GraphqlServer {
  /** `ws://localhost:<port>/graphql` */
  url: string;
  /** `http://localhost:<port>` */
  httpUrl: string;
  /** Connections in the order they were accepted. */
  seen: SeenConnection[];
  /** How many `ticks` subscriptions ended because the client completed them or went away. */
  readonly endlessStopped: number;
  /** Paths (with queries) the plain HTTP side answered. */
  httpRequests: string[];
  close(): Promise<void>;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A subscription field whose events are what `source` yields; each event is resolved by `resolve`. */
function streamed<Args>(
  type: GraphQLFieldConfig<unknown, unknown>['type'],
  source: (args: Args) => AsyncGenerator<unknown>,
  options: Pick<GraphQLFieldConfig<unknown, unknown>, 'args' | 'resolve'> = {},
): GraphQLFieldConfig<unknown, unknown> {
  return {
    type,
    ...options,
    subscribe: (_root, args) => source(args as Args),
    resolve: options.resolve ?? ((event) => event),
  };
}

const Identity = new GraphQLObjectType({
  name: 'Identity',
  fields: { greeting: { type: GraphQLString }, user: { type: GraphQLString } },
});

let endlessStopped = 0;

const schema = new GraphQLSchema({
  query: new GraphQLObjectType({
    name: 'Query',
    fields: { hello: { type: GraphQLString, resolve: () => 'hi' } },
  }),
  subscription: new GraphQLObjectType({
    name: 'Subscription',
    fields: {
      // from, from-1, ..., 1, then the server completes.
      countdown: streamed<{ from: number }>(
        new GraphQLNonNull(GraphQLInt),
        async function* ({ from }) {
          for (let value = from; value >= 1; value--) {
            await sleep(5);
            yield value;
          }
        },
        { args: { from: { type: new GraphQLNonNull(GraphQLInt) } } },
      ),
      // 0, 1, 2, ... every 20 ms, never completing.
      ticks: streamed(new GraphQLNonNull(GraphQLInt), async function* () {
        try {
          for (let value = 0; ; value++) {
            await sleep(20);
            yield value;
          }
        } finally {
          endlessStopped++;
        }
      }),
      // 1, then an event whose resolver fails (a result with `errors`), then the server completes.
      flaky: streamed(
        GraphQLInt,
        async function* () {
          yield 1;
          yield 2;
        },
        {
          resolve: (event) => {
            if (event === 2) throw new Error('flaky broke at event 2');
            return event;
          },
        },
      ),
      // One event, then complete: a user id to save and use in a later HTTP step.
      whoami: streamed(new GraphQLNonNull(Identity), async function* () {
        yield { greeting: 'hello', user: 'u-42' };
      }),
      // Nothing for 10 seconds: a message that comes too late.
      late: streamed(GraphQLInt, async function* () {
        await sleep(10_000);
        yield 1;
      }),
    },
  }),
});

function answerHttp(request: IncomingMessage, seen: string[]) {
  const path = request.url ?? '/';
  seen.push(path);
  return path === '/start' ? { from: 3 } : { path };
}

export async function startGraphqlServer(): Promise<GraphqlServer> {
  const seen: SeenConnection[] = [];
  const httpRequests: string[] = [];
  const server: Server = createServer((request, response) => {
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify(answerHttp(request, httpRequests)));
  });
  const sockets = new WebSocketServer({ noServer: true });
  // `/mute`: accepts the protocol and then says nothing, not even the connection acknowledgement.
  const mute = new WebSocketServer({
    noServer: true,
    handleProtocols: (offered) => [...offered][0] ?? false,
  });
  server.on('upgrade', (request, socket, head) => {
    const path = request.url ?? '';
    const target = path === '/graphql' ? sockets : path === '/mute' ? mute : undefined;
    if (target === undefined) {
      socket.end('HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\nConnection: close\r\n\r\n');
      return;
    }
    target.handleUpgrade(request, socket, head, (client) => target.emit('connection', client, request));
  });
  const graphql = useServer(
    {
      schema,
      // This module's graphql functions: the server package may load graphql's other build (ESM or CommonJS),
      // whose functions refuse a schema made by this one.
      validate,
      execute,
      subscribe,
      onConnect: (context) => {
        const request = context.extra.request;
        seen.push({
          authorization: request.headers.authorization,
          connectionParams: context.connectionParams,
          subprotocol: context.extra.socket.protocol,
        });
        // A server that checks a token in the connection params, as many do: `deny: true` is refused.
        return context.connectionParams?.deny !== true;
      },
    },
    sockets,
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `ws://localhost:${port}/graphql`,
    httpUrl: `http://localhost:${port}`,
    seen,
    httpRequests,
    get endlessStopped() {
      return endlessStopped;
    },
    async close() {
      await graphql.dispose();
      for (const client of mute.clients) client.terminate();
      await new Promise<void>((resolve) => sockets.close(() => resolve()));
      await new Promise<void>((resolve) => mute.close(() => resolve()));
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
