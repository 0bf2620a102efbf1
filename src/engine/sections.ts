import type { Section, Step } from '../language/model.js';
import { interruptedReason, sectionSignal } from './interrupts.js';
import { recordList } from './recordList.js';
import type { StepCounts, StepResult } from './results.js';
import type { StepContext } from './steps/context.js';
import { executeStep, skippedStep } from './steps/executeStep.js';

export interface Sections {
  setup: readonly Step[];
  steps: readonly Step[];
  teardown: readonly Step[];
}

export interface SectionsOutcome {
  /** The records kept (see recordList: all of them unless the run keeps only failures). */
  results: StepResult[];
  /** Every step's outcome, kept or not. */
  counts: StepCounts;
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
  const results = recordList(base.services.keep);
  let index = 0;
  const contextFor = (section: Section): StepContext => ({
    ...base,
    section,
    signal: sectionSignal(base.services.stop, section, base.signal),
  });

  const setup = contextFor('setup');
  let setupFailed = false;
  for (const step of sections.setup) {
    if (setup.signal.aborted) {
      results.add(skippedStep(step, index++, setup, interruptedReason('setup')));
    } else if (setupFailed) {
      results.add(skippedStep(step, index++, setup, 'an earlier setup step failed'));
    } else {
      const result = await executeStep(step, index++, setup);
      results.add(result);
      if (result.status === 'failed') setupFailed = true;
    }
  }

  const main = contextFor('steps');
  let haltedBy: string | undefined;
  for (const step of sections.steps) {
    if (main.signal.aborted) {
      results.add(skippedStep(step, index++, main, interruptedReason('steps')));
    } else if (setupFailed) {
      results.add(skippedStep(step, index++, main, 'setup failed'));
    } else if (haltedBy !== undefined) {
      results.add(skippedStep(step, index++, main, `the scenario halted: retries ran out at "${haltedBy}"`));
    } else {
      const result = await executeStep(step, index++, main);
      results.add(result);
      if (result.haltsScenario) haltedBy = result.label;
    }
  }

  const teardown = contextFor('teardown');
  for (const step of sections.teardown) {
    results.add(
      teardown.signal.aborted
        ? skippedStep(step, index++, teardown, interruptedReason('teardown'))
        : await executeStep(step, index++, teardown),
    );
  }
  return { results: results.kept, counts: results.counts, halted: results.halted };
}
