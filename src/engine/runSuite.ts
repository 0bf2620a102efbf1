import type { Scenario } from '../language/model.js';
import { expandExamples, notStarted } from './executions.js';
import { groupScenarioEvents } from './groupedEvents.js';
import { addCounts, countSteps, type RunResult, type ScenarioResult } from './results.js';
import { runScenario, type ScenarioExecution } from './runScenario.js';
import type { RunListener } from './events.js';
import type { EngineServices, RunSettings } from './services.js';

/** How a run schedules its scenario executions (DECISIONS.md, "Running at scale"). */
export interface SuiteOptions {
  /** `--jobs`: how many executions may run at once (1: one after another, events streamed live). */
  jobs: number;
  /** `--bail`: once an execution has failed, start no more (those running finish). */
  bail: boolean;
}

const ONE_AT_A_TIME: SuiteOptions = { jobs: 1, bail: false };

/** Two listeners as one, `first` told first. */
function bothListeners(first: RunListener, second: RunListener): RunListener {
  return {
    onScenarioBegin(event) {
      first.onScenarioBegin?.(event);
      second.onScenarioBegin?.(event);
    },
    onStepBegin(event) {
      first.onStepBegin?.(event);
      second.onStepBegin?.(event);
    },
    onStepEnd(event) {
      first.onStepEnd?.(event);
      second.onStepEnd?.(event);
    },
    onScenarioEnd(result) {
      first.onScenarioEnd?.(result);
      second.onScenarioEnd?.(result);
    },
  };
}

/** Runs `run` on each index with at most `limit` of them in flight, starting them in the order given. */
async function pool(
  indexes: readonly number[],
  limit: number,
  run: (index: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < indexes.length) await run(indexes[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, indexes.length) }, worker));
}

/**
 * Runs every execution (files and `examples` rows) over shared services (one HTTP connection pool), up to
 * `jobs` at a time; `parallel: false` files run alone after the others. The run's scenarios are in plan order
 * (file path, then example index) whatever order they finished in.
 */
export async function runSuite(
  scenarios: readonly Scenario[],
  settings: RunSettings,
  services: EngineServices,
  options: SuiteOptions = ONE_AT_A_TIME,
): Promise<RunResult> {
  const executions = scenarios.flatMap(expandExamples);
  const startedAt = services.clock.now().toISOString();
  const started = services.clock.monotonicMs();
  services.listener.onRunBegin?.({
    environment: settings.environment.name,
    scenarioCount: executions.length,
    startedAt,
  });

  const results: ScenarioResult[] = new Array<ScenarioResult>(executions.length);
  let bailed = false;
  const alone = (index: number) => executions[index]!.scenario.parallel === false;
  // With one job events stream as they happen; with more, each execution's are passed on as one block. An
  // execution listener sees its execution's events as they happen either way.
  const servicesFor = (position: number): EngineServices => {
    // `parallel: false` executions run alone, so theirs stream as they happen too.
    const grouped = options.jobs > 1 && !alone(position);
    const shared = grouped ? groupScenarioEvents(services.listener) : services.listener;
    const own = services.executionListener?.(position);
    return { ...services, listener: own ? bothListeners(own, shared) : shared };
  };
  const runOne = async (index: number) => {
    const execution: ScenarioExecution = executions[index]!;
    const now = () => services.clock.now().toISOString();
    if (services.stop?.run.aborted) results[index] = notStarted(execution, settings, now(), 'interrupt');
    else if (bailed) results[index] = notStarted(execution, settings, now(), 'bail');
    else {
      const result = await runScenario(execution, settings, servicesFor(index));
      results[index] = result;
      if (options.bail && result.status === 'failed') bailed = true;
    }
  };
  const indexes = executions.map((_, index) => index);
  await pool(
    indexes.filter((index) => !alone(index)),
    Math.max(1, options.jobs),
    runOne,
  );
  await pool(indexes.filter(alone), 1, runOne);

  const counts = results.reduce((sum, scenario) => addCounts(sum, scenario.counts), countSteps([]));
  const run: RunResult = {
    environment: settings.environment.name,
    status: results.some((scenario) => scenario.status === 'failed') ? 'failed' : 'passed',
    startedAt,
    durationMs: services.clock.monotonicMs() - started,
    scenarios: results,
    counts,
    ...(services.stop?.run.aborted ? { interrupted: true as const } : {}),
  };
  await services.listener.onRunEnd?.(run);
  return run;
}
