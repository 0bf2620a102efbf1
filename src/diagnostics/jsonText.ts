/**
 * JSON text from a server (a body, a cached value, JWT claims), judged without recursion (DECISIONS.md, Wave 2 /
 * Platform: "Bad input never crashes"). Parsing itself is safe at any depth, but every later walk of the
 * value (checks, masking, reporters, MCP replies) is not, so a body nested deeper than MAX_JSON_DEPTH is kept
 * as text; and a body that does not parse is kept as text with the place where it stops being JSON.
 */

/** Deep enough for any real API (they rarely pass 20), shallow enough for every walker that follows. */
export const MAX_JSON_DEPTH = 1000;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/** Whether `text` opens more than `limit` arrays or objects inside one another (strings skipped). */
export function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === BACKSLASH) i++;
      else if (code === QUOTE) inString = false;
    } else if (code === QUOTE) inString = true;
    else if (code === 0x5b || code === 0x7b) {
      if (++depth > limit) return true;
    } else if (code === 0x5d || code === 0x7d) depth--;
  }
  return false;
}

/** Integers past 2^53 would lose digits as numbers (`12345678901234567890`), so they stay text. */
function keepsItsValue(decoded: unknown, text: string): boolean {
  if (typeof decoded !== 'number') return true;
  if (!Number.isFinite(decoded)) return false;
  return Number.isSafeInteger(decoded) || !/^\s*-?\d+\s*$/.test(text);
}

/**
 * A value whose whole text may be JSON (a cached value, a stream message or event): the JSON value when the
 * text is JSON, else the text itself. Text nested deeper than MAX_JSON_DEPTH, and an integer JSON would round,
 * stay text, as a response body does.
 */
export function decodeJsonText(text: string): unknown {
  if (nestsDeeperThan(text, MAX_JSON_DEPTH)) return text;
  try {
    const decoded: unknown = JSON.parse(text);
    return keepsItsValue(decoded, text) ? decoded : text;
  } catch {
    return text;
  }
}

/** 1-based line and column of a 0-based offset, as editors count them. */
function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text.charCodeAt(i) === 0x0a) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}

const WHITESPACE = /[ \t\n\r]*/y;
// eslint-disable-next-line no-control-regex -- RFC 8259 forbids raw control characters in strings
const STRING = /"(?:[^"\\\u0000-\u001f]|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4}))*"/y;
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const LITERAL = /true|false|null/y;

function matchAt(pattern: RegExp, text: string, at: number): number {
  pattern.lastIndex = at;
  return pattern.test(text) ? pattern.lastIndex : -1;
}

/**
 * The offset where `text` stops being JSON (RFC 8259), or undefined when it is JSON. A loop over an explicit
 * stack of open containers, so no input can overflow the call stack. Used only after `JSON.parse` failed:
 * its messages do not always give a position (`Unexpected token 'a', "abc" is not valid JSON`).
 */
export function jsonErrorOffset(text: string): number | undefined {
  /** `[` or `{` per open container. */
  const open: number[] = [];
  let at = matchAt(WHITESPACE, text, 0);
  // What the next token may be: a value, or (inside a container) what follows one.
  let expect: 'value' | 'key' | 'after-value' | 'first-value' | 'first-key' = 'value';
  for (;;) {
    at = matchAt(WHITESPACE, text, at);
    if (expect === 'after-value') {
      const top = open[open.length - 1];
      if (top === undefined) return at === text.length ? undefined : at;
      const code = text.charCodeAt(at);
      if (code === 0x2c) {
        expect = top === 0x5b ? 'value' : 'key';
        at++;
      } else if ((top === 0x5b && code === 0x5d) || (top === 0x7b && code === 0x7d)) {
        open.pop();
        at++;
      } else return at;
      continue;
    }
    if (expect === 'key' || expect === 'first-key') {
      if (expect === 'first-key' && text.charCodeAt(at) === 0x7d) {
        open.pop();
        at++;
        expect = 'after-value';
        continue;
      }
      const end = matchAt(STRING, text, at);
      if (end < 0) return at;
      at = matchAt(WHITESPACE, text, end);
      if (text.charCodeAt(at) !== 0x3a) return at;
      at++;
      expect = 'value';
      continue;
    }
    const code = text.charCodeAt(at);
    if (expect === 'first-value' && code === 0x5d) {
      open.pop();
      at++;
      expect = 'after-value';
      continue;
    }
    if (code === 0x5b || code === 0x7b) {
      open.push(code);
      at++;
      expect = code === 0x5b ? 'first-value' : 'first-key';
      continue;
    }
    const end = Math.max(matchAt(STRING, text, at), matchAt(NUMBER, text, at), matchAt(LITERAL, text, at));
    if (end < 0) return at;
    at = end;
    expect = 'after-value';
  }
}

/** Why a body that says it is JSON is kept as text: where the JSON breaks, by line and column. */
export function describeInvalidJson(text: string): string {
  const offset = jsonErrorOffset(text) ?? text.length;
  const { line, column } = lineAndColumn(text, offset);
  const what = offset >= text.length ? 'ends early' : 'breaks';
  return `the response body is not valid JSON (it ${what} at line ${line}, column ${column})`;
}

/** Why a body too deep to walk is kept as text, naming the limit. */
export function describeTooDeep(): string {
  return `the response body is nested deeper than ${MAX_JSON_DEPTH} levels and is kept as text`;
}
