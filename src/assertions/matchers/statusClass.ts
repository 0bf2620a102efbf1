import type { MatcherDefinition } from './definition.js';

/**
 * Status classes: `2xx` is any of 200-299, `1xx`..`5xx` likewise (DECISIONS, Wave 2 "Language additions").
 * Written for `status`, they read any integer, or its text (a header), so `not 5xx` and `each 2xx` work too.
 */
function statusClass(digit: number): MatcherDefinition {
  return {
    names: [`${digit}xx`],
    description: `Any status of the ${digit}xx class (${digit}00-${digit}99).`,
    takesArgument: false,
    test: (actual) => {
      const code = typeof actual === 'string' && /^\d{3}$/.test(actual.trim()) ? Number(actual) : actual;
      return {
        passed: typeof code === 'number' && Number.isInteger(code) && Math.floor(code / 100) === digit,
      };
    },
  };
}

export const statusClassMatchers: readonly MatcherDefinition[] = [1, 2, 3, 4, 5].map(statusClass);
