import { compileScenarioRegex, describeType, quoteValue } from '../../expressions/index.js';
import { parseNumberText, unquote, type MatcherDefinition, type MatchOutcome } from './definition.js';

/** Numbers and booleans read as their text (`startsWith 4` on 404); objects, arrays and null do not. */
function asText(actual: unknown): string | undefined {
  if (typeof actual === 'string') return actual;
  if (typeof actual === 'number' || typeof actual === 'boolean') return String(actual);
  return undefined;
}

const quotedArgument = (argument: string): string => quoteValue(unquote(argument));

function textMatcher(
  name: string,
  description: string,
  test: (text: string, needle: string) => boolean,
): MatcherDefinition {
  return {
    names: [name],
    description,
    takesArgument: true,
    formatArgument: quotedArgument,
    test: (actual, argument): MatchOutcome => {
      const text = asText(actual);
      if (text === undefined) return { error: `${describeType(actual)}; \`${name}\` needs text` };
      return { passed: test(text, unquote(argument)) };
    },
  };
}

/** Whether an array element equals the `contains` argument: text exactly, numbers numerically (`contains 3`). */
function elementMatches(element: unknown, needle: string): boolean {
  if (typeof element === 'string') return element === needle;
  if (typeof element === 'number') return parseNumberText(needle) === element;
  if (typeof element === 'boolean' || element === null) return String(element) === needle;
  return false;
}

const contains: MatcherDefinition = {
  names: ['contains'],
  description: 'The text contains a substring, or the list has an element: `contains Ada`.',
  takesArgument: true,
  formatArgument: quotedArgument,
  test: (actual, argument): MatchOutcome => {
    const needle = unquote(argument);
    if (Array.isArray(actual)) return { passed: actual.some((element) => elementMatches(element, needle)) };
    const text = asText(actual);
    if (text === undefined) return { error: `${describeType(actual)}; \`contains\` needs text or an array` };
    return { passed: text.includes(needle) };
  },
};

const regex: MatcherDefinition = {
  names: ['regex', 'matchesRegex'],
  description: 'The text matches a regular expression (RE2 syntax, `/p/i` form allowed): `regex ^v\\d+$`.',
  takesArgument: true,
  // RE2 syntax on a linear-time engine (DECISIONS, Wave 2 "Language additions"); `/p/flags` carries flags.
  checkArgument: (argument) => {
    const compiled = compileScenarioRegex(argument);
    return typeof compiled === 'string' ? `invalid regular expression: ${compiled}` : undefined;
  },
  test: (actual, argument): MatchOutcome => {
    const compiled = compileScenarioRegex(argument);
    if (typeof compiled === 'string') return { error: `invalid regular expression: ${compiled}` };
    const text = asText(actual);
    if (text === undefined) return { error: `${describeType(actual)}; \`regex\` needs text` };
    return { passed: compiled.test(text) };
  },
};

export const textMatchers: readonly MatcherDefinition[] = [
  contains,
  textMatcher('startsWith', 'The text starts with a prefix: `startsWith https://`.', (text, prefix) =>
    text.startsWith(prefix),
  ),
  textMatcher('endsWith', 'The text ends with a suffix: `endsWith .pdf`.', (text, suffix) =>
    text.endsWith(suffix),
  ),
  regex,
];
