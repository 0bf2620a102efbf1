import { describe, expect, it } from 'vitest';
import {
  healthScenario,
  loopStep,
  ordersScenario,
  retriedStep,
  runResult,
  scenarioResult,
  stepResult,
} from '../../../test/support/reportRuns.js';
import { reportSchemaErrors } from '../../../test/support/reportSchema.js';
import { buildJsonReport } from './buildJsonReport.js';

const meta = { version: '0.1.0-alpha.1', generatedAt: '2026-11-21T10:31:07.000Z' };

describe('docs/report.schema.json', () => {
  it('accepts a single-execution report with skipped steps, retries, redirects, children and multipart', () => {
    const report = buildJsonReport(runResult([ordersScenario()]), meta);
    expect(report.steps.some((step) => step.status === 'skipped')).toBe(true);
    expect(reportSchemaErrors(report)).toEqual([]);
  });

  it('accepts the several-executions form, and the empty run', () => {
    const run = runResult([ordersScenario(), healthScenario('Health [1]'), healthScenario('Health [2]')]);
    expect(reportSchemaErrors(buildJsonReport(run, meta))).toEqual([]);
    expect(reportSchemaErrors(buildJsonReport(runResult([]), meta))).toEqual([]);
  });

  it('accepts the interrupted mark on the run and on executions, and only `true`', () => {
    const cut = ordersScenario({ interrupted: 'during' });
    const never = { ...healthScenario('Health [1]'), interrupted: 'before' as const };
    const report = buildJsonReport({ ...runResult([cut, never]), interrupted: true }, meta);
    expect(reportSchemaErrors(report)).toEqual([]);
    expect(reportSchemaErrors({ ...report, metadata: { ...report.metadata, interrupted: false } })).toEqual([
      '/metadata/interrupted must be equal to constant',
    ]);
  });

  it('accepts steps of every kind of nesting on their own', () => {
    const run = runResult([scenarioResult('Nested', [retriedStep, { ...loopStep, index: 1 }])]);
    expect(reportSchemaErrors(buildJsonReport(run, meta))).toEqual([]);
  });

  it('accepts cache and spreadsheet steps with their records', () => {
    const cache = { connection: 'sessions', command: 'get', key: 'k', reply: { exists: true, value: 1 } };
    const spreadsheet = { file: 'out/users.xlsx', sheet: 'Users', rows: 3 };
    const run = runResult([
      scenarioResult('Data', [
        stepResult({ kind: 'cache', cache }),
        stepResult({ index: 1, kind: 'export', spreadsheet }),
      ]),
    ]);
    const report = buildJsonReport(run, meta);
    expect(
      report.steps.map((step) => Object.keys(step).filter((key) => key === 'cache' || key === 'spreadsheet')),
    ).toEqual([['cache'], ['spreadsheet']]);
    expect(reportSchemaErrors(report)).toEqual([]);
  });

  it('is strict: a missing SPEC field, a wrong type or an undocumented field is reported', () => {
    const report = buildJsonReport(runResult([ordersScenario()]), meta);
    const [first] = report.steps;
    if (!first) throw new Error('fixture has steps');
    const { curl: _curl, ...withoutCurl } = first;
    expect(reportSchemaErrors({ ...report, steps: [withoutCurl] })).toEqual([
      "/steps/0 must have required property 'curl'",
    ]);
    expect(reportSchemaErrors({ ...report, summary: { ...report.summary, passedPercent: 40.5 } })).toEqual([
      '/summary/passedPercent must be integer',
    ]);
    expect(reportSchemaErrors({ ...report, metadata: { ...report.metadata, extra: 1 } })).toEqual([
      '/metadata must NOT have additional properties',
    ]);
    const nested = { ...first, children: [{ ...first, duration: '12ms' }] };
    expect(reportSchemaErrors({ ...report, steps: [nested] })).toEqual([
      '/steps/0/children/0/duration must be integer',
    ]);
  });
});
