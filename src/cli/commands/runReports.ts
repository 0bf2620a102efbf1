import { appendFile } from 'node:fs/promises';
import { relative, sep } from 'node:path';
import { didYouMeanHint } from '../../diagnostics/didYouMean.js';
import { RunnerError } from '../../diagnostics/errors.js';
import { escapeControls } from '../../diagnostics/terminalText.js';
import type { RunListener } from '../../engine/index.js';
import type { RunResult } from '../../engine/index.js';
import type { Masker } from '../../masking/index.js';
import {
  createGithubReporter,
  openRecordStream,
  REPORT_FORMATS,
  writeReportOutputs,
  type RecordStream,
  type StoredResults,
  type ApiCoverage,
  type FinishedResults,
  type GithubReportOptions,
  type ReportFormat,
} from '../../reporters/index.js';
import type { ExecutedRun } from '../../session/index.js';
import type { Workspace } from '../../workspace/index.js';
import { pathFrom } from '../../workspace/displayPath.js';
import { buildInfo } from '../buildInfo.js';
import type { CliIo } from '../io.js';
import type { ParsedArgs } from '../parseArgs.js';

/**
 * `--report html,json` (overrides `reports.format` in config.yaml, SPEC: Flag behavior); `github` joins on
 * its own inside GitHub Actions (DECISIONS.md, Running at scale).
 */
export function reportFormats(
  args: ParsedArgs,
  configured: readonly ReportFormat[],
  env: CliIo['env'],
): ReportFormat[] {
  const formats = parseReportFormats(args.options.report, configured);
  if (env.GITHUB_ACTIONS === 'true' && !formats.includes('github')) formats.push('github');
  return formats;
}

function parseReportFormats(given: unknown, configured: readonly ReportFormat[]): ReportFormat[] {
  if (typeof given !== 'string') return [...configured];
  const formats: ReportFormat[] = [];
  for (const word of given.split(',').map((part) => part.trim().toLowerCase())) {
    if (word === '') continue;
    if (!(REPORT_FORMATS as readonly string[]).includes(word)) {
      throw new RunnerError('cli.report-format', `unknown report format \`${word}\` in --report`, {
        hint:
          didYouMeanHint(word, REPORT_FORMATS) ??
          `use ${REPORT_FORMATS.join(', ')} or a comma-separated list`,
      });
    }
    if (!formats.includes(word as ReportFormat)) formats.push(word as ReportFormat);
  }
  return formats;
}

/**
 * Writes the run's reports and failure snapshots and says where they are. One that cannot be written is a
 * warning on stderr, naming the path relative to the project; the exit code still follows the checks
 * (DECISIONS.md, Wave 2 / Platform). A reporter that breaks on what a server sent is such a case too.
 */
async function writeRunOutputs(
  run: FinishedResults,
  options: {
    formats: ReportFormat[];
    raw: boolean;
    workspace: Workspace;
    testFile?: string;
    now: Date;
    coverage?: ApiCoverage;
  },
  io: CliIo,
): Promise<void> {
  const { config, cwd } = options.workspace;
  const show = (path: string) => relative(cwd, path) || '.';
  const written = await writeReportOutputs(run, {
    formats: options.formats,
    raw: options.raw,
    reportsDir: config.reports.path,
    archive: config.reports.archive,
    retention: config.reports.retention,
    failures: config.reports.failures,
    version: buildInfo.version,
    generatedAt: options.now.toISOString(),
    testFile: options.testFile,
    projectPath: (file) => pathFrom(options.workspace.root, cwd, file),
    ...(options.coverage ? { coverage: options.coverage } : {}),
  });
  for (const problem of written.problems) {
    // File system messages quote absolute paths; the project's own are shown relative to it.
    const text = problem.split(`${cwd}${sep}`).join('');
    io.stderr.write(`warning: ${escapeControls(text)}\n`);
  }
  if (written.reportDir && written.latestDir) {
    io.stdout.write(
      `Reports: ${escapeControls(written.files.map((file) => show(`${written.latestDir}/${file}`)).join(', '))}\n`,
    );
  }
  if (written.snapshots.length > 0) {
    const count = written.snapshots.length;
    io.stdout.write(`Failure snapshots: ${count} in ${escapeControls(show(config.reports.failures.path))}\n`);
  }
}

