import type { MatcherDefinition, MatchOptions } from './matchers/definition.js';
import { expectedEquals, typeMismatchReason } from './matchers/equality.js';
import { findMatcher, NEGATION } from './matchers/registry.js';

/** An `expect` value read as a literal (exact equality) or a matcher word with its argument. */
export type ParsedExpectation =
  | { kind: 'literal'; value: unknown }
  /** `name` is the canonical spelling (`gt` for `greaterThan`); `display` is the matcher as the user wrote it. */
  | { kind: 'matcher'; name: string; argument?: string; negated: boolean; display: string };

interface MatcherUse {
  definition: MatcherDefinition;
  written: string;
  argument?: string;
}

/** Splits `word rest...` at the first run of whitespace. */
export function splitFirstWord(text: string): { word: string; rest: string } {
  const match = /^(\S*)\s*([\s\S]*)$/.exec(text);
  return { word: match?.[1] ?? '', rest: match?.[2]?.trim() ?? '' };
}

/** The matcher that `text` spells, or undefined when it reads as an ordinary literal. */
function readMatcher(text: string): MatcherUse | undefined {
  const { word, rest } = splitFirstWord(text);
  const definition = findMatcher(word);
  if (!definition) return undefined;
  if (rest === '') return { definition, written: word };
  // `email sent`, `null pointer`: a no-argument matcher name followed by text is a sentence, not a matcher.
  if (!definition.takesArgument) return undefined;
  if (definition.claims && !definition.claims(rest)) return undefined;
  return { definition, written: word, argument: rest };
}

function display(use: MatcherUse, negated: boolean): string {
  const argument =
    use.argument === undefined ? '' : ` ${use.definition.formatArgument?.(use.argument) ?? use.argument}`;
  return `${negated ? `${NEGATION} ` : ''}${use.written}${argument}`;
}

/**
 * Reads an `expect` value. Strings whose first word is a matcher name (case-sensitive) are matchers, optionally
 * behind `not`; everything else, including unknown or misspelled words, is a literal. Never throws: problems
 * with a matcher's argument surface when it is evaluated, and statically through `checkExpected`.
 */
export function parseExpected(expected: unknown): ParsedExpectation {
  if (typeof expected !== 'string') return { kind: 'literal', value: expected };
  return parseExpectedText(expected);
}

const writtenTexts = new Map<string, ParsedExpectation>();
const MAX_WRITTEN_TEXTS = 1_000;

/**
 * parseExpected for a value as a scenario writes it, which a run reads again on every step: parsed once
 * per text and shared (treat it as read-only). Never for interpolated values: they may hold secrets, and
 * this table lives as long as the process.
 */
export function parseWrittenExpected(expected: unknown): ParsedExpectation {
  if (typeof expected !== 'string') return { kind: 'literal', value: expected };
  let parsed = writtenTexts.get(expected);
  if (parsed === undefined) {
    parsed = parseExpectedText(expected);
    if (writtenTexts.size < MAX_WRITTEN_TEXTS) writtenTexts.set(expected, parsed);
  }
  return parsed;
}

function parseExpectedText(expected: string): ParsedExpectation {
  const text = expected.trim();
  const { word, rest } = splitFirstWord(text);
  const negated = word === NEGATION && rest !== '';
  const use = readMatcher(negated ? rest : text);
  if (!use) return { kind: 'literal', value: expected };
  const name = use.definition.names[0] ?? use.written;
  const parsed = { kind: 'matcher' as const, name, negated, display: display(use, negated) };
  return use.argument === undefined ? parsed : { ...parsed, argument: use.argument };
}

/** Why a parsed matcher cannot run at all (missing or unusable argument), or undefined when it can. */
export function matcherArgumentProblem(parsed: ParsedExpectation): string | undefined {
  if (parsed.kind !== 'matcher') return undefined;
  const definition = findMatcher(parsed.name);
  if (!definition) return `unknown matcher \`${parsed.name}\``;
  if (!definition.takesArgument) return undefined;
  if (parsed.argument === undefined) {
    return parsed.name === 'in'
      ? '`in` needs a list such as `in [1, 2, "three"]`'
      : `\`${parsed.name}\` needs a value after it`;
  }
  return definition.checkArgument?.(parsed.argument);
}

/**
 * The verdict on a value that was found: `passed`, a `reason` to show after the actual value, or `invalid`
 * when the matcher itself is unusable (which fails even under `not`).
 */
export interface Verdict {
  passed: boolean;
  reason?: string;
  invalid?: string;
}

export function matchExpected(parsed: ParsedExpectation, actual: unknown, options: MatchOptions): Verdict {
  if (parsed.kind === 'literal') {
    return {
      passed: expectedEquals(actual, parsed.value, options),
      reason: typeMismatchReason(actual, parsed.value),
    };
  }
  const invalid = matcherArgumentProblem(parsed);
  const definition = findMatcher(parsed.name);
  if (invalid !== undefined || !definition) return { passed: false, invalid: invalid ?? 'unknown matcher' };
  const outcome = definition.test(actual, parsed.argument ?? '', options);
  if ('error' in outcome) return { passed: false, reason: outcome.error };
  return { passed: parsed.negated ? !outcome.passed : outcome.passed, reason: outcome.reason };
}
