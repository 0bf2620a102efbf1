/**
 * `runner run --watch` (DECISIONS.md, "Authoring"): a first run of everything, then a re-run of what each
 * saved change affects, worked out from the plan-time `use` graph (src/session/affectedScenarios.ts). Every
 * run plans afresh, so a file that fails to parse is shown as `file:line:col` and watching goes on. A thin
 * edge over the session API, like src/mcp: it only decides what to run and when.
 */
import { escapeControls } from '../../diagnostics/terminalText.js';
import { relative, resolve, sep } from 'node:path';
import { formatDiagnostic, RunnerError } from '../../diagnostics/errors.js';
import type { RunStop } from '../../engine/index.js';
import type { Scenario } from '../../language/model.js';
import { affectedScenarios, planRun, type RunPlan } from '../../session/index.js';
import { loadWorkspace, type Workspace } from '../../workspace/index.js';
import { executeAndReport, reportPlanProblems, runRequest } from '../commands/run.js';
import type { CliIo } from '../io.js';
import type { ParsedArgs } from '../parseArgs.js';
import { keyTrigger, TriggerQueue, type Trigger } from './watchTriggers.js';

const PROMPT = 'Watching for changes · Enter: run all · f: run failed · q: quit\n';

/** Everything a run reads, and what it writes (reports) left out, so a run never triggers itself. */
function watchedPaths(workspace: Workspace): { paths: string[]; ignored: (path: string) => boolean } {
  const { config, configFile, runnerDir } = workspace;
  const paths = [
    configFile,
    config.environments.path,
    `${runnerDir}${sep}credentials`,
    config.schemas.path,
    config.tests.path,
    ...(config.openapi === undefined ? [] : [resolve(config.openapi, '..')]),
  ];
  const skipped = [config.reports.path, config.reports.failures.path];
  const ignored = (path: string) =>
    skipped.some((dir) => path === dir || path.startsWith(dir + sep)) ||
    /[\\/](node_modules|\.git)([\\/]|$)/.test(path);
  return { paths: [...new Set(paths)], ignored };
}

/** The scenarios a trigger runs, and how the run is announced; undefined when there is nothing to run. */
function selection(
  trigger: Exclude<Trigger, { kind: 'quit' }>,
  plan: RunPlan,
  failed: ReadonlySet<string>,
  show: (path: string) => string,
): { scenarios: Scenario[]; why: string } | { nothing: string } {
  if (trigger.kind === 'all') return { scenarios: plan.scenarios, why: 'all scenarios' };
  if (trigger.kind === 'failed') {
    const scenarios = plan.scenarios.filter((scenario) => failed.has(scenario.file));
    return scenarios.length > 0
      ? { scenarios, why: 'failed scenarios' }
      : { nothing: 'no failed scenario to run' };
  }
  const changed = trigger.paths.map(show).join(', ');
  const affected = affectedScenarios(plan, trigger.paths);
  if (affected.all)
    return { scenarios: plan.scenarios, why: `${changed} changed (${affected.why}): all scenarios` };
  if (affected.scenarios.length === 0) return { nothing: `${changed} changed: no scenario uses it` };
  return { scenarios: affected.scenarios, why: `${changed} changed` };
}

/** One AbortSignal per run: `q` stops the run in flight; SIGTERM (via io.interrupts) stops it too. */
function runStop(io: CliIo, controller: AbortController): RunStop {
  const outside = io.interrupts?.stop;
  return {
    run: outside ? AbortSignal.any([controller.signal, outside.run]) : controller.signal,
    ...(outside?.teardown ? { teardown: outside.teardown } : {}),
  };
}

export async function watchRuns(args: ParsedArgs, io: CliIo): Promise<number> {
  const request = runRequest(args, io);
  const workspace = await loadWorkspace(io.cwd);
  const show = (path: string) => relative(io.cwd, path) || '.';
  const queue = new TriggerQueue();
  let inFlight: AbortController | undefined;

  const release = io.interrupts?.claim();
  io.interrupts?.stop.run.addEventListener('abort', () => queue.push({ kind: 'quit', code: 130 }));
  io.keys?.setRawMode(true);
  io.keys?.onData((chunk) => {
    for (const key of chunk) {
      const trigger = keyTrigger(key);
      if (trigger === undefined) continue;
      if (trigger.kind === 'quit') inFlight?.abort();
      queue.push(trigger);
    }
  });
  const { watch } = await import('./fileWatcher.js');
  const { paths, ignored } = watchedPaths(workspace);
  const watcher = watch(paths, { ignoreInitial: true, ignored, usePolling: false });
  watcher.on('all', (event, path) => {
    if (event === 'add' || event === 'change' || event === 'unlink') queue.fileChanged(resolve(path));
  });
  await new Promise<void>((ready) => watcher.once('ready', () => ready()));

  /** Scenario files (as reports name them) whose last run failed, for `f`. */
  const failed = new Set<string>();
  const cycle = async (trigger: Exclude<Trigger, { kind: 'quit' }>): Promise<void> => {
    let plan: RunPlan;
    try {
      plan = await planRun(request);
    } catch (error) {
      if (!(error instanceof RunnerError)) throw error;
      for (const diagnostic of error.diagnostics) io.stderr.write(formatDiagnostic(diagnostic) + '\n');
      return;
    }
    if (!reportPlanProblems(plan, io)) return;
    const chosen = selection(trigger, plan, failed, show);
    if ('nothing' in chosen) {
      io.stdout.write(`\n» ${escapeControls(chosen.nothing)}\n`);
      return;
    }
    const count = chosen.scenarios.length;
    io.stdout.write(
      `\n» ${escapeControls(chosen.why)} · running ${count} scenario${count === 1 ? '' : 's'}\n`,
    );
    inFlight = new AbortController();
    try {
      const run = await executeAndReport(
        { ...plan, scenarios: chosen.scenarios },
        args,
        io,
        runStop(io, inFlight),
      );
      if (trigger.kind === 'all') failed.clear();
      for (const scenario of run.scenarios) failed.delete(scenario.file);
      for (const scenario of run.scenarios) if (scenario.status === 'failed') failed.add(scenario.file);
    } catch (error) {
      if (!(error instanceof RunnerError)) throw error;
      for (const diagnostic of error.diagnostics) io.stderr.write(formatDiagnostic(diagnostic) + '\n');
    } finally {
      inFlight = undefined;
    }
  };

  try {
    let trigger: Trigger = { kind: 'all' };
    while (trigger.kind !== 'quit') {
      await cycle(trigger);
      io.stdout.write(`\n${PROMPT}`);
      trigger = await queue.next();
    }
    return trigger.code;
  } finally {
    queue.close();
    io.keys?.setRawMode(false);
    io.keys?.close();
    await watcher.close();
    release?.();
  }
}
