import type { Section, Step } from '../language/model.js';
import { interruptedReason, sectionSignal } from './interrupts.js';
import type { StepResult } from './results.js';
import type { StepContext } from './steps/context.js';
import { executeStep, skippedStep } from './steps/executeStep.js';

export interface Sections {
  setup: readonly Step[];
  steps: readonly Step[];
  teardown: readonly Step[];
}

export interface SectionsOutcome {
  results: StepResult[];
  /** An exhausted retry stopped the main steps; a composing step passes this on to its own scenario. */
  halted: boolean;
}

/**
 * SPEC's section state table, for a scenario and for a composed (`use`) one alike: setup halts at its first
 * failure and then the main steps are skipped; a failing main step does not stop the next, except an
 * exhausted retry, which halts them (DECISIONS.md); teardown always runs, every step of it. An interrupt
 * skips the setup and main steps left, and a second one the teardown steps left (DECISIONS.md, Interrupts).
 */
export async function runSections(
  sections: Sections,
  base: Omit<StepContext, 'section'>,
): Promise<SectionsOutcome> {
  const results: StepResult[] = [];
  let index = 0;
  let halted = false;
  const contextFor = (section: Section): StepContext => ({
    ...base,
    section,
    signal: sectionSignal(base.services.stop, section, base.signal),
  });

  const setup = contextFor('setup');
  let setupFailed = false;
  for (const step of sections.setup) {
    if (setup.signal.aborted) {
      results.push(skippedStep(step, index++, setup, interruptedReason('setup')));
    } else if (setupFailed) {
      results.push(skippedStep(step, index++, setup, 'an earlier setup step failed'));
    } else {
      const result = await executeStep(step, index++, setup);
      results.push(result);
      if (result.status === 'failed') setupFailed = true;
      if (result.haltsScenario) halted = true;
    }
  }

  const main = contextFor('steps');
  let haltedBy: string | undefined;
  for (const step of sections.steps) {
    if (main.signal.aborted) {
      results.push(skippedStep(step, index++, main, interruptedReason('steps')));
    } else if (setupFailed) {
      results.push(skippedStep(step, index++, main, 'setup failed'));
    } else if (haltedBy !== undefined) {
      results.push(skippedStep(step, index++, main, `the scenario halted: retries ran out at "${haltedBy}"`));
    } else {
      const result = await executeStep(step, index++, main);
      results.push(result);
      if (result.haltsScenario) {
        haltedBy = result.label;
        halted = true;
      }
    }
  }

  const teardown = contextFor('teardown');
  for (const step of sections.teardown) {
    results.push(
      teardown.signal.aborted
        ? skippedStep(step, index++, teardown, interruptedReason('teardown'))
        : await executeStep(step, index++, teardown),
    );
  }
  return { results, halted };
}
