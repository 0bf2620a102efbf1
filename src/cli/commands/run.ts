import { formatDiagnostic, RunnerError } from '../../diagnostics/errors.js';
import { escapeControls } from '../../diagnostics/terminalText.js';
import type { RunResult, RunStop } from '../../engine/index.js';
import { parsePinFlag, type ResolvedAddress } from '../../http/index.js';
import { CONSOLE_ONLY_MASK_FIELDS } from '../../masking/index.js';
import {
  computeCoverage,
  createConsoleReporter,
  createStyle,
  renderCoverageText,
} from '../../reporters/index.js';
import {
  executePlan,
  planErrors,
  planRun,
  type MaskedListener,
  type RunPlan,
  type RunRequest,
} from '../../session/index.js';
import { trackedCredentialWarnings } from '../../workspace/index.js';
import { buildInfo } from '../buildInfo.js';
import type { CliIo } from '../io.js';
import { wantsColor } from '../io.js';
import { parseCacheOptions } from '../parseCacheOptions.js';
import type { ParsedArgs } from '../parseArgs.js';
import { chooseShard } from '../shardOption.js';
import { listExecutions } from './listExecutions.js';
import {
  githubListener,
  reportFormats,
  startRecordStream,
  writeStreamedOutputs,
  writesReportFiles,
} from './runReports.js';
import { jobsOption, textOption, timeoutOption, toStepOption, variablesOption } from './runOptions.js';
import { EXIT } from '../exitCodes.js';

export async function execute(args: ParsedArgs, io: CliIo): Promise<number> {
  if (args.options.watch === true) {
    const { watchRuns } = await import('../watch/watchRuns.js');
    return watchRuns(args, io);
  }
  // From here a signal stops the run cleanly instead of ending the process (DECISIONS.md, Interrupts).
  const release = io.interrupts?.claim();
  try {
    return await runCommand(args, io);
  } finally {
    release?.();
  }
}

/** What `runner run` was asked to run: the same for one run and for each run of `--watch`. */
export function runRequest(args: ParsedArgs, io: CliIo): RunRequest {
  return {
    cwd: io.cwd,
    path: args.positionals[0],
    environment: textOption(args, 'env'),
    tags: (args.options.tag as string[] | undefined) ?? [],
    parseCache: parseCacheOptions(io),
    env: io.env,
    shard: chooseShard(textOption(args, 'shard'), io.env),
    grep: textOption(args, 'grep'),
    toStep: toStepOption(args),
    variables: variablesOption(args),
    http: { insecure: args.options.insecure === true, timeoutMs: timeoutOption(args) },
  };
}

/** `--resolve host:port:address`, repeatable; a later flag for the same host:port wins, as in curl. */
export function pinnedHosts(args: ParsedArgs): Record<string, ResolvedAddress> {
  const flags = (args.options.resolve as string[] | undefined) ?? [];
  const pins: Record<string, ResolvedAddress> = {};
  for (const flag of flags) {
    const parsed = parsePinFlag(flag);
    if ('error' in parsed) throw new RunnerError('cli.usage', `invalid --resolve: ${parsed.error}`);
    pins[parsed.key] = parsed.address;
  }
  return pins;
}

/** Prints the plan's problems (`file:line:col: ...`); false when it has errors and must not run. */
export function reportPlanProblems(plan: RunPlan, io: CliIo): boolean {
  const mask = (text: string) => plan.masker.maskText(text);
  for (const diagnostic of plan.diagnostics) io.stderr.write(mask(formatDiagnostic(diagnostic)) + '\n');
  const errors = planErrors(plan);
  if (errors.length === 0) return true;
  io.stderr.write(
    `${errors.length} ${errors.length === 1 ? 'problem' : 'problems'} found; nothing was run (see \`runner validate\`).\n`,
  );
  return false;
}

async function runCommand(args: ParsedArgs, io: CliIo): Promise<number> {
  pinnedHosts(args); // A malformed --resolve stops the command before anything is loaded (exit 2).
  const plan = await planRun(runRequest(args, io));
  if (!reportPlanProblems(plan, io)) return EXIT.unusable;
  if (plan.shard) {
    const { index, total, source, allFiles } = plan.shard;
    const line = `shard ${index}/${total} (${source ?? '--shard'}): ${plan.files.length} of ${allFiles} scenario files`;
    if (plan.scenarios.length === 0) {
      // DECISIONS.md: a shard with nothing to run is not a failure (more shards than files, or filters).
      io.stdout.write(`${line}; nothing to run in this shard\n`);
      return EXIT.passed;
    }
    if (args.options.quiet !== true) io.stdout.write(`${line}\n`);
  }
  if (args.options.list === true) {
    io.stdout.write(plan.masker.maskText(listExecutions(plan.scenarios)));
    return EXIT.passed;
  }
  // Asked of git while the run goes on; said after the summary, never delaying the first request.
  const tracked = trackedCredentialWarnings(plan.workspace);
  const run = await executeAndReport(plan, args, io, io.interrupts?.stop);
  for (const warning of await tracked)
    io.stderr.write(plan.masker.maskText(formatDiagnostic(warning)) + '\n');
  if (run.interrupted) return EXIT.interrupted;
  return run.status === 'passed' ? EXIT.passed : EXIT.failed;
}

