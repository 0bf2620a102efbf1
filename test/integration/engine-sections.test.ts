import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runScenarios, scenarioFromYaml } from '../support/engine.js';
import { startTestServer, type TestServer } from '../support/testServer.js';

let server: TestServer;
beforeAll(async () => (server = await startTestServer()));
afterAll(() => server.close());

const paths = () => server.requests.map((request) => request.url);

describe('scenario sections (SPEC, States and transitions)', () => {
  it('skips the main steps when setup fails, halts setup at once, and still runs teardown', async () => {
    const before = server.requests.length;
    const scenario = scenarioFromYaml(`
scenario: setup fails
setup:
  - request: { method: GET, url: /status/500 }
    expect: { status: 200 }
  - request: { method: GET, url: /health?setup=second }
steps:
  - request: { method: GET, url: /health?main=1 }
teardown:
  - request: { method: GET, url: /health?teardown=1 }
`);
    const { result } = await runScenarios([scenario], { baseUrl: server.url });
    const steps = result.scenarios[0]!.steps;
    expect(steps.map((s) => [s.section, s.status])).toEqual([
      ['setup', 'failed'],
      ['setup', 'skipped'],
      ['steps', 'skipped'],
      ['teardown', 'passed'],
    ]);
    expect(steps[2]!.skipReason).toBe('setup failed');
    expect(result.status).toBe('failed');
    expect(paths().slice(before)).toEqual(['/status/500', '/health?teardown=1']);
  });

  it('keeps going after a failing main step and reports the scenario failed', async () => {
    const scenario = scenarioFromYaml(`
scenario: one bad step
steps:
  - request: { method: GET, url: /status/404 }
    expect: { status: 200 }
  - request: { method: GET, url: /health }
    expect: { status: 200 }
`);
    const { result } = await runScenarios([scenario], { baseUrl: server.url });
    expect(result.scenarios[0]!.steps.map((s) => s.status)).toEqual(['failed', 'passed']);
    expect(result.scenarios[0]!.steps[0]!.assertions[0]!.message).toBe('status = 200 (expected), got 404');
    expect(result.counts).toEqual({ passed: 1, failed: 1, skipped: 0, total: 2 });
    expect(result.status).toBe('failed');
  });

  it('runs teardown after a failing main step', async () => {
    const scenario = scenarioFromYaml(`
scenario: teardown after failure
steps:
  - request: { method: GET, url: /status/500 }
    expect: { status: 200 }
teardown:
  - request: { method: GET, url: /health?cleanup=yes }
`);
    const before = server.requests.length;
    const { result } = await runScenarios([scenario], { baseUrl: server.url });
    expect(result.scenarios[0]!.steps.map((s) => s.status)).toEqual(['failed', 'passed']);
    expect(paths().slice(before)).toContain('/health?cleanup=yes');
  });

  it('numbers steps across sections in order, 0-based', async () => {
    const scenario = scenarioFromYaml(`
scenario: indexes
setup: [{ request: { method: GET, url: /health } }]
steps: [{ request: { method: GET, url: /health } }, { set: { a: "1" } }]
teardown: [{ request: { method: GET, url: /health } }]
`);
    const { result } = await runScenarios([scenario], { baseUrl: server.url });
    expect(result.scenarios[0]!.steps.map((s) => s.index)).toEqual([0, 1, 2, 3]);
  });
});

describe('if guards', () => {
  it('skips a step whose guard is false: nothing is sent and it counts as skipped', async () => {
    const scenario = scenarioFromYaml(`
scenario: guards
steps:
  - set: { mode: fast }
  - if: $mode == slow
    request: { method: GET, url: /health?guarded=slow }
  - if: $mode == fast && !($mode == slow)
    request: { method: GET, url: /health?guarded=fast }
  - if: $missing
    request: { method: GET, url: /health?guarded=missing }
`);
    const before = server.requests.length;
    const { result } = await runScenarios([scenario], { baseUrl: server.url });
    const steps = result.scenarios[0]!.steps;
    expect(steps.map((s) => s.status)).toEqual(['passed', 'skipped', 'passed', 'skipped']);
    expect(steps[1]!.skipReason).toBe('if `$mode == slow` was false');
    expect(paths().slice(before)).toEqual(['/health?guarded=fast']);
    expect(result.counts.skipped).toBe(2);
    expect(result.status).toBe('passed');
  });

  it('fails a step whose guard cannot be evaluated', async () => {
    const scenario = scenarioFromYaml(`
scenario: bad guard
steps:
  - set: { word: abc }
  - if: $word.deeper > 3
    request: { method: GET, url: /health }
`);
    const { result } = await runScenarios([scenario], { baseUrl: server.url });
    const step = result.scenarios[0]!.steps[1]!;
    expect(step.status).toBe('failed');
    expect(step.error).toMatch(/^if: .*deeper/);
  });
});

describe('examples', () => {
  it('runs the scenario once per data set, named per DECISIONS.md', async () => {
    const scenario = scenarioFromYaml(`
scenario: per product
examples:
  - { id: 101 }
  - { id: 102, name: second product }
steps:
  - request: { method: GET, url: "/products/{{id}}" }
    expect: { status: 200, body.id: "$int({{id}})" }
`);
    const { result } = await runScenarios([scenario], { baseUrl: server.url });
    expect(result.scenarios.map((s) => [s.name, s.status])).toEqual([
      ['per product [1]', 'passed'],
      ['second product', 'passed'],
    ]);
  });
});

describe('failed steps', () => {
  it('carry the variables as they were when the step failed, for the failure snapshot', async () => {
    const scenario = scenarioFromYaml(`
scenario: snapshot
steps:
  - set: { before: one }
  - request: { method: GET, url: /status/500 }
    expect: { status: 200 }
  - set: { after: two }
`);
    const { result } = await runScenarios([scenario], { baseUrl: server.url });
    const [, failed, last] = result.scenarios[0]!.steps;
    expect(failed!.variablesAtFailure).toMatchObject({ before: 'one' });
    expect(failed!.variablesAtFailure).not.toHaveProperty('after');
    expect(last!.variablesAtFailure).toBeUndefined();
  });
});
