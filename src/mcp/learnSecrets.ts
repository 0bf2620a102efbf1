import type { Masker, SecretRegistry } from '../masking/index.js';

/**
 * Adds every value found under a masked field (`token`, `Authorization`, ...) of `value` to `secrets`, so
 * the same value is masked where it appears as plain text too: the rule the engine applies to saved values
 * (SPEC, Authentication), for output a past run wrote unmasked (`reports.failures.maskSensitive: false`).
 */
export function learnSecrets(
  value: unknown,
  masker: Masker,
  secrets: SecretRegistry,
  path: string[] = [],
): void {
  if (Array.isArray(value)) {
    for (const item of value) learnSecrets(item, masker, secrets, path);
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      path.push(key);
      if (masker.isSensitive(path)) secrets.add(item);
      else learnSecrets(item, masker, secrets, path);
      path.pop();
    }
  }
}
