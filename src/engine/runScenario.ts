import type { Scenario, Section, Step } from '../language/model.js';
import { countSteps, type ScenarioResult, type StepResult } from './results.js';
import type { EngineServices, RunSettings } from './services.js';
import type { StepContext } from './steps/context.js';
import { executeStep, skippedStep } from './steps/executeStep.js';
import { VariableStore } from './variables.js';

export interface ScenarioExecution {
  scenario: Scenario;
  /** The name shown in output; differs from `scenario.name` for `examples` data sets. */
  displayName: string;
  /** The `examples` data set of this execution, if any. */
  data?: Record<string, unknown>;
}

/**
 * One scenario execution through SPEC's section state table: setup (a failure halts it and skips the main
 * steps), steps (a failure does not stop the next), teardown (always runs).
 */
export async function runScenario(
  execution: ScenarioExecution,
  settings: RunSettings,
  services: EngineServices,
): Promise<ScenarioResult> {
  const { scenario, displayName } = execution;
  const startedAt = services.clock.now().toISOString();
  const started = services.clock.monotonicMs();
  services.listener.onScenarioBegin?.({
    name: displayName,
    file: scenario.file,
    description: scenario.description,
  });

  const store = new VariableStore({
    ...settings.environment.variables,
    ...execution.data,
    accounts: settings.accounts,
  });
  const results: StepResult[] = [];
  let index = 0;
  const contextFor = (section: Section): StepContext => ({
    scenario: displayName,
    section,
    depth: 0,
    store,
    settings,
    services,
  });

  const runSection = async (
    section: Section,
    steps: readonly Step[],
    stopOnFailure: boolean,
  ): Promise<boolean> => {
    const context = contextFor(section);
    let failed = false;
    for (const step of steps) {
      if (failed && stopOnFailure) {
        results.push(skippedStep(step, index++, context, `an earlier ${section} step failed`));
        continue;
      }
      const result = await executeStep(step, index++, context);
      results.push(result);
      if (result.status === 'failed') failed = true;
    }
    return !failed;
  };

  const setupPassed = await runSection('setup', scenario.setup, true);
  if (setupPassed) {
    await runSection('steps', scenario.steps, false);
  } else {
    const context = contextFor('steps');
    for (const step of scenario.steps) results.push(skippedStep(step, index++, context, 'setup failed'));
  }
  await runSection('teardown', scenario.teardown, false);

  const counts = countSteps(results);
  const result: ScenarioResult = {
    name: displayName,
    file: scenario.file,
    description: scenario.description,
    tags: scenario.tags,
    environment: settings.environment.name,
    status: counts.failed > 0 ? 'failed' : 'passed',
    startedAt,
    durationMs: services.clock.monotonicMs() - started,
    steps: results,
    counts,
    variables: store.snapshot(),
  };
  services.listener.onScenarioEnd?.(result);
  return result;
}
