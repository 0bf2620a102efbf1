/**
 * How deeply expressions may nest. The parsers, the evaluator and the reference walk recurse once per level,
 * so without a limit a crafted value (thousands of `(`, `!` or `$if(`) would overflow the call stack. Template
 * calls, `$if` conditions and parentheses count together: one parse shares one NestingDepth, so no mix of
 * them gets past the limit either.
 */
import { ExpressionError } from '../diagnostics/errors.js';

export const MAX_NESTING_DEPTH = 64;

/** What is nesting, for the message: "conditions may nest at most 64 levels". */
export type NestingKind = 'condition' | 'template';

export class NestingDepth {
  #depth = 0;

  /**
   * Runs `parse` one level deeper. When that level would pass the limit, `parse` is not run and the
   * error (code `<kind>.too-deep`, at `offset`) goes to `tooDeep` instead, which throws or returns a fallback.
   */
  descend<T>(kind: NestingKind, offset: number, parse: () => T, tooDeep: (error: ExpressionError) => T): T {
    if (this.#depth >= MAX_NESTING_DEPTH) return tooDeep(tooDeepError(kind, offset));
    this.#depth++;
    try {
      return parse();
    } finally {
      this.#depth--;
    }
  }
}

function tooDeepError(kind: NestingKind, offset: number): ExpressionError {
  return new ExpressionError(
    `${kind}.too-deep`,
    `${kind}s may nest at most ${MAX_NESTING_DEPTH} levels`,
    offset,
    'simplify the expression',
  );
}
