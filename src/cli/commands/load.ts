import { RunnerError } from '../../diagnostics/errors.js';
import { escapeControls } from '../../diagnostics/terminalText.js';
import {
  buildLoadReport,
  evaluateThresholds,
  liveLine,
  loadDataOf,
  LoadMetrics,
  parseThreshold,
  renderLoadHtml,
  runLoad,
  summaryTable,
  createLatencyHistogram,
  type LoadModel,
  type LoadSettings,
  type Threshold,
} from '../../load/index.js';
import {
  LoadOptionError,
  parseLoadDuration,
  parseRate,
  parseWhole,
  shardModel,
} from '../../load/loadOptions.js';
import { createStyle, writeRunReports } from '../../reporters/index.js';
import { planRun, type RunPlan } from '../../session/index.js';
import { displayPath } from '../../workspace/displayPath.js';
import { buildInfo } from '../buildInfo.js';
import { EXIT } from '../exitCodes.js';
import { wantsColor, type CliIo } from '../io.js';
import type { ParsedArgs } from '../parseArgs.js';
import { chooseShard } from '../shardOption.js';
import { pinnedHosts, reportPlanProblems, runRequest } from './run.js';
import { textOption } from './runOptions.js';

/** More virtual users or in-flight iterations than this is a typo, not a plan. */
const MAX_USERS = 10_000;
const DEFAULT_DURATION = '10s';
const DEFAULT_MAX_IN_FLIGHT = 1000;
/** On a terminal the live line is redrawn this often; in CI a plain line is printed every CI_EVERY_MS. */
const TICK_MS = 500;
const CI_EVERY_MS = 5_000;

function usage(error: LoadOptionError | string, hint = 'see `runner load --help`'): RunnerError {
  return error instanceof LoadOptionError
    ? new RunnerError('cli.usage', error.message, { hint: error.hint })
    : new RunnerError('cli.usage', error, { hint });
}

interface LoadFlags {
  model: LoadModel;
  durationMs: number;
  rampMs: number;
  thresholds: Threshold[];
}

function loadFlags(args: ParsedArgs): LoadFlags {
  const vus = textOption(args, 'vus');
  const rate = textOption(args, 'rate');
  if (vus !== undefined && rate !== undefined) {
    throw usage('use --vus (closed model) or --rate (open model), not both');
  }
  const maxInFlight = textOption(args, 'max-vus');
  if (maxInFlight !== undefined && rate === undefined) throw usage('--max-vus goes with --rate (open model)');
  const model: LoadModel =
    rate !== undefined
      ? {
          kind: 'open',
          perSecond: parseRate(rate),
          maxInFlight:
            maxInFlight === undefined
              ? DEFAULT_MAX_IN_FLIGHT
              : parseWhole(maxInFlight, '--max-vus', MAX_USERS),
        }
      : { kind: 'closed', vus: vus === undefined ? 1 : parseWhole(vus, '--vus', MAX_USERS) };
  const durationMs = parseLoadDuration(textOption(args, 'duration') ?? DEFAULT_DURATION, '--duration', false);
  const rampText = textOption(args, 'ramp');
  const rampMs = rampText === undefined ? 0 : parseLoadDuration(rampText, '--ramp', true);
  if (rampMs > durationMs) throw usage(`--ramp (${rampText}) is longer than --duration`);
  const thresholds = ((args.options.threshold as string[] | undefined) ?? []).map((text) => {
    const parsed = parseThreshold(text);
    if ('error' in parsed)
      throw usage(`invalid --threshold \`${text}\`: ${parsed.error}`, 'see docs/load.md, Thresholds');
    return parsed;
  });
  return { model, durationMs, rampMs, thresholds };
}

export async function execute(args: ParsedArgs, io: CliIo): Promise<number> {
  let flags: LoadFlags;
  try {
    flags = loadFlags(args);
  } catch (error) {
    if (error instanceof LoadOptionError) throw usage(error);
    throw error;
  }
  const shard = chooseShard(textOption(args, 'shard'), io.env);
  pinnedHosts(args); // A malformed --resolve stops the command before anything is loaded (exit 2).
  // The shard splits the load, not the files: every shard runs every scenario.
  const plan = await planRun({ ...runRequest(args, io), shard: undefined });
  if (!reportPlanProblems(plan, io)) return EXIT.unusable;
  if (plan.scenarios.length === 0) {
    io.stderr.write('no scenario to run as load (check the path, --tag and --grep)\n');
    return EXIT.unusable;
  }
  const model = shard ? shardModel(flags.model, shard.index, shard.total) : flags.model;
  if (model === undefined) {
    io.stdout.write(
      `shard ${shard!.index}/${shard!.total}: no virtual user falls to this shard; nothing to run\n`,
    );
    return EXIT.passed;
  }
  const release = io.interrupts?.claim();
  try {
    return await loadCommand(plan, { ...flags, model }, shard, args, io);
  } finally {
    release?.();
  }
}

function describeModel(model: LoadModel): string {
  return model.kind === 'closed'
    ? `${model.vus} virtual ${model.vus === 1 ? 'user' : 'users'}`
    : `${Number(model.perSecond.toFixed(3))} iterations/s (at most ${model.maxInFlight} at once)`;
}

