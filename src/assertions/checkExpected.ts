import { matcherArgumentProblem, parseExpected, splitFirstWord } from './expected.js';
import type { MatcherDefinition } from './matchers/definition.js';
import { findMatcher, MATCHER_NAMES, NEGATION } from './matchers/registry.js';
import { typoDistance } from '../diagnostics/typoDistance.js';
import { closestGrpcStatus, grpcStatusCode } from './grpcStatus.js';

/** A problem with an `expect` value or a `save` source, for `validate` to place at the value's position. */
export interface MatcherProblem {
  message: string;
  hint?: string;
  /** Where in the checked text the problem is, when known (a JSONPath syntax error). */
  offset?: number;
}

/** Spellings borrowed from other tools that are not ours, mapped to ours. CamelCase only: no English word collides. */
const FOREIGN_SPELLINGS: Readonly<Record<string, string>> = {
  lessThan: 'lt',
  lessThanOrEqual: 'lte',
  greaterThanOrEqual: 'gte',
  notEmpty: 'not empty',
  notNull: 'not null',
  matchesPattern: 'regex',
};

/** Whether `rest` looks like what the matcher takes, so that `one of us` is not read as a mistyped `oneOf`. */
function argumentFits(definition: MatcherDefinition, rest: string): boolean {
  if (!definition.takesArgument) return rest === '';
  if (rest === '') return false;
  if (definition.claims && !definition.claims(rest)) return false;
  if (definition.checkArgument?.(rest) !== undefined) return false;
  return definition.names[0] !== 'oneOf' || rest.includes(',');
}

/**
 * Whether `word` is a likely typo of the matcher `name`, as opposed to an ordinary word. Deliberately cautious,
 * since a false alarm makes `validate` fail a correct scenario:
 * - the first letter must match (typos rarely hit it; `full` is not `null`);
 * - ALL-CAPS words are enum values (`STRING`), never typos;
 * - a case-only difference counts only for camelCase names (`startswith`), so `Contains`, `String` stay literal;
 * - a capitalised word is never a typo of a lowercase type or format name (`Strong`, `Email`);
 * - one edit for standalone words and short names, two for longer names that take an argument.
 */
function typoScore(word: string, name: string, definition: MatcherDefinition): number | undefined {
  if (word === name || word.length === 0 || word === word.toUpperCase()) return undefined;
  if (word[0]?.toLowerCase() !== name[0]?.toLowerCase()) return undefined;
  const distance = typoDistance(word, name);
  if (distance === 0) return name === name.toLowerCase() ? undefined : 0;
  if (!definition.takesArgument && word[0] !== word[0]?.toLowerCase()) return undefined;
  const limit = !definition.takesArgument || name.length <= 4 ? 1 : 2;
  return distance <= limit ? distance : undefined;
}

interface Candidate {
  word: string;
  rest: string;
}

/** The first word, and for lowercase phrases also the first two words joined (`starts with x`, `greater than 5`). */
function candidates(text: string): Candidate[] {
  const first = splitFirstWord(text);
  const list = [first];
  if (first.word === first.word.toLowerCase() && first.rest !== '') {
    const second = splitFirstWord(first.rest);
    list.push({ word: first.word + second.word, rest: second.rest });
  }
  return list;
}

/**
 * The matcher expression the user probably meant (`contains foo` for `contians foo`), or undefined when the
 * text reads as an ordinary literal.
 */
export function suggestMatcher(text: string): string | undefined {
  const { word, rest } = splitFirstWord(text.trim());
  if (word === NEGATION) {
    const inner = rest === '' ? undefined : suggestMatcher(rest);
    return inner === undefined ? undefined : `${NEGATION} ${inner}`;
  }
  if (findMatcher(word)) return undefined;
  const withRest = (name: string, tail: string): string => (tail === '' ? name : `${name} ${tail}`);
  const foreign = FOREIGN_SPELLINGS[word];
  if (foreign !== undefined && parseExpected(withRest(foreign, rest)).kind === 'matcher') {
    return withRest(foreign, rest);
  }
  if (typoDistance(word, NEGATION) === 1 && word[0] === 'n' && parseExpected(rest).kind === 'matcher') {
    return `${NEGATION} ${rest}`;
  }
  let best: { text: string; score: number } | undefined;
  for (const candidate of candidates(text.trim())) {
    for (const name of MATCHER_NAMES) {
      const definition = findMatcher(name);
      if (!definition || !argumentFits(definition, candidate.rest)) continue;
      const score = typoScore(candidate.word, name, definition);
      if (score !== undefined && (best === undefined || score < best.score)) {
        best = { text: withRest(name, candidate.rest), score };
      }
    }
  }
  return best?.text;
}

