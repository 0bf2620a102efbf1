import { dirname, isAbsolute, resolve } from 'node:path';
import { interpolate } from '../../expressions/index.js';
import type { Step } from '../../language/model.js';
import { runSections } from '../sections.js';
import { describeError, type StepContext, type StepOutcome } from './context.js';

/**
 * SPEC, `use`: runs another scenario file inline. It sees every variable defined so far and what it saves
 * stays (same store); `with` values are interpolated first and the originals restored when it ends. A file
 * that is already being composed is a cycle, refused rather than run forever.
 */
export async function executeUseStep(
  step: Step & { kind: 'use' },
  context: StepContext,
): Promise<StepOutcome> {
  const { services, store } = context;
  const parent = context.useStack[context.useStack.length - 1];
  const target =
    step.usePath ?? (parent && isAbsolute(parent) ? resolve(dirname(parent), step.use) : undefined);
  if (target === undefined)
    return { status: 'failed', error: `use ${step.use}: cannot tell where the file is` };
  if (context.useStack.includes(target)) {
    const chain = [...context.useStack, target].map((file) => file.split(/[\\/]/).pop()).join(' → ');
    return { status: 'failed', error: `use cycle: ${chain}` };
  }
  if (!services.loadScenario) return { status: 'failed', error: '`use` is not available in this context' };

  let values: [string, unknown][];
  try {
    values = Object.entries(step.with).map(([name, template]) => [
      name,
      interpolate(template, store, services.runtime),
    ]);
  } catch (error) {
    return { status: 'failed', error: `with: ${describeError(error)}` };
  }
  let composed;
  try {
    composed = await services.loadScenario(target);
  } catch (error) {
    return { status: 'failed', error: `use ${step.use}: ${describeError(error)}` };
  }

  const restores = values.map(([name, value]) => store.bind(name, value));
  try {
    const { results, counts, halted } = await runSections(composed, {
      ...context,
      depth: context.depth + 1,
      useStack: [...context.useStack, target],
    });
    const failed = counts.failed > 0;
    return {
      status: failed ? 'failed' : 'passed',
      children: results,
      childCounts: counts,
      ...(failed ? { error: `${composed.name}: ${counts.failed} failed step(s)` } : {}),
      ...(halted ? { haltsScenario: true } : {}),
    };
  } finally {
    // Restore in reverse, so a name given twice ends as it was before.
    for (const restore of restores.reverse()) restore();
  }
}