async function loadCommand(
  plan: RunPlan,
  flags: LoadFlags,
  shard: ReturnType<typeof chooseShard>,
  args: ParsedArgs,
  io: CliIo,
): Promise<number> {
  const style = createStyle(wantsColor(io.stdout, io.env));
  const mask = (text: string) => plan.masker.maskText(text);
  const live = io.stdout.isTTY && io.env.TERM !== 'dumb' && !io.env.CI;
  const executions = plan.scenarios.length;
  io.stdout.write(
    `runner load · environment ${plan.environment.name} · ${executions} ${executions === 1 ? 'scenario' : 'scenarios'} · ` +
      `${describeModel(flags.model)} for ${flags.durationMs / 1000}s` +
      (flags.rampMs > 0 ? `, ramp ${flags.rampMs / 1000}s` : '') +
      (shard ? ` · shard ${shard.index}/${shard.total}` : '') +
      '\n',
  );
  const metrics = new LoadMetrics(() => performance.now(), mask);
  let timer: NodeJS.Timeout | undefined;
  let lastRequests = 0;
  let lastAt = 0;
  let lastPrinted = 0;
  const tick = () => {
    const elapsedMs = metrics.elapsedMs();
    const interval = Math.max(1, elapsedMs - lastAt) / 1000;
    const rate = (metrics.requests - lastRequests) / interval;
    lastRequests = metrics.requests;
    lastAt = elapsedMs;
    const line = liveLine({
      elapsedMs: Math.min(elapsedMs, flags.durationMs),
      durationMs: flags.durationMs,
      iterations: metrics.iterations,
      requests: metrics.requests,
      rate,
      p50: metrics.latency.percentile(50),
      p95: metrics.latency.percentile(95),
      p99: metrics.latency.percentile(99),
      errors: metrics.failedIterations,
      dropped: metrics.dropped,
    });
    if (live) io.stdout.write(`\r\x1b[2K${line}`);
    else if (elapsedMs - lastPrinted >= CI_EVERY_MS - TICK_MS / 2) {
      lastPrinted = elapsedMs;
      io.stdout.write(`${line}\n`);
    }
  };
  const outcome = await runLoad(
    {
      plan,
      shape: { model: flags.model, durationMs: flags.durationMs, rampMs: flags.rampMs },
      userAgent: `runner/${buildInfo.version}`,
      network: { processEnv: io.env, pinnedHosts: pinnedHosts(args) },
      ...(io.interrupts?.stop ? { stop: io.interrupts.stop } : {}),
      onLoadStart: () => {
        timer = setInterval(tick, TICK_MS);
      },
    },
    metrics,
  ).finally(() => {
    clearInterval(timer);
    if (live && timer !== undefined) io.stdout.write('\r\x1b[2K');
  });
  for (const failure of outcome.failures) {
    io.stdout.write(style.red(`✗ ${failure.section}: ${escapeControls(failure.text)}`) + '\n');
  }
  if (!outcome.ran) {
    if (outcome.interrupted) return EXIT.interrupted;
    io.stderr.write('setup failed: no load was run (teardown ran)\n');
    return EXIT.failed;
  }

  const data = loadDataOf(metrics, outcome.loadMs);
  const verdicts = evaluateThresholds(data, flags.thresholds);
  const settings: LoadSettings = {
    model: flags.model.kind,
    ...(flags.model.kind === 'closed'
      ? { vus: flags.model.vus }
      : { rate: Number(flags.model.perSecond.toFixed(6)) }),
    duration_ms: flags.durationMs,
    ramp_ms: flags.rampMs,
    ...(shard ? { shard: `${shard.index}/${shard.total}` } : {}),
  };
  const generatedAt = new Date().toISOString();
  const report = buildLoadReport(
    data,
    { version: buildInfo.version, generatedAt, environment: plan.environment.name, load: settings },
    verdicts,
  );
  io.stdout.write('\n' + summaryTable(report, verdicts, style));
  await writeLoadFiles(report, data, plan, io, generatedAt);
  if (outcome.interrupted) return EXIT.interrupted;
  return verdicts.every((verdict) => verdict.passed) ? EXIT.passed : EXIT.failed;
}

/** load.json and load.html in a new run directory under the reports path, mirrored to `latest/`. */
async function writeLoadFiles(
  report: ReturnType<typeof buildLoadReport>,
  data: ReturnType<typeof loadDataOf>,
  plan: RunPlan,
  io: CliIo,
  startedAt: string,
): Promise<void> {
  const all = createLatencyHistogram();
  for (const step of data.steps.values()) all.add(step.latency);
  const config = plan.workspace.config.reports;
  try {
    const written = await writeRunReports({
      reportsDir: config.path,
      startedAt,
      archive: config.archive,
      retention: config.retention,
      files: [
        { name: 'load.json', content: JSON.stringify(report, null, 2) + '\n' },
        { name: 'load.html', content: renderLoadHtml(report, all) },
      ],
    });
    const show = (file: string) => displayPath(io.cwd, `${written.latest}/${file}`);
    io.stdout.write(`Reports: ${show('load.json')}, ${show('load.html')}\n`);
  } catch (error) {
    // DECISIONS.md, Platform: a report that cannot be written is a warning; the exit code follows the checks.
    const reason = error instanceof Error ? error.message : String(error);
    io.stderr.write(`warning: cannot write load.json and load.html: ${escapeControls(reason)}\n`);
  }
}
