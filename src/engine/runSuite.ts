import type { Scenario } from '../language/model.js';
import { addCounts, countSteps, type RunResult, type ScenarioResult } from './results.js';
import { runScenario, type ScenarioExecution } from './runScenario.js';
import type { EngineServices, RunSettings } from './services.js';

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
  for (const execution of executions) results.push(await runScenario(execution, settings, services));

  const counts = results.reduce((sum, scenario) => addCounts(sum, scenario.counts), countSteps([]));
  const run: RunResult = {
    environment: settings.environment.name,
    status: results.some((scenario) => scenario.status === 'failed') ? 'failed' : 'passed',
    startedAt,
    durationMs: services.clock.monotonicMs() - started,
    scenarios: results,
    counts,
  };
  await services.listener.onRunEnd?.(run);
  return run;
}
