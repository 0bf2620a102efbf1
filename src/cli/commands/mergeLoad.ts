import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { RunnerError } from '../../diagnostics/errors.js';
import { escapeControls } from '../../diagnostics/terminalText.js';
import {
  buildLoadReport,
  createLatencyHistogram,
  evaluateThresholds,
  loadDataFromReport,
  mergeLoadData,
  renderLoadHtml,
  summaryTable,
  thresholdsOf,
  type LoadReport,
  type LoadSettings,
} from '../../load/index.js';
import { createStyle } from '../../reporters/index.js';
import { displayPath } from '../../workspace/displayPath.js';
import { buildInfo } from '../buildInfo.js';
import { EXIT } from '../exitCodes.js';
import { wantsColor, type CliIo } from '../io.js';

/** A load.json, as a path given to `report merge` or a run directory holding one. */
export async function loadReportPath(input: string): Promise<string | undefined> {
  if (input.endsWith('.json')) return input.endsWith('load.json') ? input : undefined;
  const candidate = join(input, 'load.json');
  const hasReport = await readFile(join(input, 'report.json')).then(
    () => true,
    () => false,
  );
  if (hasReport) return undefined;
  return readFile(candidate).then(
    () => candidate,
    () => undefined,
  );
}

async function readLoadReport(path: string, show: string): Promise<LoadReport> {
  let report: LoadReport;
  try {
    report = JSON.parse(await readFile(path, 'utf8')) as LoadReport;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new RunnerError('report.merge-input', `${show}: cannot read a load.json: ${reason}`);
  }
  if (
    report === null ||
    typeof report !== 'object' ||
    typeof report.summary !== 'object' ||
    typeof report.steps !== 'object'
  ) {
    throw new RunnerError('report.merge-input', `${show}: not a load.json written by runner load`);
  }
  return report;
}

/** The merged load's settings: the shards' rates or users add up to the whole. */
function mergedSettings(reports: readonly LoadReport[]): LoadSettings {
  const first = reports[0]!.load;
  const sum = (pick: (settings: LoadSettings) => number | undefined) =>
    reports.reduce((total, report) => total + (pick(report.load) ?? 0), 0);
  return {
    model: first.model,
    ...(first.model === 'open'
      ? { rate: Number(sum((s) => s.rate).toFixed(6)) }
      : { vus: sum((s) => s.vus) }),
    duration_ms: Math.max(...reports.map((report) => report.load.duration_ms)),
    ramp_ms: first.ramp_ms,
    shards: reports.length,
  };
}

/**
 * `runner report merge` of load.json files (DECISIONS.md, "Load"): counts and histograms add, so the merged
 * percentiles are those of one histogram holding every request; the thresholds the shards were given are
 * checked again on the whole (exit 1 when one fails). A merged load that cannot be written is exit 2.
 */
export async function mergeLoadReports(paths: readonly string[], out: string, io: CliIo): Promise<number> {
  const show = (path: string) => displayPath(io.cwd, path);
  const reports: LoadReport[] = [];
  const data = [];
  for (const path of paths) {
    const report = await readLoadReport(path, show(path));
    reports.push(report);
    try {
      data.push(loadDataFromReport(report));
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new RunnerError('report.merge-input', `${show(path)}: ${reason}`);
    }
  }
  const merged = mergeLoadData(data);
  const verdicts = evaluateThresholds(merged, thresholdsOf(reports));
  const report = buildLoadReport(
    merged,
    {
      version: buildInfo.version,
      generatedAt: new Date().toISOString(),
      environment: reports[0]!.environment,
      load: mergedSettings(reports),
    },
    verdicts,
  );
  const all = createLatencyHistogram();
  for (const step of merged.steps.values()) all.add(step.latency);
  const outDir = resolve(io.cwd, out);
  const files: [string, string][] = [
    ['load.json', JSON.stringify(report, null, 2) + '\n'],
    ['load.html', renderLoadHtml(report, all)],
  ];
  for (const [name, text] of files) {
    const target = join(outDir, name);
    try {
      await mkdir(outDir, { recursive: true });
      // Written beside and renamed in, so a reader never sees half a file.
      await writeFile(`${target}.tmp`, text);
      await rename(`${target}.tmp`, target);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new RunnerError('report.merge-output', `cannot write ${show(target)}: ${escapeControls(reason)}`);
    }
  }
  io.stdout.write(`Merged ${reports.length} load ${reports.length === 1 ? 'report' : 'reports'}\n\n`);
  io.stdout.write(summaryTable(report, verdicts, createStyle(wantsColor(io.stdout, io.env))));
  io.stdout.write(`Reports: ${files.map(([name]) => relative(io.cwd, join(outDir, name))).join(', ')}\n`);
  return verdicts.every((verdict) => verdict.passed) ? EXIT.passed : EXIT.failed;
}
