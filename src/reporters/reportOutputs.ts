import type { RunResult, StepResult } from '../engine/index.js';
import { serializeCoverage, type ApiCoverage } from './coverage/apiCoverage.js';
import { writeRunReports, type ReportFile } from './files/writeRunReports.js';
import { ctrfText } from './ctrf/renderCtrf.js';
import { htmlReportText } from './files/htmlReportText.js';
import { htmlReportParts } from './html/renderHtmlReport.js';
import { jsonReportText } from './json/buildJsonReport.js';
import { chunked } from './json/jsonText.js';
import { junitText } from './junit/renderJunit.js';
import { buildFailureSnapshot, type FailureSnapshot } from './snapshots/buildFailureSnapshot.js';
import { writeFailureSnapshots } from './snapshots/writeFailureSnapshots.js';

export type ReportFormat = 'html' | 'json' | 'junit' | 'ctrf' | 'github';
export const REPORT_FORMATS: readonly ReportFormat[] = ['html', 'json', 'junit', 'ctrf', 'github'];

export interface ReportOutputOptions extends ReportFileOptions {
  reportsDir: string;
  archive: boolean;
  retention: number;
  failures: { enabled: boolean; path: string; maskSensitive: boolean; retainCount: number };
}

export interface WrittenOutputs {
  reportDir?: string;
  latestDir?: string;
  files: string[];
  snapshots: string[];
  /**
   * What could not be written, one line each (an unwritable folder, a full disk). A warning, not an error:
   * the run's verdict and exit code still follow its checks (DECISIONS.md, Wave 2 / Platform).
   */
  problems: string[];
}

function problemText(what: string, error: unknown): string {
  return `cannot write ${what}: ${error instanceof Error ? error.message : String(error)}`;
}

/** A finished run, as the engine produced it and as it left the masking boundary. */
export interface FinishedResults {
  raw: RunResult;
  /** Masked when first read: a run that writes no report never pays for masking every step again. */
  readonly masked: RunResult;
  /**
   * The run read back from its record stream (stream/recordStream.ts), when its records went to disk as
   * they ended: every report file renders from it, one record at a time. `raw` and `masked` above then keep
   * only what the console and failure snapshots need.
   */
  stored?: { masked: RunResult; raw?: RunResult };
}

/** What the report files of a run are rendered with (a run's, or `report merge`'s). */
export interface ReportFileOptions {
  formats: readonly ReportFormat[];
  /** `--report-raw`: the JSON report unmasked, written even without `json` among the formats. */
  raw: boolean;
  version: string;
  generatedAt: string;
  /** What the run was given (a file or directory), for the aggregate report's `testFile`. */
  testFile?: string;
  /** A step's file relative to the project root, for CTRF's `filePath` (DECISIONS.md, Finer points). */
  projectPath: (file: string) => string;
  /** `--coverage`: written as coverage.json in the run directory and as a section of report.html. */
  coverage?: ApiCoverage;
}

/**
 * The report files of the formats asked for, as renderers rather than texts: each report is rendered when it
 * is written and dropped before the next one (see writeRunReports), so a large run never holds all of them in
 * memory at once. `masked` has passed the masking boundary, `raw` has not. HTML (and its cURL text), JUnit
 * and CTRF always use the masked run; the JSON report uses the raw one only for `--report-raw`. `github`
 * makes no file: its annotations and job summary come from github/githubReporter.ts.
 */
export function reportFiles(run: FinishedResults, options: ReportFileOptions): ReportFile[] {
  const meta = { version: options.version, generatedAt: options.generatedAt };
  const masked = run.stored?.masked ?? run.masked;
  const files: ReportFile[] = [];
  if (options.formats.includes('json') || options.raw) {
    const source = options.raw ? (run.stored?.raw ?? run.raw) : masked;
    // Raw unmasks the JSON report's data, never its cURL text (SPEC, Flag behavior).
    const jsonMeta = { ...meta, testFile: options.testFile, ...(options.raw ? { masked } : {}) };
    files.push({ name: 'report.json', content: () => chunked(jsonReportText(source, jsonMeta)) });
  }
  if (options.formats.includes('html')) {
    const coverage = options.coverage;
    files.push({
      name: 'report.html',
      content: (dir) =>
        htmlReportText(htmlReportParts(masked, { ...meta, ...(coverage ? { coverage } : {}) }), dir),
    });
  }
  if (options.formats.includes('junit')) {
    files.push({
      name: 'report.xml',
      content: () => chunked(junitText(masked, { generatedAt: options.generatedAt })),
    });
  }
  if (options.formats.includes('ctrf')) {
    files.push({
      name: 'ctrf-report.json',
      content: () => chunked(ctrfText(masked, { ...meta, filePath: options.projectPath })),
    });
  }
  if (options.coverage) {
    const coverage = options.coverage;
    files.push({ name: 'coverage.json', content: () => serializeCoverage(coverage) });
  }
  return files;
}

/**
 * The files a run leaves behind, rendered from finished data (see reportFiles), and its failure snapshots,
 * which follow `reports.failures.maskSensitive`.
 */
export async function writeReportOutputs(
  run: FinishedResults,
  options: ReportOutputOptions,
): Promise<WrittenOutputs> {
  const { raw } = run;
  const files = reportFiles(run, options);
  const written: WrittenOutputs = { files: files.map((file) => file.name), snapshots: [], problems: [] };
  // Reports and snapshots are written independently: a snapshot folder that cannot be written must not
  // cost the run its reports, nor the other way round.
  if (files.length > 0) {
    try {
      const { dir, latest } = await writeRunReports({
        reportsDir: options.reportsDir,
        files,
        startedAt: raw.startedAt,
        archive: options.archive,
        retention: options.retention,
      });
      written.reportDir = dir;
      written.latestDir = latest;
    } catch (error) {
      written.files = [];
      written.problems.push(problemText('reports', error));
    }
  }
  if (options.failures.enabled && raw.status === 'failed') {
    const source = options.failures.maskSensitive ? run.masked : raw;
    const snapshots = failureSnapshots(source, options.generatedAt);
    if (snapshots.length > 0) {
      try {
        written.snapshots = await writeFailureSnapshots(
          options.failures.path,
          snapshots,
          options.failures.retainCount,
        );
      } catch (error) {
        written.problems.push(problemText('failure snapshots', error));
      }
    }
  }
  return written;
}

/** One snapshot per failed step of every execution (SPEC, Failure snapshot). */
function failureSnapshots(run: RunResult, generatedAt: string): FailureSnapshot[] {
  return run.scenarios.flatMap((scenario) =>
    scenario.steps
      .filter((step: StepResult) => step.status === 'failed')
      .map((step) =>
        buildFailureSnapshot({
          scenario,
          step,
          variables: step.variablesAtFailure ?? scenario.variables,
          generatedAt,
        }),
      ),
  );
}
