import { describeType } from '../../expressions/index.js';
import { parseNumberText, unquote, type MatcherDefinition, type MatchOutcome } from './definition.js';
import { expectedEquals } from './equality.js';
import { parseFlowList } from './flowList.js';

/** `oneOf a, b, c`: comma separated, each item trimmed (and unquoted). */
function oneOfItems(argument: string): string[] {
  return argument.split(',').map((item) => unquote(item.trim()));
}

function isScalar(value: unknown): value is string | number | boolean | null {
  return value === null || ['string', 'number', 'boolean'].includes(typeof value);
}

/** `oneOf` compares text with text and numbers numerically, so `oneOf 200,201` works on 200 and on "200". */
function oneOfItemMatches(actual: string | number | boolean | null, item: string): boolean {
  if (typeof actual === 'number') return parseNumberText(item) === actual;
  return String(actual) === item;
}

const oneOf: MatcherDefinition = {
  names: ['oneOf'],
  description: 'Equal to one of the comma-separated items: `oneOf 200,201`.',
  takesArgument: true,
  checkArgument: (argument) =>
    oneOfItems(argument).some((item) => item === '')
      ? `\`oneOf\` has an empty item in \`${argument}\`; separate items with commas: \`oneOf a,b,c\``
      : undefined,
  test: (actual, argument): MatchOutcome => {
    if (!isScalar(actual)) return { error: `${describeType(actual)}; \`oneOf\` compares text and numbers` };
    return { passed: oneOfItems(argument).some((item) => oneOfItemMatches(actual, item)) };
  },
};

/** `in [1, 2, "three"]`: literal equality with any item of a flow list; the items keep their YAML types. */
const inList: MatcherDefinition = {
  names: ['in'],
  description: 'Equal to an item of a flow list, types kept: `in [1, 2, "three"]`.',
  takesArgument: true,
  // Without `[` the text is an ordinary literal: `in stock`.
  claims: (argument) => argument.trimStart().startsWith('['),
  checkArgument: (argument) => {
    const parsed = parseFlowList(argument);
    return parsed.ok ? undefined : `\`in\` needs a list such as \`in [1, 2, "three"]\`: ${parsed.message}`;
  },
  test: (actual, argument, options): MatchOutcome => {
    const parsed = parseFlowList(argument);
    if (!parsed.ok) return { error: parsed.message };
    return { passed: parsed.items.some((item) => expectedEquals(actual, item, options)) };
  },
};

export const membershipMatchers: readonly MatcherDefinition[] = [oneOf, inList];
