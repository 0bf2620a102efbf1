import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunStop } from '../../src/engine/index.js';
import { runScenarios, scenarioFromYaml } from '../support/engine.js';
import { startTestServer, type TestServer } from '../support/testServer.js';

// DECISIONS.md, Wave 2 / Platform, Interrupts, through the real engine and HTTP client against a real server.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    handler: (request, response) => {
      // /slow never answers; /fail answers 503 (for retries); anything else 200.
      if (request.url?.startsWith('/slow')) return;
      response.writeHead(request.url === '/fail' ? 503 : 200, { 'content-type': 'application/json' });
      response.end('{}');
    },
  });
});
afterAll(() => server.close());

const baseUrl = () => `http://localhost:${new URL(server.url).port}`;

/** A stop whose first signal fires once the server has received `path` (and `afterMs` more have passed). */
function stopWhenReceived(path: string, afterMs = 0): { stop: RunStop; second: AbortController } {
  const first = new AbortController();
  const second = new AbortController();
  const timer = setInterval(() => {
    if (server.requests.some((request) => request.url === path)) {
      clearInterval(timer);
      setTimeout(() => first.abort(), afterMs);
    }
  }, 5);
  return { stop: { run: first.signal, teardown: second.signal }, second };
}

function received(since: number): string[] {
  return server.requests.slice(since).map((request) => `${request.method} ${request.url}`);
}

describe('the first interrupt', () => {
  it('aborts the request in flight, skips the steps left and runs teardown', async () => {
    const scenario = scenarioFromYaml(`
scenario: cut
setup:
  - request: { method: GET, url: /setup-1 }
steps:
  - request: { method: GET, url: /slow-1 }
  - request: { method: GET, url: /never }
teardown:
  - request: { method: DELETE, url: /cleanup-1 }
`);
    const before = server.requests.length;
    const { stop } = stopWhenReceived('/slow-1');
    const started = Date.now();
    const { result } = await runScenarios([scenario], { baseUrl: baseUrl(), stop, timeoutMs: 30_000 });
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(received(before)).toEqual(['GET /setup-1', 'GET /slow-1', 'DELETE /cleanup-1']);
    expect(result.interrupted).toBe(true);
    const [only] = result.scenarios;
    expect(only!.interrupted).toBe('during');
    expect(only!.steps.map((step) => step.status)).toEqual(['passed', 'failed', 'skipped', 'passed']);
    expect(only!.steps[1]!.error).toMatch(/^interrupted: request to localhost:\d+ aborted/);
    expect(only!.steps[2]!.skipReason).toBe('the run was interrupted');
  });

  it('ends a retry wait at once and tries no more', async () => {
    const scenario = scenarioFromYaml(`
scenario: waiting
steps:
  - request: { method: GET, url: /fail }
    retry: { attempts: 5, interval: 30s }
    expect: { status: 200 }
`);
    const before = server.requests.length;
    // Well after the 503 came back (on a loaded machine too), well before the 30 s wait ends.
    const { stop } = stopWhenReceived('/fail', 500);
    const started = Date.now();
    const { result } = await runScenarios([scenario], { baseUrl: baseUrl(), stop });
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(received(before)).toEqual(['GET /fail']);
    const step = result.scenarios[0]!.steps[0]!;
    expect(step.status).toBe('failed');
    expect(step.attempts).toHaveLength(1);
    expect(step.error).toContain('the run was interrupted before attempt 2');
  });

  it('keeps a composed scenario used by teardown running, and leaves later executions unstarted', async () => {
    const cleanup = scenarioFromYaml(
      `
scenario: shared cleanup
steps:
  - request: { method: DELETE, url: /cleanup-shared }
`,
      { path: '/project/_cleanup.yaml', fragment: true },
    );
    const first = scenarioFromYaml(
      `
scenario: first
steps:
  - request: { method: GET, url: /slow-2 }
teardown:
  - use: _cleanup.yaml
`,
      { path: '/project/first.yaml' },
    );
    const second = scenarioFromYaml(
      `
scenario: second
steps:
  - request: { method: GET, url: /second }
teardown:
  - request: { method: DELETE, url: /second-cleanup }
`,
      { path: '/project/second.yaml' },
    );
    const before = server.requests.length;
    const { stop } = stopWhenReceived('/slow-2');
    const { result } = await runScenarios([first, second], {
      baseUrl: baseUrl(),
      stop,
      files: { '/project/_cleanup.yaml': cleanup },
    });
    expect(received(before)).toEqual(['GET /slow-2', 'DELETE /cleanup-shared']);
    const [cut, unstarted] = result.scenarios;
    expect(cut!.steps[1]!.status).toBe('passed');
    expect([...(cut!.steps[1]!.children ?? [])].map((child) => child.status)).toEqual(['passed']);
    expect(unstarted!.interrupted).toBe('before');
    expect(unstarted!.steps.map((step) => [step.section, step.status])).toEqual([
      ['steps', 'skipped'],
      ['teardown', 'skipped'],
    ]);
    expect(result.counts).toMatchObject({ passed: 1, failed: 1, skipped: 2 });
  });
});

describe('the second interrupt', () => {
  it('aborts the teardown request in flight and skips the teardown steps left', async () => {
    const scenario = scenarioFromYaml(`
scenario: hurried
steps:
  - request: { method: GET, url: /slow-3 }
teardown:
  - request: { method: DELETE, url: /slow-cleanup-3 }
  - request: { method: DELETE, url: /cleanup-3 }
`);
    const before = server.requests.length;
    const { stop, second } = stopWhenReceived('/slow-3');
    const timer = setInterval(() => {
      if (server.requests.some((request) => request.url === '/slow-cleanup-3')) {
        clearInterval(timer);
        second.abort();
      }
    }, 5);
    const { result } = await runScenarios([scenario], { baseUrl: baseUrl(), stop, timeoutMs: 30_000 });
    expect(received(before)).toEqual(['GET /slow-3', 'DELETE /slow-cleanup-3']);
    const steps = result.scenarios[0]!.steps;
    expect(steps.map((step) => step.status)).toEqual(['failed', 'failed', 'skipped']);
    expect(steps[2]!.skipReason).toBe('a second interrupt skipped teardown');
  });
});

describe('a run nobody stops', () => {
  it('is not marked interrupted', async () => {
    const scenario = scenarioFromYaml(`
scenario: plain
steps:
  - request: { method: GET, url: /plain }
`);
    const { result } = await runScenarios([scenario], { baseUrl: baseUrl() });
    expect(result.interrupted).toBeUndefined();
    expect(result.scenarios[0]!.interrupted).toBeUndefined();
  });
});
