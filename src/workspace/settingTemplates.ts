import { interpolate, valueAsText, type ExpressionRuntime } from '../expressions/index.js';
import { scopeFromObject } from '../expressions/scope.js';

/**
 * A setting from config.yaml or an environment file that may name variables, such as
 * `clientKeyPassphrase: $accounts.tls.passphrase`, filled in from `values` (credentials as `accounts`,
 * the environment's variables by name). Throws when a name is not defined.
 */
export function fillSettingTemplate(
  template: string,
  values: Record<string, unknown>,
  runtime: ExpressionRuntime,
): string {
  return valueAsText(interpolate(template, scopeFromObject(values), runtime));
}
