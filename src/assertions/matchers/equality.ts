import { quoteValue, strictlyEqual } from '../../expressions/index.js';
import { parseNumberText, unquote, type MatcherDefinition, type MatchOptions } from './definition.js';

/**
 * Equality for one expected value, honouring `textual`: a header is always text, so `headers.content-length: 42`
 * compares the number with the header's text numerically, and `true` with "true".
 */
export function expectedEquals(actual: unknown, expected: unknown, options: MatchOptions): boolean {
  if (options.textual && typeof actual === 'string') {
    if (typeof expected === 'number') return parseNumberText(actual) === expected;
    if (typeof expected === 'boolean') return actual === String(expected);
  }
  return strictlyEqual(actual, expected);
}

/**
 * When a literal comparison failed only because of the type ("42" against 42), say how to write it; the most
 * common mistake with YAML, where quoting changes the type.
 */
export function typeMismatchReason(actual: unknown, expected: unknown): string | undefined {
  if (typeof expected === 'string' && (typeof actual === 'number' || typeof actual === 'boolean')) {
    if (String(actual) === expected || parseNumberText(expected) === actual) {
      return `a ${typeof actual}; write the expected value without quotes to compare ${typeof actual}s`;
    }
  }
  if (typeof actual === 'string' && (typeof expected === 'number' || typeof expected === 'boolean')) {
    if (actual === String(expected) || parseNumberText(actual) === expected) {
      return 'a string; quote the expected value to compare text';
    }
  }
  return undefined;
}

/**
 * `equals <text>`: the escape hatch for comparing with text that would otherwise read as a matcher
 * (`equals string`, `equals exists`). The argument is text; surrounding quotes are optional and removed.
 */
export const equalsMatcher: MatcherDefinition = {
  names: ['equals'],
  description: 'Equal to this text, even when it reads as a matcher: `equals string`.',
  takesArgument: true,
  formatArgument: (argument) => quoteValue(unquote(argument)),
  test: (actual, argument, options) => {
    const expected = unquote(argument);
    return {
      passed: expectedEquals(actual, expected, options),
      reason: typeMismatchReason(actual, expected),
    };
  },
};
