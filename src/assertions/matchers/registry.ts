import { comparisonMatchers } from './comparison.js';
import type { MatcherDefinition } from './definition.js';
import { eachMatcher } from './each.js';
import { equalsMatcher } from './equality.js';
import { formatMatchers } from './formats.js';
import { membershipMatchers } from './membership.js';
import { presenceMatchers } from './presence.js';
import { statusClassMatchers } from './statusClass.js';
import { textMatchers } from './text.js';
import { typeMatchers } from './typeNames.js';

/** The word that negates any matcher: `not empty`, `not contains x` (DECISIONS, Matchers). */
export const NEGATION = 'not';

const MATCHERS: readonly MatcherDefinition[] = [
  ...comparisonMatchers,
  ...textMatchers,
  ...membershipMatchers,
  ...presenceMatchers,
  ...typeMatchers,
  ...formatMatchers,
  eachMatcher(),
  ...statusClassMatchers,
  equalsMatcher,
];

const BY_NAME = new Map<string, MatcherDefinition>(
  MATCHERS.flatMap((matcher) => matcher.names.map((name) => [name, matcher] as const)),
);

/** The matcher spelled exactly `name` (names are case-sensitive: `Contains` is a literal word). */
export function findMatcher(name: string): MatcherDefinition | undefined {
  return BY_NAME.get(name);
}

/** Every matcher name and spelling, plus `not`: for the docs, the JSON Schema and did-you-mean. */
export const MATCHER_NAMES: readonly string[] = [...BY_NAME.keys(), NEGATION];

export interface MatcherDoc {
  name: string;
  description: string;
  takesArgument: boolean;
}

/** Every spelling with its one-line description, `not` included: what editors show (hover, completion). */
export const MATCHER_DOCS: readonly MatcherDoc[] = [
  ...MATCHERS.flatMap((matcher) =>
    matcher.names.map((name) => ({
      name,
      description: matcher.description,
      takesArgument: matcher.takesArgument,
    })),
  ),
  {
    name: NEGATION,
    description: 'Negates the matcher after it: `not empty`, `not contains x`.',
    takesArgument: true,
  },
];