/**
 * Runs a checked plan with the console reporter, then prints coverage and writes the reports. An
 * interrupted run still writes what it can; the caller turns the result into an exit code.
 */
export async function executeAndReport(
  plan: RunPlan,
  args: ParsedArgs,
  io: CliIo,
  stop: RunStop | undefined,
): Promise<RunResult> {
  const formats = reportFormats(args, plan.workspace.config.reports.formats ?? [], io.env);
  const wantsCoverage = args.options.coverage === true;
  if (wantsCoverage && plan.contract === undefined) {
    throw new RunnerError('cli.coverage', '`--coverage` needs an OpenAPI document to count against', {
      hint: 'add `openapi: <file>` to .runner/config.yaml (see docs/openapi.md)',
    });
  }
  const jobs = jobsOption(args, plan.workspace.config.run.jobs);
  const mask = (text: string) => plan.masker.maskText(text);
  const style = createStyle(wantsColor(io.stdout, io.env));
  const consoleReporter = createConsoleReporter({
    out: io.stdout,
    style,
    verbose: args.options.verbose === true,
    // A progress line only where someone watches: a terminal, never CI or a pipe (DECISIONS.md).
    live: io.stdout.isTTY && io.env.TERM !== 'dumb' && !io.env.CI,
    quiet: args.options.quiet === true,
    grouped: jobs > 1,
  });
  const listeners: MaskedListener[] = [
    { listener: consoleReporter, masker: plan.masker.withFields(CONSOLE_ONLY_MASK_FIELDS) },
  ];
  // The github report needs only the failed steps, which the run keeps at every depth (recordList.ts).
  if (formats.includes('github')) {
    listeners.push({
      listener: githubListener(plan.workspace.cwd, plan.workspace.root, io),
      masker: plan.masker,
    });
  }
  const raw = args.options['report-raw'] === true;
  const wantsFiles = writesReportFiles(formats, raw, wantsCoverage);
  const streaming = wantsFiles ? await startRecordStream(plan.workspace, plan.masker, raw) : undefined;
  const run = await executePlan(plan, {
    userAgent: `runner/${buildInfo.version}`,
    listeners,
    network: { processEnv: io.env, pinnedHosts: pinnedHosts(args) },
    // The console prints every record as it ends, and report files render from the record stream: keep
    // only what failure snapshots, the summary and the github report need (issue 14, flat memory).
    keep: streaming !== undefined || !wantsFiles ? 'failed' : 'all',
    ...(streaming ? { recordStream: (position: number) => streaming.forExecution(position) } : {}),
    onListenerError: (error, hook) => {
      const message = error instanceof Error ? error.message : String(error);
      io.stderr.write(escapeControls(mask(`error: a reporter failed in ${hook}: ${message}`)) + '\n');
    },
    stop,
    schedule: { jobs, bail: args.options.bail === true },
  }).catch(async (error: unknown) => {
    // A run that never started (a client key that does not open) leaves no stream behind.
    await streaming?.discard();
    throw error;
  });
  const writing = writeStreamedOutputs(
    run,
    streaming,
    {
      formats,
      raw,
      workspace: plan.workspace,
      testFile: plan.testFile,
      coverage: (results) =>
        wantsCoverage && plan.contract
          ? computeCoverage(plan.contract.document.display, plan.contract.documented(), results)
          : undefined,
      showCoverage: (coverage) => io.stdout.write(`\n${renderCoverageText(coverage, style)}`),
    },
    io,
  );
  if (run.raw.interrupted) {
    // Reports of what ran, if they can be written; the exit code says the run was interrupted either way.
    await writing.catch((error: unknown) => {
      io.stderr.write(
        escapeControls(mask(`error: ${error instanceof Error ? error.message : String(error)}`)) + '\n',
      );
    });
    return run.raw;
  }
  await writing;
  return run.raw;
}
