import type { Scenario } from '../language/model.js';
import { interruptedReason } from './interrupts.js';
import { addCounts, countSteps, type RunResult, type ScenarioResult, type StepResult } from './results.js';
import { runScenario, type ScenarioExecution } from './runScenario.js';
import type { EngineServices, RunSettings } from './services.js';
import { skippedRecord } from './steps/executeStep.js';

/** DECISIONS.md: each `examples` map is one execution, named `<scenario> [<n>]` or by the map's `name` key. */
function expandExamples(scenario: Scenario): ScenarioExecution[] {
  if (!scenario.examples || scenario.examples.length === 0) return [{ scenario, displayName: scenario.name }];
  return scenario.examples.map((data, i) => ({
    scenario,
    data,
    displayName:
      typeof data.name === 'string' && data.name.length > 0 ? data.name : `${scenario.name} [${i + 1}]`,
  }));
}

/**
 * An execution an interrupt came before: in the reports with every step skipped, so they show what did not
 * run; no events, so the console does not list what never started.
 */
function notStarted(execution: ScenarioExecution, settings: RunSettings, startedAt: string): ScenarioResult {
  const { scenario } = execution;
  const reason = `${interruptedReason('steps')} before this scenario started`;
  const steps: StepResult[] = [];
  for (const section of ['setup', 'steps', 'teardown'] as const) {
    for (const step of scenario[section]) steps.push(skippedRecord(step, steps.length, section, reason));
  }
  return {
    name: execution.displayName,
    file: scenario.file,
    description: scenario.description,
    tags: scenario.tags,
    environment: settings.environment.name,
    status: 'passed',
    startedAt,
    durationMs: 0,
    steps,
    counts: countSteps(steps),
    variables: {},
    interrupted: 'before',
  };
}

/** Runs scenarios one after another (they share the HTTP connection pool) and reports the whole run. */
export async function runSuite(
  scenarios: readonly Scenario[],
  settings: RunSettings,
  services: EngineServices,
): Promise<RunResult> {
  const executions = scenarios.flatMap(expandExamples);
  const startedAt = services.clock.now().toISOString();
  const started = services.clock.monotonicMs();
  services.listener.onRunBegin?.({
    environment: settings.environment.name,
    scenarioCount: executions.length,
    startedAt,
  });

  const results: ScenarioResult[] = [];
  for (const execution of executions) {
    results.push(
      services.stop?.run.aborted
        ? notStarted(execution, settings, services.clock.now().toISOString())
        : await runScenario(execution, settings, services),
    );
  }

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
