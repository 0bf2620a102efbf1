import { describeType, evaluateCondition, interpolate } from '../../expressions/index.js';
import type { Step } from '../../language/model.js';
import { recordList, type RecordList } from '../recordList.js';
import { describeError, type StepContext, type StepOutcome } from './context.js';
import { interruptedReason } from '../interrupts.js';
import { runPass } from './pass.js';

function finish(passes: RecordList, outcome: Omit<StepOutcome, 'children'>): StepOutcome {
  return {
    ...outcome,
    children: passes.kept,
    childCounts: passes.counts,
    ...(passes.halted ? { haltsScenario: true } : {}),
  };
}

/**
 * SPEC, Loop rules for `repeat`: run the nested steps, then evaluate `until` against the updated variables;
 * true ends the loop (passed), an inner failure stops it at once, and `until` still false after the last
 * pass fails the step.
 */
export async function executeRepeatStep(
  step: Step & { kind: 'repeat' },
  context: StepContext,
): Promise<StepOutcome> {
  const { attempts, until, steps } = step.repeat;
  const passes = recordList(context.services.keep);
  for (let n = 1; n <= attempts; n++) {
    if (context.signal.aborted)
      return finish(passes, {
        status: 'failed',
        error: `repeat stopped: ${interruptedReason(context.section)}`,
      });
    const pass = await runPass(steps, context, {
      kind: 'repeat',
      label: `repeat ${n}/${attempts}`,
      index: n - 1,
      loc: step.loc,
    });
    passes.add(pass);
    if (pass.status === 'failed')
      return finish(passes, { status: 'failed', error: `repeat stopped: a step failed in pass ${n}` });
    try {
      if (evaluateCondition(until, context.store, context.services.runtime))
        return finish(passes, { status: 'passed' });
    } catch (error) {
      return finish(passes, { status: 'failed', error: `until: ${describeError(error)}` });
    }
  }
  return finish(passes, {
    status: 'failed',
    error: `until \`${until}\` was still false after ${attempts} ${attempts === 1 ? 'pass' : 'passes'}`,
  });
}

/**
 * SPEC, Loop rules for `for_each`: one pass per item with the item bound to `as` (restored afterwards);
 * an empty array passes without running anything; a missing or non-array source fails; the first failing
 * nested step stops the loop; variables saved inside remain.
 */
export async function executeForEachStep(
  step: Step & { kind: 'for_each' },
  context: StepContext,
): Promise<StepOutcome> {
  const { from, as, steps } = step.forEach;
  let items: unknown;
  try {
    items = interpolate(from, context.store, context.services.runtime);
  } catch (error) {
    return { status: 'failed', error: `for_each: ${describeError(error)}` };
  }
  if (!Array.isArray(items)) {
    return { status: 'failed', error: `for_each: \`${from}\` is ${describeType(items)}, not an array` };
  }
  const passes = recordList(context.services.keep);
  for (const [i, item] of items.entries()) {
    if (context.signal.aborted) {
      const why = interruptedReason(context.section);
      return finish(passes, { status: 'failed', error: `for_each stopped: ${why}` });
    }
    const restore = context.store.bind(as, item);
    try {
      const pass = await runPass(steps, context, {
        kind: 'for_each',
        label: `for_each ${i + 1}/${items.length}`,
        index: i,
        loc: step.loc,
      });
      passes.add(pass);
      if (pass.status === 'failed') {
        return finish(passes, {
          status: 'failed',
          error: `for_each stopped: a step failed for item ${i + 1} of ${items.length}`,
        });
      }
    } finally {
      restore();
    }
  }
  return finish(passes, { status: 'passed' });
}
