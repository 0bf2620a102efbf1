import { addCounts, type RunResult, type ScenarioResult } from '../../engine/index.js';
import type { JsonReport } from '../json/reportTypes.js';
import { scenariosFromReport } from './resultsFromReport.js';

/**
 * One run from the `report.json` of many shards (DECISIONS.md, Running at scale: `runner report merge`).
 * Executions are ordered by file path, then as each report had them (example index), the order a run of
 * the whole suite reports them in whatever shard ran each; counts are the sums; the run starts with the
 * earliest shard and lasts until the last one ended; it failed if any execution failed, and was
 * interrupted if any shard was. Pure.
 */
export function mergeReports(reports: readonly JsonReport[]): RunResult {
  const scenarios: ScenarioResult[] = reports
    .flatMap((report) => scenariosFromReport(report))
    .map((scenario, position) => ({ scenario, position }))
    .sort((a, b) => compareText(a.scenario.file, b.scenario.file) || a.position - b.position)
    .map(({ scenario }) => scenario);
  const spans = reports.map((report) => {
    const start = Date.parse(report.metadata.timestamp);
    return { start, end: start + report.metadata.duration };
  });
  const known = spans.filter((span) => !Number.isNaN(span.start));
  const start = known.length > 0 ? Math.min(...known.map((span) => span.start)) : Date.now();
  const end = known.length > 0 ? Math.max(...known.map((span) => span.end)) : start;
  const environments = [...new Set(reports.map((report) => report.metadata.environment))];
  const run: RunResult = {
    environment: environments.join(', '),
    status: scenarios.some((scenario) => scenario.status === 'failed') ? 'failed' : 'passed',
    startedAt: new Date(start).toISOString(),
    durationMs: end - start,
    scenarios,
    counts: scenarios
      .map((scenario) => scenario.counts)
      .reduce(addCounts, { passed: 0, failed: 0, skipped: 0, total: 0 }),
  };
  if (reports.some((report) => report.metadata.interrupted)) run.interrupted = true;
  return run;
}

/** Plain code-unit order, the same on every machine (no locale). */
function compareText(a: string, b: string): number {
  if (a === b) return 0;
  return a < b ? -1 : 1;
}
