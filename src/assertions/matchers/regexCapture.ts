import { compileScenarioRegex, type ScenarioRegex } from '../../expressions/index.js';

/**
 * `regex(<path>, "<pattern>")` (DECISIONS, Wave 2 "Functions"): the first capture group, or the whole match
 * when the pattern has none; undefined when nothing matches. The pattern goes through the compiler of every
 * scenario regex (RE2 syntax, linear time), as the `regex` matcher's does.
 */
export function firstCapture(pattern: string, text: string): { value?: string } | { error: string } {
  const compiled = compiledPattern(pattern);
  if (typeof compiled === 'string') return { error: `invalid regular expression: ${compiled}` };
  const match = compiled.exec(text);
  if (match === undefined) return {};
  return { value: (match.length > 1 ? match[1] : match[0]) ?? '' };
}

/** Why the pattern cannot be used, or undefined (for `validate`). */
export function capturePatternProblem(pattern: string): string | undefined {
  const compiled = compiledPattern(pattern);
  return typeof compiled === 'string' ? `invalid regular expression: ${compiled}` : undefined;
}

/** Keys are patterns written in scenarios (never secrets); a run reads the same few on every step. */
const patterns = new Map<string, ScenarioRegex | string>();
const MAX_PATTERNS = 1_000;

function compiledPattern(pattern: string): ScenarioRegex | string {
  let compiled = patterns.get(pattern);
  if (compiled === undefined) {
    compiled = compileScenarioRegex(pattern);
    if (patterns.size < MAX_PATTERNS) patterns.set(pattern, compiled);
  }
  return compiled;
}
