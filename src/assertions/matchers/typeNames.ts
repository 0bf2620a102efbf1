import { describeType } from '../../expressions/index.js';
import type { MatcherDefinition } from './definition.js';

function typeMatcher(name: string, test: (actual: unknown) => boolean): MatcherDefinition {
  return {
    names: [name],
    description: `The value's JSON type is ${name === 'null' ? '`null`' : `\`${name}\``} (a numeric string is a string).`,
    takesArgument: false,
    test: (actual) => ({ passed: test(actual), reason: describeType(actual) }),
  };
}

/** Type names test the JSON type; a numeric string is a string (`integer` does not accept "42"). */
export const typeMatchers: readonly MatcherDefinition[] = [
  typeMatcher('string', (actual) => typeof actual === 'string'),
  typeMatcher('integer', (actual) => typeof actual === 'number' && Number.isInteger(actual)),
  typeMatcher('number', (actual) => typeof actual === 'number' && Number.isFinite(actual)),
  typeMatcher('boolean', (actual) => typeof actual === 'boolean'),
  typeMatcher('array', (actual) => Array.isArray(actual)),
  typeMatcher('object', (actual) => actual !== null && typeof actual === 'object' && !Array.isArray(actual)),
  typeMatcher('null', (actual) => actual === null),
];
