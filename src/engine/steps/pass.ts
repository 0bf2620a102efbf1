import type { Step, StepKind } from '../../language/model.js';
import { recordList } from '../recordList.js';
import type { StepResult } from '../results.js';
import type { StepContext } from './context.js';
import { executeStep, skippedStep } from './executeStep.js';

/**
 * One pass of a loop over its nested steps, recorded as a step labelled `repeat 2/5` or `for_each 3/10`
 * (SPEC, Loop rules) with the nested results as children. A failing nested step ends the pass at once; the
 * steps after it are recorded as skipped. The pass has begin and end events of its own, one level deeper
 * than its loop, so listeners can show each pass's steps as they end rather than when the loop ends.
 */
export async function runPass(
  steps: readonly Step[],
  context: StepContext,
  header: { kind: StepKind; label: string; index: number; loc: StepResult['loc'] },
): Promise<StepResult> {
  const { services } = context;
  const depth = context.depth + 1;
  services.listener.onStepBegin?.({
    scenario: context.scenario,
    section: context.section,
    label: header.label,
    depth,
    loc: header.loc,
    nesting: 'pass',
  });
  const started = services.clock.monotonicMs();
  const inner: StepContext = { ...context, depth: depth + 1 };
  const children = recordList(services.keep);
  for (const [i, step] of steps.entries()) {
    if (children.counts.failed > 0) {
      children.add(skippedStep(step, i, inner, 'an earlier step of this pass failed'));
      continue;
    }
    children.add(await executeStep(step, i, inner));
  }
  const result: StepResult = {
    ...header,
    section: context.section,
    status: children.counts.failed > 0 ? 'failed' : 'passed',
    durationMs: services.clock.monotonicMs() - started,
    assertions: [],
    saved: {},
    warnings: [],
    children: children.kept,
    childCounts: children.counts,
    ...(children.halted ? { haltsScenario: true } : {}),
  };
  services.listener.onStepEnd?.({ scenario: context.scenario, depth, result, nesting: 'pass' });
  return result;
}
