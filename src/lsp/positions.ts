/**
 * Between runner's places (1-based line and column, in UTF-16 units as the `yaml` package counts them) and
 * the protocol's (0-based line and character, UTF-16 by default).
 */
import type { Position, Range } from 'vscode-languageserver/node';
import type { SourceLocation } from '../diagnostics/location.js';

export function toPosition(loc: Pick<SourceLocation, 'line' | 'col'>): Position {
  return { line: Math.max(0, loc.line - 1), character: Math.max(0, loc.col - 1) };
}

/** Whether `a` comes before `b` or is the same place. */
export function notAfter(a: Position, b: Position): boolean {
  return a.line < b.line || (a.line === b.line && a.character <= b.character);
}

/**
 * The word that starts at `loc` on its line, so an editor underlines `metod` rather than one character: up to
 * whitespace, a `,`, `]`, `}` or `#`, or a `:` that ends a key. A quoted value is taken whole.
 */
export function wordRange(loc: SourceLocation, lines: readonly string[]): Range {
  const start = toPosition(loc);
  const text = lines[start.line] ?? '';
  let end = start.character;
  const quote = text[end];
  if (quote === '"' || quote === "'") {
    const closing = text.indexOf(quote, end + 1);
    end = closing === -1 ? text.length : closing + 1;
  } else {
    while (end < text.length && !endsWord(text, end)) end += 1;
  }
  if (end === start.character) end = Math.min(text.length, end + 1);
  return { start, end: { line: start.line, character: Math.max(end, start.character) } };
}

function endsWord(text: string, index: number): boolean {
  const char = text[index] ?? '';
  if (/[\s,\]}#]/.test(char)) return true;
  return char === ':' && (index + 1 >= text.length || /\s/.test(text[index + 1] ?? ''));
}
