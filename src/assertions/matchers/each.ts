import { describeType, quoteValue } from '../../expressions/index.js';
import { matcherArgumentProblem, matchExpected, parseExpected } from '../expected.js';
import type { MatcherDefinition, MatchOutcome } from './definition.js';

/**
 * `each <matcher>`: every item of a list satisfies the matcher; an empty list passes (DECISIONS, Wave 2
 * "Language additions"). A failure names the first failing index.
 *
 * A function declaration, not a constant: the registry builds its table from it while expected.ts (which this
 * file calls back into at check time) may still be loading.
 */
export function eachMatcher(): MatcherDefinition {
  return {
    names: ['each'],
    description: 'Every item of a list satisfies the matcher (`each gt 0`); an empty list passes.',
    takesArgument: true,
    // `each one of them` is a sentence: only a matcher after `each` makes it the `each` matcher.
    claims: (argument) => parseExpected(argument).kind === 'matcher',
    checkArgument: (argument) => matcherArgumentProblem(parseExpected(argument)),
    formatArgument: (argument) => {
      const inner = parseExpected(argument);
      return inner.kind === 'matcher' ? inner.display : argument;
    },
    test: (actual, argument, options): MatchOutcome => {
      if (!Array.isArray(actual)) return { error: `${describeType(actual)}; \`each\` needs a list` };
      const inner = parseExpected(argument);
      for (const [index, item] of actual.entries()) {
        const verdict = matchExpected(inner, item, options);
        if (verdict.invalid !== undefined) return { error: verdict.invalid };
        if (!verdict.passed) {
          const why = verdict.reason === undefined ? '' : `: ${verdict.reason}`;
          return { passed: false, reason: `item [${index}] is ${quoteValue(item)}${why}` };
        }
      }
      return { passed: true };
    },
  };
}
