import type { StepResult } from '../../engine/index.js';
import { formatDuration } from '../durations.js';

/** Why a step failed: a matcher said no, `timing.max` was exceeded, or something else went wrong. */
export type FailureKind = 'assertion' | 'timing' | 'error';

export interface StepFailure {
  kind: FailureKind;
  text: string;
}

/** A step's own failures in the order the console prints them: assertions, then timing, then the error. */
export function ownFailures(step: StepResult): StepFailure[] {
  const failures: StepFailure[] = step.assertions
    .filter((assertion) => !assertion.passed)
    .map((assertion) => ({ kind: 'assertion', text: assertion.message }));
  if (step.timing && !step.timing.passed) {
    const { actualMs, maxMs } = step.timing;
    failures.push({
      kind: 'timing',
      text: `latency ${formatDuration(actualMs)} exceeds timing.max ${formatDuration(maxMs)}`,
    });
  }
  if (step.error !== undefined) failures.push({ kind: 'error', text: step.error });
  return failures;
}

/**
 * The one failure that explains a failed step best, for a JUnit message or a snapshot's `error`. A check the
 * step made itself comes first; after an exhausted retry that is the assertion, not "failed after 3 attempts".
 * A loop or `use` step only says "a step failed", so the first failed nested step speaks for it, named by the
 * labels that lead to it. The step's own error comes last.
 */
export function firstFailure(step: StepResult): StepFailure | undefined {
  const own = ownFailures(step);
  const check = own.find((failure) => failure.kind !== 'error');
  if (check) return check;
  for (const child of step.children ?? []) {
    if (child.status !== 'failed') continue;
    const nested = firstFailure(child);
    if (nested) return { kind: nested.kind, text: `${child.label} › ${nested.text}` };
  }
  return own[0];
}
