import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { retryDelay } from '../../src/engine/steps/retry.js';
import { runScenarios, scenarioFromYaml } from '../support/engine.js';
import { startTestServer, type TestServer } from '../support/testServer.js';

/** A server that answers 503 the first `failures` times a path is asked for, then 200 with the attempt number. */
function flaky(failures: number, status = 503) {
  const seen = new Map<string, number>();
  return (request: IncomingMessage, response: ServerResponse) => {
    const path = request.url ?? '';
    const count = (seen.get(path) ?? 0) + 1;
    seen.set(path, count);
    response.setHeader('content-type', 'application/json');
    response.statusCode = count <= failures ? status : 200;
    response.end(JSON.stringify({ attempt: count, ready: count > failures }));
  };
}

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('retry', () => {
  it('tries again until the step passes, recording every attempt, with fresh generator values', async () => {
    server = await startTestServer({ handler: flaky(2) });
    const scenario = scenarioFromYaml(`
scenario: poll
steps:
  - request: { method: POST, url: /job, body: { nonce: $uuid } }
    expect: { status: 200, body.ready: true }
    retry: { attempts: 5, interval: 10 }
`);
    const { result } = await runScenarios([scenario], { baseUrl: server.url });
    const step = result.scenarios[0]!.steps[0]!;
    expect(step.status).toBe('passed');
    expect(step.attempts!.map((a) => [a.attempt, a.status, a.httpStatus])).toEqual([
      [1, 'failed', 503],
      [2, 'failed', 503],
      [3, 'passed', 200],
    ]);
    expect(step.attempts![0]!.failure).toBe('status = 200 (expected), got 503');
    const nonces = server.requests.map((r) => (JSON.parse(r.body) as { nonce: string }).nonce);
    expect(new Set(nonces).size).toBe(3);
  });

  it('halts the scenario when attempts run out: later main steps are skipped, teardown runs', async () => {
    server = await startTestServer({ handler: flaky(100) });
    const scenario = scenarioFromYaml(`
scenario: gives up
steps:
  - name: never ready
    request: { method: GET, url: /job }
    expect: { status: 200 }
    retry: { attempts: 3, interval: 5, backoff: linear }
  - request: { method: GET, url: /after }
teardown:
  - request: { method: GET, url: /cleanup }
`);
    const { result } = await runScenarios([scenario], { baseUrl: server.url });
    const [retried, after, cleanup] = result.scenarios[0]!.steps;
    expect(retried!.status).toBe('failed');
    expect(retried!.haltsScenario).toBe(true);
    expect(retried!.error).toBe('failed after 3 attempts (retry.attempts)');
    expect(after!.status).toBe('skipped');
    expect(after!.skipReason).toBe('the scenario halted: retries ran out at "never ready"');
    expect(cleanup!.status).toBe('passed');
    expect(server.requests.map((r) => r.url)).toEqual(['/job', '/job', '/job', '/cleanup']);
  });

  it('fails at once, without halting, when the status is not in onStatus', async () => {
    server = await startTestServer({ handler: flaky(100, 400) });
    const scenario = scenarioFromYaml(`
scenario: not retried
steps:
  - request: { method: GET, url: /job }
    expect: { status: 200 }
    retry: { attempts: 5, interval: 5, onStatus: [502, 503] }
  - request: { method: GET, url: /next }
`);
    const { result } = await runScenarios([scenario], { baseUrl: server.url });
    const [first, second] = result.scenarios[0]!.steps;
    expect(first!.attempts).toHaveLength(1);
    expect(first!.error).toBe('not retried: status 400 is not in retry.onStatus [502, 503]');
    expect(first!.haltsScenario).toBeUndefined();
    expect(second!.status).toBe('passed');
  });

  it('stops when the next wait would pass maxDuration', async () => {
    server = await startTestServer({ handler: flaky(100) });
    const scenario = scenarioFromYaml(`
scenario: capped
steps:
  - request: { method: GET, url: /job }
    expect: { status: 200 }
    retry: { attempts: 50, interval: 40, maxDuration: 100ms }
`);
    const started = performance.now();
    const { result } = await runScenarios([scenario], { baseUrl: server.url });
    const step = result.scenarios[0]!.steps[0]!;
    expect(step.status).toBe('failed');
    expect(step.error).toMatch(/^retry\.maxDuration 100ms would be exceeded after \d attempts?$/);
    expect(step.attempts!.length).toBeLessThan(5);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});

describe('retryDelay (SPEC formulas, ±25% jitter)', () => {
  it.each([
    ['constant', 3, 100],
    ['linear', 3, 300],
    ['exponential', 3, 400],
    ['exponential', 1, 100],
  ] as const)('%s before retry %i waits %i ms at the midpoint of the jitter', (backoff, n, expected) => {
    expect(retryDelay(n, 100, backoff, 0.5)).toBe(expected);
  });

  it('keeps the jitter within ±25%', () => {
    expect(retryDelay(1, 1000, 'constant', 0)).toBe(750);
    expect(retryDelay(1, 1000, 'constant', 0.999999)).toBe(1250);
  });
});