const literalHint = (text: string): string => `to compare with this exact text, write \`equals ${text}\``;

/**
 * Static check of one `expect` value for `validate`: a misspelled matcher (`contians foo`, `greaterthen 5`) or a
 * matcher that cannot run (`gt abc`, `regex (`, `in [1, 2`, `contains` alone). Returns [] for literals,
 * including sentences that merely start like a matcher (`in stock`, `Contains nuts`, `email sent`).
 */
export function checkExpected(expected: unknown): MatcherProblem[] {
  if (typeof expected !== 'string') return [];
  const text = expected.trim();
  const parsed = parseExpected(text);
  if (parsed.kind === 'matcher') {
    const problem = matcherArgumentProblem(parsed);
    return problem === undefined
      ? []
      : [{ message: `invalid matcher \`${text}\`: ${problem}`, hint: literalHint(text) }];
  }
  const suggestion = suggestMatcher(text);
  if (suggestion === undefined) return [];
  return [
    {
      message: `\`${text}\` looks like a misspelled matcher`,
      hint: `did you mean \`${suggestion}\`? ${literalHint(text)}`,
    },
  ];
}

const STATUS_CLASS = /^[1-5]xx$/;

/** Whose status `expect.status` reads: an HTTP response's, or a gRPC call's (DECISIONS, wave 3). */
export type StatusProtocol = 'http' | 'grpc';

/** A template only the run can fill in (`$expectedStatus`), or a matcher, checked as any `expect` value. */
function beyondLiteral(text: string): MatcherProblem[] | undefined {
  if (text.includes('$') || text.includes('{{')) return [];
  return parseExpected(text).kind === 'matcher' ? checkExpected(text) : undefined;
}

function httpStatusProblems(expected: unknown): MatcherProblem[] {
  if (typeof expected === 'number') {
    return Number.isInteger(expected) && expected >= 100 && expected <= 599
      ? []
      : [{ message: `\`status\` ${expected} is not an HTTP status (100-599)` }];
  }
  if (typeof expected !== 'string') return [];
  const text = expected.trim();
  if (STATUS_CLASS.test(text)) return [];
  if (/^\d+$/.test(text)) return httpStatusProblems(Number(text));
  const other = beyondLiteral(text);
  if (other !== undefined) return other;
  const suggestion = suggestMatcher(text);
  return [
    {
      message: `\`status\` takes an integer 100-599, a class such as \`2xx\`, or a matcher; got \`${text}\``,
      ...(suggestion === undefined ? {} : { hint: `did you mean \`${suggestion}\`?` }),
    },
  ];
}

function grpcStatusProblems(expected: unknown): MatcherProblem[] {
  if (typeof expected === 'number') {
    return grpcStatusCode(expected) === undefined
      ? [{ message: `\`status\` ${expected} is not a gRPC status (0-16)` }]
      : [];
  }
  if (typeof expected !== 'string') return [];
  const text = expected.trim();
  if (grpcStatusCode(text) !== undefined) return [];
  if (/^\d+$/.test(text)) return grpcStatusProblems(Number(text));
  // `2xx` reads HTTP classes, which a gRPC status has none of.
  const other = STATUS_CLASS.test(text) ? undefined : beyondLiteral(text);
  if (other !== undefined) return other;
  const name = closestGrpcStatus(text);
  return [
    {
      message: `\`status\` of a gRPC call is a status name such as \`NOT_FOUND\` or its number (0-16); got \`${text}\``,
      ...(name === undefined ? {} : { hint: `did you mean \`${name}\`?` }),
    },
  ];
}

/**
 * Static check of `expect.status` for `validate` (DECISIONS, Wave 2 "Language additions"; gRPC, wave 3): for
 * HTTP an integer 100-599, a class (`2xx`), a matcher, or a template that only the run can fill in
 * (`$expectedStatus`); for gRPC a status name (`NOT_FOUND`) or number (0-16) instead of the first two.
 * Without `protocol` (the scenario shape, which does not know the step's kind) a value either allows
 * passes, and the step rules then hold it to its kind.
 */
export function checkStatusExpected(expected: unknown, protocol?: StatusProtocol): MatcherProblem[] {
  if (protocol === 'http') return httpStatusProblems(expected);
  if (protocol === 'grpc') return grpcStatusProblems(expected);
  const http = httpStatusProblems(expected);
  if (http.length === 0 || grpcStatusProblems(expected).length === 0) return [];
  const name = typeof expected === 'string' ? closestGrpcStatus(expected.trim()) : undefined;
  const [first] = http;
  return name === undefined || first === undefined || first.hint !== undefined
    ? http
    : [{ message: first.message, hint: `did you mean \`${name}\` (a gRPC status)?` }];
}
