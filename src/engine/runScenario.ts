import { createScenarioCookieJar } from '../http/index.js';
import type { Scenario } from '../language/model.js';
import { sectionSignal } from './interrupts.js';
import type { ScenarioResult } from './results.js';
import { runSections } from './sections.js';
import type { EngineServices, RunSettings } from './services.js';
import { VariableStore } from './variables.js';

export interface ScenarioExecution {
  scenario: Scenario;
  /** The name shown in output; differs from `scenario.name` for `examples` data sets. */
  displayName: string;
  /** The `examples` data set of this execution, if any. */
  data?: Record<string, unknown>;
}

/** One scenario execution: its variables, its sections (see runSections) and the record reporters see. */
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

  const store = new VariableStore(
    { ...settings.environment.variables, ...execution.data, accounts: settings.accounts },
    settings.variables,
  );
  const { results, counts } = await runSections(scenario, {
    scenario: displayName,
    depth: 0,
    store,
    settings,
    services,
    useStack: [scenario.path ?? scenario.file],
    signal: sectionSignal(services.stop, 'steps'),
    // DECISIONS, "HTTP": one jar per scenario execution, so example rows never share a session.
    ...(settings.environment.cookies === false ? {} : { cookies: createScenarioCookieJar() }),
  });

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
    ...(services.stop?.run.aborted ? { interrupted: 'during' as const } : {}),
  };
  services.listener.onScenarioEnd?.(result);
  return result;
}
