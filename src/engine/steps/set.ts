import { interpolate } from '../../expressions/index.js';
import type { Step } from '../../language/model.js';
import { describeError, type StepContext, type StepOutcome } from './context.js';

/**
 * SPEC, `set` step: values are interpolated against the current variables; keys of one block are
 * unordered, so every value is computed before any is stored.
 */
export async function executeSetStep(
  step: Step & { kind: 'set' },
  context: StepContext,
): Promise<StepOutcome> {
  const { store, services } = context;
  const computed: [string, unknown][] = [];
  try {
    for (const [name, template] of Object.entries(step.set)) {
      computed.push([
        name,
        typeof template === 'string' ? interpolate(template, store, services.runtime) : template,
      ]);
    }
  } catch (error) {
    return { status: 'failed', error: describeError(error) };
  }
  for (const [name, value] of computed) store.set(name, value);
  return { status: 'passed', saved: Object.fromEntries(computed) };
}

export function setLabel(step: Step & { kind: 'set' }): string {
  return `set variables: ${Object.keys(step.set).join(', ')}`;
}
