import { relative, resolve } from 'node:path';
import { didYouMeanHint } from '../../diagnostics/didYouMean.js';
import { RunnerError } from '../../diagnostics/errors.js';
import { escapeControls } from '../../diagnostics/terminalText.js';
import {
  createResultMasker,
  mergeCoverage,
  mergeReports,
  readCoverageInput,
  readReportInput,
  writeGithubReport,
  writeMergedReports,
} from '../../reporters/index.js';
import { createMergeMasker } from '../../session/index.js';
import { displayPath, pathFrom } from '../../workspace/displayPath.js';
import { findWorkspaceRoot } from '../../workspace/index.js';
import { buildInfo } from '../buildInfo.js';
import { EXIT } from '../exitCodes.js';
import type { CliIo } from '../io.js';
import type { ParsedArgs } from '../parseArgs.js';
import { githubReportOptions, reportFormats } from './runReports.js';

const ACTIONS = ['merge'] as const;

/** Without `--report`, a merge writes the JSON report: the form that merges again. */
const DEFAULT_FORMATS = ['json'] as const;

function usage(message: string, hint = 'see `runner report --help`'): RunnerError {
  return new RunnerError('cli.usage', message, { hint });
}

/** `runner report merge <run-dir|report.json>... --out <dir> [--report <formats>]` (DECISIONS.md). */
export async function execute(args: ParsedArgs, io: CliIo): Promise<number> {
  const [action, ...inputs] = args.positionals;
  if (action === undefined) throw usage('`runner report` needs an action: merge');
  if (action !== 'merge') {
    throw usage(
      `unknown action \`${action}\` for \`runner report\``,
      didYouMeanHint(action, ACTIONS) ?? 'the action is `merge`',
    );
  }
  if (inputs.length === 0)
    throw usage('`runner report merge` needs at least one run directory, report.json or load.json');
  const out = args.options.out;
  if (typeof out !== 'string' || out === '') throw usage('`runner report merge` needs --out <dir>');
  // load.json files (runner load --shard) merge as load: histograms add (DECISIONS.md, "Load").
  const { loadReportPath, mergeLoadReports } = await import('./mergeLoad.js');
  const loadPaths = await Promise.all(inputs.map((input) => loadReportPath(resolve(io.cwd, input))));
  if (loadPaths.every((path) => path !== undefined)) return mergeLoadReports(loadPaths, out, io);
  if (loadPaths.some((path) => path !== undefined)) {
    throw usage('`runner report merge` takes run reports or load.json files, not both at once');
  }
  const formats = reportFormats(args, DEFAULT_FORMATS, io.env);

  const show = (path: string) => displayPath(io.cwd, path);
  const reports = [];
  const coverages = [];
  for (const input of inputs) {
    const path = resolve(io.cwd, input);
    reports.push(await readReportInput(path, show));
    // Shards run with --coverage leave coverage.json beside their report: the union is the run's coverage.
    const coverage = await readCoverageInput(path, show);
    if (coverage) coverages.push(coverage);
  }
  // Every output passes the masking boundary a run's passes: a `--report-raw` input is raw (issue 28).
  const masker = await createMergeMasker(reports, io.cwd, io.env);
  const run = createResultMasker(masker).run(mergeReports(reports));
  const coverage = coverages.length > 0 ? mergeCoverage(coverages) : undefined;

  const root = (await findWorkspaceRoot(io.cwd)) ?? io.cwd;
  const outDir = resolve(io.cwd, out);
  // A report that cannot be written is exit 2 naming the file: writing them is what a merge is for.
  const written = await writeMergedReports(
    run,
    outDir,
    {
      formats,
      version: buildInfo.version,
      generatedAt: new Date().toISOString(),
      projectPath: (file) => pathFrom(root, io.cwd, file),
      ...(coverage ? { coverage } : {}),
    },
    show,
  );

  const { passed, failed, skipped, total } = run.counts;
  const executions = run.scenarios.length;
  io.stdout.write(
    `Merged ${reports.length} ${reports.length === 1 ? 'report' : 'reports'}: ${executions} ` +
      `${executions === 1 ? 'scenario' : 'scenarios'}, ${total} steps: ${passed} passed, ${failed} failed, ${skipped} skipped` +
      `${run.interrupted ? ' (a shard was interrupted)' : ''}\n`,
  );
  if (written.length > 0) {
    io.stdout.write(
      `Reports: ${escapeControls(written.map((name) => relative(io.cwd, resolve(outDir, name))).join(', '))}\n`,
    );
  }
  if (formats.includes('github')) await writeGithubReport(run, githubReportOptions(io.cwd, root, io));
  // An interrupted shard did not run everything, so the merged run cannot say that all passed.
  return run.status === 'failed' || run.interrupted ? EXIT.failed : EXIT.passed;
}