/** Whether the run writes report files (the `github` report writes none: it speaks as the run goes). */
export function writesReportFiles(
  formats: readonly ReportFormat[],
  raw: boolean,
  coverage: boolean,
): boolean {
  return raw || coverage || formats.some((format) => format !== 'github');
}

/**
 * Opens the run's record stream as the run starts, so records go to disk as they end (issue 14, flat
 * memory). Where its folder cannot be made, the run keeps its records in memory and the reports fail at the
 * end with the reason, as they did before streaming.
 */
export async function startRecordStream(
  workspace: Workspace,
  masker: Masker,
  raw: boolean,
): Promise<RecordStream | undefined> {
  try {
    return await openRecordStream({ reportsDir: workspace.config.reports.path, masker, raw });
  } catch {
    return undefined;
  }
}

/**
 * What the `github` report needs from the CLI: standard output for the annotations, `$GITHUB_STEP_SUMMARY`
 * for the job summary, and file paths relative to `GITHUB_WORKSPACE` when set, else to `root` (DECISIONS.md).
 */
export function githubReportOptions(cwd: string, root: string, io: CliIo): GithubReportOptions {
  const workspace = io.env.GITHUB_WORKSPACE;
  const base = workspace !== undefined && workspace !== '' ? workspace : root;
  return {
    out: io.stdout,
    summaryFile: io.env.GITHUB_STEP_SUMMARY,
    appendFile: (path, text) => appendFile(path, text, 'utf8'),
    filePath: (file) => pathFrom(base, cwd, file),
    onWarning: (message) => io.stderr.write(`warning: ${escapeControls(message)}\n`),
  };
}

/** The `github` report of a run, as a listener the masking boundary wraps like every other. */
export function githubListener(cwd: string, root: string, io: CliIo): RunListener {
  return createGithubReporter(githubReportOptions(cwd, root, io));
}

/**
 * After a run: reads its record stream back (when there is one), prints coverage, writes the report files
 * and the failure snapshots, and removes the stream once the reports are written. A
 * stream that cannot be read back (a full disk during the run) costs the report files, with a warning; the
 * failure snapshots are still written and the exit code still follows the checks (DECISIONS.md, Wave 2 /
 * Platform).
 */
export async function writeStreamedOutputs(
  run: ExecutedRun,
  streaming: RecordStream | undefined,
  options: {
    formats: ReportFormat[];
    raw: boolean;
    workspace: Workspace;
    testFile?: string;
    coverage: (run: RunResult) => ApiCoverage | undefined;
    showCoverage: (coverage: ApiCoverage) => void;
  },
  io: CliIo,
): Promise<void> {
  let stored: StoredResults | undefined;
  let results: FinishedResults = run;
  let formats = options.formats;
  let raw = options.raw;
  try {
    stored = await streaming?.finish();
    if (stored) {
      const storedRuns = { masked: stored.masked(run.raw), raw: stored.raw(run.raw) };
      results = {
        raw: run.raw,
        get masked() {
          return run.masked;
        },
        stored: storedRuns,
      };
    }
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    io.stderr.write(`warning: ${escapeControls(`cannot write reports: ${reason}`)}\n`);
    formats = [];
    raw = false;
  }
  try {
    const readable =
      stored === undefined && streaming !== undefined ? undefined : (results.stored?.masked ?? run.raw);
    const coverage = readable && options.coverage(readable);
    if (coverage) options.showCoverage(coverage);
    await writeRunOutputs(
      results,
      {
        formats,
        coverage,
        raw,
        workspace: options.workspace,
        testFile: options.testFile,
        now: new Date(),
      },
      io,
    );
  } finally {
    stored?.close();
    // Served, or of no use: the reports are written from it, or could not be (a full disk is freed).
    await streaming?.discard();
  }
}
