import { describe, expect, it } from 'vitest';
import { reportSchemaErrors } from '../../../test/support/reportSchema.js';
import { healthScenario, ordersScenario, runResult } from '../../../test/support/reportRuns.js';
import { buildJsonReport } from '../json/buildJsonReport.js';
import type { JsonReport } from '../json/reportTypes.js';
import { reportShapeProblem } from './checkReportShape.js';
import { mergeReports } from './mergeReports.js';
import { scenariosFromReport } from './resultsFromReport.js';

const meta = { version: '1.0.0', generatedAt: '2026-11-21T10:40:00.000Z' };
const json = (value: unknown) => JSON.parse(JSON.stringify(value)) as JsonReport;

describe('scenariosFromReport', () => {
  it('reads a report back so that the same report is built from it, nested steps and all', () => {
    const run = runResult([ordersScenario(), healthScenario()]);
    const report = json(buildJsonReport(run, meta));
    const again = json(buildJsonReport(runResult(scenariosFromReport(report)), meta));
    expect(again.scenarios).toEqual(report.scenarios);
  });

  it('reads a single-execution report as one execution', () => {
    const report = json(buildJsonReport(runResult([healthScenario()]), meta));
    expect(report.scenarios).toBeUndefined();
    const [scenario, ...rest] = scenariosFromReport(report);
    expect(rest).toEqual([]);
    expect(scenario).toMatchObject({ name: 'Health', counts: { total: 2, passed: 1, skipped: 1 } });
  });
});

describe('mergeReports', () => {
  const shard = (scenarios: ReturnType<typeof healthScenario>[], startedAt: string, durationMs: number) =>
    json(buildJsonReport({ ...runResult(scenarios), startedAt, durationMs }, meta));

  it('sums counts, orders executions by file, spans the shards and fails when one failed', () => {
    const b = { ...healthScenario('B'), file: '.runner/tests/b.yaml' };
    const a1 = { ...healthScenario('A [1]'), file: '.runner/tests/a.yaml' };
    const a2 = { ...healthScenario('A [2]'), file: '.runner/tests/a.yaml' };
    const merged = mergeReports([
      shard([b, ordersScenario()], '2026-11-21T10:00:01.000Z', 5_000),
      shard([a1, a2], '2026-11-21T10:00:00.000Z', 2_000),
    ]);
    expect(merged.scenarios.map((scenario) => scenario.name)).toEqual(['A [1]', 'A [2]', 'B', 'Orders']);
    expect(merged.counts).toEqual({ passed: 5, failed: 3, skipped: 4, total: 12 });
    expect(merged.status).toBe('failed');
    expect(merged.startedAt).toBe('2026-11-21T10:00:00.000Z');
    expect(merged.durationMs).toBe(6_000);
    const report = buildJsonReport(merged, meta);
    expect(reportSchemaErrors(report)).toEqual([]);
    expect(report.summary).toMatchObject({ total: 12, failed: 3 });
  });

  it('passes when every shard passed and marks an interrupted shard', () => {
    const passing = mergeReports([shard([healthScenario()], '2026-11-21T10:00:00.000Z', 10)]);
    expect(passing.status).toBe('passed');
    expect(passing.interrupted).toBeUndefined();
    const stopped = json(buildJsonReport({ ...runResult([healthScenario()]), interrupted: true }, meta));
    expect(mergeReports([stopped]).interrupted).toBe(true);
  });
});

describe('reportShapeProblem', () => {
  const report = json(buildJsonReport(runResult([ordersScenario(), healthScenario()]), meta));

  it('accepts what runner writes, with or without col', () => {
    expect(reportShapeProblem(report)).toBeUndefined();
    const old = JSON.parse(JSON.stringify(report), (key, value: unknown) =>
      key === 'col' ? undefined : value,
    ) as unknown;
    expect(JSON.stringify(old)).not.toContain('"col"');
    expect(reportShapeProblem(old)).toBeUndefined();
  });

  it('names the first field that is wrong by its JSON pointer', () => {
    expect(reportShapeProblem([])).toBe('/: expected an object');
    expect(reportShapeProblem({ metadata: {}, summary: {} })).toBe('/metadata/scenario: expected a string');
    const broken = json(report);
    (broken.scenarios![1]!.steps[1] as unknown as Record<string, unknown>).status = 'ok';
    expect(reportShapeProblem(broken)).toBe('/scenarios/1/steps/1/status: expected passed, failed, skipped');
    const nested = json(report);
    nested.scenarios![0]!.steps[4]!.children![1]!.children = [{} as never];
    expect(reportShapeProblem(nested)).toBe(
      '/scenarios/0/steps/4/children/1/children/0/index: expected a number',
    );
  });
});
