/**
 * Generators (SPEC, Variables): fresh values on every evaluation, including each retry. Randomness and
 * time come from the runtime so tests can fix them.
 */
import { ExpressionError } from '../diagnostics/errors.js';
import type { ExpressionRuntime } from './scope.js';
import type { GeneratorName } from './names.js';

const EMAIL_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** An index in [0, length), safe even if a runtime's random() returns exactly 1. */
function randomIndex(length: number, runtime: ExpressionRuntime): number {
  return Math.min(length - 1, Math.floor(runtime.random() * length));
}

function randomEmail(runtime: ExpressionRuntime): string {
  let local = '';
  for (let i = 0; i < 10; i++) local += EMAIL_ALPHABET[randomIndex(EMAIL_ALPHABET.length, runtime)];
  // `.test` is reserved (RFC 2606), so a generated address can never reach a real mailbox.
  return `user.${local}@example.test`;
}

/** Inclusive at both ends. */
export function randomIntBetween(
  min: number,
  max: number,
  runtime: ExpressionRuntime,
  offset: number,
): number {
  if (!Number.isInteger(min) || !Number.isInteger(max)) {
    throw new ExpressionError(
      'expression.argument',
      `\`randomInt\` needs integers, got ${min} and ${max}`,
      offset,
    );
  }
  if (min > max) {
    throw new ExpressionError(
      'expression.argument',
      `\`randomInt\`: min ${min} is greater than max ${max}`,
      offset,
      `write randomInt(${max}, ${min})`,
    );
  }
  return min + randomIndex(max - min + 1, runtime);
}

export function pickRandom<T>(items: readonly T[], runtime: ExpressionRuntime): T | undefined {
  return items[randomIndex(items.length, runtime)];
}

export function generate(name: GeneratorName, runtime: ExpressionRuntime, offset: number): string | number {
  switch (name) {
    case 'randomEmail':
      return randomEmail(runtime);
    case 'uuid':
      return runtime.uuid();
    case 'timestamp':
      return Math.floor(runtime.now().getTime() / 1000);
    case 'randomInt':
      return randomIntBetween(0, 1000, runtime, offset);
  }
}
