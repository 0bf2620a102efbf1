/**
 * What every matcher family provides. A matcher is a word (`contains`, `gt`, `email`, ...) written as the
 * expected value in `expect`, optionally followed by an argument (SPEC, "`expect` paths and matchers").
 */
export interface MatcherDefinition {
  /** Every accepted spelling; the first is the canonical one (DECISIONS: `gt`/`greaterThan`, `regex`/`matchesRegex`). */
  readonly names: readonly string[];
  /** One line for editors (hover, completion) and the docs' matcher table, in the docs' words. */
  readonly description: string;
  /** Whether text follows the name (`gt 5`) or the name stands alone (`exists`). */
  readonly takesArgument: boolean;
  /**
   * For matchers whose argument has a distinctive shape: false means the text is an ordinary literal, not this
   * matcher (`in stock` is a literal because `in` needs `[`).
   */
  readonly claims?: (argument: string) => boolean;
  /** Why the argument cannot be used (`gt abc`), or undefined when it is fine. Never called for missing arguments. */
  readonly checkArgument?: (argument: string) => string | undefined;
  /** How the argument is shown in messages: `startsWith "Al"`, `gt 18`. Defaults to the text as written. */
  readonly formatArgument?: (argument: string) => string;
  /** Tests the value found at the path. Only called with a usable argument (or none, for `takesArgument: false`). */
  readonly test: (actual: unknown, argument: string, options: MatchOptions) => MatchOutcome;
}

export interface MatchOptions {
  /** The actual value is text by nature (a header), so scalars in the expectation compare by their text. */
  readonly textual: boolean;
}

/**
 * `passed` with an optional `reason` shown after the actual value; or `error` when the matcher does not apply
 * to this value at all (`gt 5` on "abc"), which fails even under `not`.
 */
export type MatchOutcome = { passed: boolean; reason?: string } | { error: string };

const NUMBER_TEXT = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

/** A decimal number as text (`18`, `-2.5`, `1e3`); rejects hex, `Infinity` and empty text, which Number() accepts. */
export function parseNumberText(text: string): number | undefined {
  const trimmed = text.trim();
  return NUMBER_TEXT.test(trimmed) ? Number(trimmed) : undefined;
}

/** Strips one pair of matching surrounding quotes, so `contains " x "` can express spaces. */
export function unquote(text: string): string {
  const quoted = /^(["'])([\s\S]*)\1$/.exec(text);
  return quoted ? (quoted[2] ?? '') : text;
}
