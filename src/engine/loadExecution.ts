import { createScenarioCookieJar } from '../http/index.js';
import { sectionSignal } from './interrupts.js';
import type { StepCounts } from './results.js';
import type { ScenarioExecution } from './runScenario.js';
import { runSections, type Sections } from './sections.js';
import type { EngineServices, RunSettings } from './services.js';
import { VariableStore } from './variables.js';

/** How one section of a load execution went: enough to count an iteration as an error or not. */
export interface SectionRun {
  counts: StepCounts;
  failed: boolean;
}

/**
 * One scenario execution run as load (DECISIONS.md, "Load"): `setup` once, the main steps as many times
 * as the load model asks, each iteration with its own copy of what setup saved (so concurrent iterations
 * never see each other's saves), then `teardown` once with setup's values.
 */
export interface LoadExecution {
  readonly name: string;
  setup(): Promise<SectionRun>;
  /** One iteration of the main steps, with `services` whose listener sees its step events (load metrics). */
  iteration(services: EngineServices): Promise<SectionRun>;
  teardown(): Promise<SectionRun>;
}

const NONE: readonly never[] = [];

export function prepareLoadExecution(
  execution: ScenarioExecution,
  settings: RunSettings,
  services: EngineServices,
): LoadExecution {
  const { scenario, displayName } = execution;
  // Read once: a planned scenario makes its steps afresh at every read (workspace/storedScenario.ts), and
  // a load run repeats the same steps thousands of times.
  const { setup, steps, teardown } = scenario;
  const store = new VariableStore(
    { ...settings.environment.variables, ...execution.data, accounts: settings.accounts },
    settings.variables,
  );
  const withCookies = settings.environment.cookies !== false;
  const run = async (sections: Sections, own: EngineServices, runStore: VariableStore) => {
    const outcome = await runSections(sections, {
      scenario: displayName,
      depth: 0,
      store: runStore,
      settings,
      services: own,
      useStack: [scenario.path ?? scenario.file],
      signal: sectionSignal(own.stop, 'steps'),
      // Each iteration is a new visitor: cookies from one never reach another (as k6 and Gatling do).
      ...(withCookies ? { cookies: createScenarioCookieJar() } : {}),
    });
    return { counts: outcome.counts, failed: outcome.counts.failed > 0 };
  };
  return {
    name: displayName,
    setup: () => run({ setup, steps: NONE, teardown: NONE }, services, store),
    iteration: (own) =>
      run(
        { setup: NONE, steps, teardown: NONE },
        own,
        new VariableStore(store.snapshot(), settings.variables),
      ),
    teardown: () => run({ setup: NONE, steps: NONE, teardown }, services, store),
  };
}
