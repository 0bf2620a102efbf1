import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StepBegin } from '../../src/engine/index.js';
import { runScenarios, scenarioFromYaml } from '../support/engine.js';
import { startTestServer, type TestServer } from '../support/testServer.js';

let server: TestServer;
beforeAll(async () => (server = await startTestServer()));
afterAll(() => server.close());

const loop = scenarioFromYaml(`
scenario: loop
steps:
  - name: Three passes
    repeat:
      attempts: 3
      until: $n == 3
      steps:
        - request: { method: GET, url: /products }
        - set: { n: 3 }
  - name: Fails
    request: { method: GET, url: /products }
    expect: { status: 500 }
  - name: Passes
    request: { method: GET, url: /products }
`);

describe('nested records as they end (issue 14, flat memory)', () => {
  it('gives each pass begin and end events one level below its loop, its steps one level below it', async () => {
    const begins: StepBegin[] = [];
    const { steps } = await runScenarios([loop], {
      baseUrl: server.url,
      listener: { onStepBegin: (event) => void begins.push(event) },
    });
    expect(begins.slice(0, 4).map((b) => [b.label, b.depth, b.nesting])).toEqual([
      ['Three passes', 0, 'parent'],
      ['repeat 1/3', 1, 'pass'],
      [`GET /products`, 2, undefined],
      ['set variables: n', 2, undefined],
    ]);
    // Every nested record ends before its pass, and the pass before its loop.
    expect(steps.slice(0, 4).map((end) => [end.result.label, end.depth, end.nesting])).toEqual([
      ['GET /products', 2, undefined],
      ['set variables: n', 2, undefined],
      ['repeat 1/3', 1, 'pass'],
      ['Three passes', 0, 'parent'],
    ]);
  });

  it("keeps every record by default, and with keep: 'failed' only the failed top-level steps, counted alike", async () => {
    const all = await runScenarios([loop], { baseUrl: server.url });
    const lean = await runScenarios([loop], { baseUrl: server.url, keep: 'failed' });
    const [kept, leanKept] = [all.result.scenarios[0]!, lean.result.scenarios[0]!];
    expect(kept.steps.map((s) => s.label)).toEqual(['Three passes', 'Fails', 'Passes']);
    expect([...kept.steps[0]!.children!][0]!.children).toHaveLength(2);
    expect(leanKept.steps.map((s) => [s.label, s.index])).toEqual([['Fails', 1]]);
    expect(leanKept.counts).toEqual(kept.counts);
    expect(leanKept.counts).toEqual({ passed: 2, failed: 1, skipped: 0, total: 3 });
    expect(lean.result.status).toBe('failed');
    // Listeners still saw every record as it ended.
    expect(lean.steps.map((end) => end.result.label)).toEqual(all.steps.map((end) => end.result.label));
  });
});
