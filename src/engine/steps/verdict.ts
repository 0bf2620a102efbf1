import { extractSaves, type AssertionResult, type Subject } from '../../assertions/index.js';
import type { Step } from '../../language/model.js';
import type { TimingCheck } from '../results.js';
import type { StepContext, StepOutcome } from './context.js';
import { storeSaves } from './saves.js';

/**
 * The end of a step that got an answer (an HTTP response, a cache reply): the `timing.max` budget, the
 * verdict, then `save`, only when everything passed (SPEC phase 7).
 */
export function stepVerdict(
  step: Step,
  context: StepContext,
  subject: Subject,
  assertions: AssertionResult[],
  elapsedMs: number,
): StepOutcome {
  const timing: TimingCheck | undefined =
    step.timingMaxMs === undefined
      ? undefined
      : { maxMs: step.timingMaxMs, actualMs: elapsedMs, passed: elapsedMs <= step.timingMaxMs };
  const passed = assertions.every((assertion) => assertion.passed) && (timing?.passed ?? true);
  const outcome: StepOutcome = { status: passed ? 'passed' : 'failed', assertions, timing };
  if (passed && step.save.length > 0) {
    const saves = extractSaves(step.save, subject);
    storeSaves(step.save, saves.values, context);
    outcome.saved = saves.values;
    outcome.warnings = saves.warnings;
  }
  return outcome;
}
