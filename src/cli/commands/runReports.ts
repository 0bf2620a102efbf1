import { relative, sep } from 'node:path';
import { didYouMeanHint } from '../../diagnostics/didYouMean.js';
import { RunnerError } from '../../diagnostics/errors.js';
import { escapeControls } from '../../diagnostics/terminalText.js';
import {
  REPORT_FORMATS,
  writeReportOutputs,
  type ApiCoverage,
  type FinishedResults,
  type ReportFormat,
} from '../../reporters/index.js';
import type { Workspace } from '../../workspace/index.js';
import { buildInfo } from '../buildInfo.js';
import type { CliIo } from '../io.js';
import type { ParsedArgs } from '../parseArgs.js';

/** `--report html,json` (overrides `reports.format` in config.yaml, SPEC: Flag behavior). */
export function reportFormats(args: ParsedArgs, workspace: Workspace): ReportFormat[] {
  const given = args.options.report;
  if (typeof given !== 'string') return [...(workspace.config.reports.formats ?? [])];
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
export async function writeRunOutputs(
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
    ...(options.coverage ? { coverage: options.coverage } : {}),
  });
  for (const problem of written.problems) {
    // File system messages quote absolute paths; the project's own are shown relative to it.
    const text = problem.split(`${cwd}${sep}`).join('');
    io.stderr.write(`warning: ${escapeControls(text)}\n`);
  }
  if (written.reportDir && written.latestDir) {
    io.stdout.write(
      `Reports: ${written.files.map((file) => show(`${written.latestDir}/${file}`)).join(', ')}\n`,
    );
  }
  if (written.snapshots.length > 0) {
    const count = written.snapshots.length;
    io.stdout.write(`Failure snapshots: ${count} in ${show(config.reports.failures.path)}\n`);
  }
}
