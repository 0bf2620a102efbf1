import { describeType, quoteValue } from '../../expressions/index.js';
import { parseNumberText, type MatcherDefinition, type MatchOutcome } from './definition.js';
import { parseDateTime } from './formats.js';

/** The actual value as a number: numbers as they are, numeric strings (headers) parsed. */
function numericActual(actual: unknown): number | undefined {
  if (typeof actual === 'number') return Number.isFinite(actual) ? actual : undefined;
  if (typeof actual === 'string') return parseNumberText(actual);
  return undefined;
}

/**
 * What a comparison compares against: a number, or an RFC 3339 date-time compared chronologically (DECISIONS,
 * Wave 2 "Language additions"), whatever the offsets the two are written with.
 */
type Limit = { kind: 'number'; value: number } | { kind: 'date-time'; value: number };

function parseLimit(argument: string): Limit | undefined {
  const number = parseNumberText(argument);
  if (number !== undefined) return { kind: 'number', value: number };
  const moment = parseDateTime(argument.trim());
  return moment === undefined ? undefined : { kind: 'date-time', value: moment };
}

function notComparable(actual: unknown, limit: Limit, argument: string): MatchOutcome {
  const what = typeof actual === 'string' ? `the text ${quoteValue(actual)}` : describeType(actual);
  const against =
    limit.kind === 'number' ? `the number ${argument.trim()}` : `the date-time ${argument.trim()}`;
  return { error: `not comparable: ${what} with ${against}` };
}

function comparison(
  names: readonly string[],
  description: string,
  compare: (actual: number, limit: number) => boolean,
): MatcherDefinition {
  return {
    names,
    description,
    takesArgument: true,
    checkArgument: (argument) =>
      parseLimit(argument) === undefined
        ? `\`${names[0]}\` needs a number or an RFC 3339 date-time, got \`${argument}\``
        : undefined,
    test: (actual, argument): MatchOutcome => {
      const limit = parseLimit(argument);
      if (limit === undefined) return { error: `\`${names[0]}\` needs a number or an RFC 3339 date-time` };
      const value =
        limit.kind === 'number'
          ? numericActual(actual)
          : typeof actual === 'string'
            ? parseDateTime(actual.trim())
            : undefined;
      if (value === undefined) return notComparable(actual, limit, argument);
      return { passed: compare(value, limit.value) };
    },
  };
}

export const comparisonMatchers: readonly MatcherDefinition[] = [
  comparison(
    ['gt', 'greaterThan'],
    `Greater than a number, or later than an RFC 3339 date-time: \`gt 18\`.`,
    (actual, limit) => actual > limit,
  ),
  comparison(
    ['gte'],
    'Greater than or equal to a number or date-time: `gte 1`.',
    (actual, limit) => actual >= limit,
  ),
  comparison(
    ['lt'],
    'Less than a number, or earlier than a date-time: `lt 2025-01-01T00:00:00Z`.',
    (actual, limit) => actual < limit,
  ),
  comparison(
    ['lte'],
    'Less than or equal to a number or date-time: `lte 100`.',
    (actual, limit) => actual <= limit,
  ),
];
