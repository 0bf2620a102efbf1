import { pathKeys } from '../../masking/index.js';
import type { SaveRule } from '../../language/model.js';
import type { StepContext } from './context.js';

/**
 * Stores saved values and marks as secret those that came from a masked field or were saved under a masked
 * name (SPEC, Authentication: a token saved from a login response stays masked wherever it is used later).
 */
export function storeSaves(
  rules: readonly SaveRule[],
  values: Record<string, unknown>,
  context: StepContext,
): void {
  const { store, services } = context;
  for (const rule of rules) {
    if (!Object.prototype.hasOwnProperty.call(values, rule.variable)) continue;
    const value = values[rule.variable];
    store.set(rule.variable, value);
    if (services.masker.isSensitive(pathKeys(rule.source)) || services.masker.isSensitive([rule.variable])) {
      services.secrets.add(value);
    }
  }
}
