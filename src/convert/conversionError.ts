import { RunnerError } from '../diagnostics/errors.js';
import type { SourceLocation } from '../diagnostics/location.js';

/**
 * A cURL command that cannot be converted (not a curl command, unbalanced quotes, no URL). It stops the
 * command: exit 2, "nothing could run" (DECISIONS, Exit codes).
 */
export function conversionError(
  code: string,
  message: string,
  options: { location?: SourceLocation; hint?: string } = {},
): RunnerError {
  return new RunnerError(`convert.${code}`, message, options);
}

/** Where the command text came from, for error positions: `<argument>` or `<stdin>`. */
export interface TextSource {
  name: string;
  text: string;
}

/** 1-based line and column of `offset` in the source text. */
export function locationAt(source: TextSource, offset: number): SourceLocation {
  const before = source.text.slice(0, offset);
  const line = before.split('\n').length;
  const col = offset - (before.lastIndexOf('\n') + 1) + 1;
  return { file: source.name, line, col };
}
