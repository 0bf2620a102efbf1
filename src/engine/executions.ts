import type { Scenario } from '../language/model.js';
import { interruptedReason } from './interrupts.js';
import { countSteps, type ScenarioResult, type StepResult } from './results.js';
import type { ScenarioExecution } from './runScenario.js';
import type { RunSettings } from './services.js';
import { skippedRecord } from './steps/executeStep.js';

/** DECISIONS.md: each `examples` map is one execution, named `<scenario> [<n>]` or by the map's `name` key. */
export function expandExamples(scenario: Scenario): ScenarioExecution[] {
  if (!scenario.examples || scenario.examples.length === 0) return [{ scenario, displayName: scenario.name }];
  return scenario.examples.map((data, i) => ({
    scenario,
    data,
    displayName:
      typeof data.name === 'string' && data.name.length > 0 ? data.name : `${scenario.name} [${i + 1}]`,
  }));
}

/** Why an execution never started: an interrupt came first, or `--bail` stopped scheduling after a failure. */
export type NotStartedCause = 'interrupt' | 'bail';

const REASONS: Record<NotStartedCause, string> = {
  interrupt: `${interruptedReason('steps')} before this scenario started`,
  bail: 'not run: --bail stopped the run after a failed scenario',
};

/**
 * An execution that never started: in the reports with every step skipped, so they show what did not run;
 * no events, so the console does not list what never started.
 */
export function notStarted(
  execution: ScenarioExecution,
  settings: RunSettings,
  startedAt: string,
  cause: NotStartedCause,
): ScenarioResult {
  const { scenario } = execution;
  const steps: StepResult[] = [];
  for (const section of ['setup', 'steps', 'teardown'] as const) {
    for (const step of scenario[section])
      steps.push(skippedRecord(step, steps.length, section, REASONS[cause]));
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
    ...(cause === 'interrupt' ? { interrupted: 'before' as const } : { notRun: 'bail' as const }),
  };
}
