/** Low-level scanning shared by the template and condition parsers: ranges, quoted strings, brackets, commas. */

/** A half-open slice [start, end) of the source text; offsets stay absolute so errors point into the original. */
export interface Range {
  start: number;
  end: number;
}

export function trimRange(text: string, start: number, end: number): Range {
  let s = start;
  let e = end;
  while (s < e && /\s/.test(text[s] ?? '')) s++;
  while (e > s && /\s/.test(text[e - 1] ?? '')) e--;
  return { start: s, end: e };
}

const VALUE_STARTERS = new Set(['(', ',', '=', '!', '<', '>', '&', '|', '{']);

/**
 * A quote opens a string only where a value starts (after `(`, `,`, an operator, or at `floor`), so the
 * apostrophe in a bare word such as `it's` stays text.
 */
export function opensString(text: string, pos: number, floor: number): boolean {
  const ch = text[pos];
  if (ch !== "'" && ch !== '"') return false;
  let i = pos - 1;
  while (i >= floor && /\s/.test(text[i] ?? '')) i--;
  return i < floor || VALUE_STARTERS.has(text[i] ?? '');
}

/** The index just past the quote closing the string that opens at `pos`, or -1 when it is not closed. */
export function skipString(text: string, pos: number, end: number): number {
  const quote = text[pos];
  for (let i = pos + 1; i < end; i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === quote) return i + 1;
  }
  return -1;
}

/** Skips a string opening at `pos`; an unterminated quote is plain text (its own parser reports it). */
function skipStringAt(text: string, pos: number, end: number, floor: number): number {
  if (!opensString(text, pos, floor)) return pos + 1;
  const after = skipString(text, pos, end);
  return after < 0 ? pos + 1 : after;
}

/**
 * The index of the bracket closing the `(` or `{` at `openPos`, or -1. Only brackets of the same kind nest,
 * so a stray `{` inside parentheses is text; strings are skipped.
 */
export function findClosing(text: string, openPos: number, end: number): number {
  const open = text[openPos];
  const close = open === '(' ? ')' : '}';
  let depth = 0;
  let i = openPos;
  while (i < end) {
    const ch = text[i];
    if (ch === open) depth++;
    else if (ch === close && --depth === 0) return i;
    i = ch === "'" || ch === '"' ? skipStringAt(text, i, end, openPos + 1) : i + 1;
  }
  return -1;
}

/** Splits [start, end) on commas outside brackets and strings; each piece is trimmed. */
export function splitArguments(text: string, start: number, end: number): Range[] {
  const pieces: Range[] = [];
  let depth = 0;
  let pieceStart = start;
  let i = start;
  while (i < end) {
    const ch = text[i] ?? '';
    if ('({['.includes(ch)) depth++;
    else if (')}]'.includes(ch)) depth--;
    else if (ch === ',' && depth === 0) {
      pieces.push(trimRange(text, pieceStart, i));
      pieceStart = i + 1;
    }
    i = ch === "'" || ch === '"' ? skipStringAt(text, i, end, pieceStart) : i + 1;
  }
  pieces.push(trimRange(text, pieceStart, end));
  return pieces;
}

/** The content of a string literal that spans exactly [start, end), with `\'`, `\"` and `\\` unescaped. */
export function readStringLiteral(text: string, range: Range): string | undefined {
  const quote = text[range.start];
  if ((quote !== "'" && quote !== '"') || skipString(text, range.start, range.end) !== range.end)
    return undefined;
  return text.slice(range.start + 1, range.end - 1).replace(/\\(["'\\])/g, '$1');
}
