import type { MatcherDefinition } from './definition.js';

/**
 * `exists`: the path is present, whatever its value (null included). The expectation evaluator handles the
 * missing case, since no value reaches a matcher then; this test only runs when the path was found.
 */
const existsMatcher: MatcherDefinition = {
  names: ['exists'],
  description: 'The path is present, whatever its value (null included).',
  takesArgument: false,
  test: () => ({ passed: true }),
};

/** `empty`: "", [], {} or null. Numbers and booleans are never empty. */
const empty: MatcherDefinition = {
  names: ['empty'],
  description: 'The value is `""`, `[]`, `{}` or null.',
  takesArgument: false,
  test: (actual) => {
    if (actual === null || actual === '') return { passed: true };
    if (Array.isArray(actual)) return { passed: actual.length === 0 };
    if (typeof actual === 'object') return { passed: Object.keys(actual).length === 0 };
    return { passed: false };
  },
};

export const presenceMatchers: readonly MatcherDefinition[] = [existsMatcher, empty];
