import type { Step, StepKind } from '../../language/model.js';
import type { StepResult } from '../results.js';
import type { StepContext } from './context.js';
import { executeStep, skippedStep } from './executeStep.js';

/**
 * One pass of a loop over its nested steps, recorded as a step labelled `repeat 2/5` or `for_each 3/10`
 * (SPEC, Loop rules) with the nested results as children. A failing nested step ends the pass at once; the
 * steps after it are recorded as skipped.
 */
export async function runPass(
  steps: readonly Step[],
  context: StepContext,
  header: { kind: StepKind; label: string; index: number; loc: StepResult['loc'] },
): Promise<StepResult> {
  const started = context.services.clock.monotonicMs();
  const inner: StepContext = { ...context, depth: context.depth + 1 };
  const children: StepResult[] = [];
  let failed = false;
  let halted = false;
  for (const [i, step] of steps.entries()) {
    if (failed) {
      children.push(skippedStep(step, i, inner, 'an earlier step of this pass failed'));
      continue;
    }
    const result = await executeStep(step, i, inner);
    children.push(result);
    if (result.status === 'failed') failed = true;
    if (result.haltsScenario) halted = true;
  }
  return {
    ...header,
    section: context.section,
    status: failed ? 'failed' : 'passed',
    durationMs: context.services.clock.monotonicMs() - started,
    assertions: [],
    saved: {},
    warnings: [],
    children,
    ...(halted ? { haltsScenario: true } : {}),
  };
}
