import { describeType } from '../../expressions/index.js';
import { parseNumberText, type MatcherDefinition, type MatchOutcome } from './definition.js';

/** The actual value as a number: numbers as they are, numeric strings (headers) parsed. */
function numericActual(actual: unknown): number | undefined {
  if (typeof actual === 'number') return Number.isFinite(actual) ? actual : undefined;
  if (typeof actual === 'string') return parseNumberText(actual);
  return undefined;
}

function comparison(
  names: readonly string[],
  compare: (actual: number, limit: number) => boolean,
): MatcherDefinition {
  return {
    names,
    takesArgument: true,
    checkArgument: (argument) =>
      parseNumberText(argument) === undefined
        ? `\`${names[0]}\` needs a number, got \`${argument}\``
        : undefined,
    test: (actual, argument): MatchOutcome => {
      const value = numericActual(actual);
      const limit = parseNumberText(argument);
      if (value === undefined || limit === undefined) {
        const what = typeof actual === 'string' ? 'a string that is not a number' : describeType(actual);
        return { error: `${what}; \`${names[0]}\` compares numbers` };
      }
      return { passed: compare(value, limit) };
    },
  };
}

export const comparisonMatchers: readonly MatcherDefinition[] = [
  comparison(['gt', 'greaterThan'], (actual, limit) => actual > limit),
  comparison(['gte'], (actual, limit) => actual >= limit),
  comparison(['lt'], (actual, limit) => actual < limit),
  comparison(['lte'], (actual, limit) => actual <= limit),
];
