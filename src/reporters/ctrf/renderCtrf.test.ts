import { describe, expect, it } from 'vitest';
import { ctrfSchemaErrors } from '../../../test/support/ctrfSchema.js';
import { healthScenario, ordersScenario, runResult } from '../../../test/support/reportRuns.js';
import { renderCtrf } from './renderCtrf.js';

const meta = {
  version: '1.2.3',
  generatedAt: '2026-11-21T10:32:00.000Z',
  filePath: (file: string) => file.replace(/^\.runner\//, 'project/.runner/'),
};

interface CtrfTest {
  name: string;
  status: string;
  duration: number;
  filePath: string;
  line: number;
  suite: string[];
  message?: string;
  trace?: string;
  retries?: number;
  flaky?: boolean;
}
interface Ctrf {
  results: { summary: Record<string, number>; tests: CtrfTest[] };
}

describe('renderCtrf', () => {
  const run = runResult([ordersScenario(), healthScenario()]);
  const report = JSON.parse(renderCtrf(run, meta)) as Ctrf;

  it('is valid against the published CTRF schema', () => {
    expect(ctrfSchemaErrors(report)).toEqual([]);
  });

  it('has one test per top-level step, named `<scenario> › <step>`, with its file and first line', () => {
    const { tests } = report.results;
    expect(tests.map((test) => test.name)).toEqual([
      'Orders › Log in',
      'Orders › Get order',
      'Orders › Wait for shipment',
      'Orders › Cancel order',
      'Orders › for_each $items',
      'Orders › Upload receipt',
      'Health › GET /health',
      'Health › Skip me',
    ]);
    expect(tests[1]).toMatchObject({
      status: 'failed',
      duration: 812,
      filePath: 'project/.runner/tests/orders.yaml',
      line: 12,
      suite: ['Orders'],
      message: 'status = 200 (expected), got 404',
    });
    expect(tests[1]!.trace).toContain('body.id: path not found');
    expect(tests[3]!.status).toBe('skipped');
  });

  it('counts steps in the summary and tells retries', () => {
    expect(report.results.summary).toMatchObject({
      tests: 8,
      passed: 3,
      failed: 3,
      skipped: 2,
      pending: 0,
      other: 0,
      suites: 2,
      start: Date.parse('2026-11-21T10:31:05.000Z'),
      stop: Date.parse('2026-11-21T10:31:05.000Z') + 1235,
    });
    expect(report.results.tests[2]).toMatchObject({ retries: 2, flaky: false });
  });
});
