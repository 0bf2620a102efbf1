/**
 * Bash's ANSI-C quoting, `$'...'`, which Chromium's "Copy as cURL (bash)" uses for any value holding a
 * quote, a newline or a non-ASCII character: `\n`, `\t`, `\'`, `\xHH`, `\uHHHH`, octal `\NNN`, ...
 */

const SIMPLE_ESCAPES: Record<string, string> = {
  a: '\x07',
  b: '\b',
  e: '\x1b',
  E: '\x1b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
  v: '\v',
  '\\': '\\',
  "'": "'",
  '"': '"',
  '?': '?',
};

/**
 * Reads from just after `$'` to the closing quote. `\x`, octal and `\c` escapes stand for bytes, which are
 * collected and decoded as UTF-8 together, so `\xc3\xa9` is `é` as in bash. Undefined when never closed.
 */
export function readAnsiCQuoted(text: string, start: number): { value: string; end: number } | undefined {
  let value = '';
  let bytes: number[] = [];
  const flushBytes = () => {
    if (bytes.length > 0) value += new TextDecoder().decode(Uint8Array.from(bytes));
    bytes = [];
  };
  let i = start;
  while (i < text.length) {
    const ch = text[i] ?? '';
    if (ch === "'") {
      flushBytes();
      return { value, end: i + 1 };
    }
    if (ch !== '\\') {
      flushBytes();
      value += ch;
      i += 1;
      continue;
    }
    const escape = readEscape(text, i + 1);
    if (escape.byte !== undefined) {
      bytes.push(escape.byte);
    } else {
      flushBytes();
      value += escape.text;
    }
    i = escape.end;
  }
  return undefined;
}

interface Escape {
  text: string;
  byte?: number;
  end: number;
}

/** One escape; `at` is the character after the backslash. */
function readEscape(text: string, at: number): Escape {
  const ch = text[at];
  if (ch === undefined) return { text: '\\', end: at };
  const simple = SIMPLE_ESCAPES[ch];
  if (simple !== undefined) return { text: simple, end: at + 1 };
  if (ch === 'x') return hexEscape(text, at + 1, 2, true) ?? { text: '\\x', end: at + 1 };
  if (ch === 'u') return hexEscape(text, at + 1, 4, false) ?? { text: '\\u', end: at + 1 };
  if (ch === 'U') return hexEscape(text, at + 1, 8, false) ?? { text: '\\U', end: at + 1 };
  if (ch === 'c' && at + 1 < text.length) {
    const control = (text.charCodeAt(at + 1) & 0x1f) as number;
    return { text: '', byte: control, end: at + 2 };
  }
  const octal = /^[0-7]{1,3}/.exec(text.slice(at, at + 3))?.[0];
  if (octal !== undefined) return { text: '', byte: parseInt(octal, 8) & 0xff, end: at + octal.length };
  // An unknown escape keeps its backslash, as bash does.
  return { text: `\\${ch}`, end: at + 1 };
}

function hexEscape(text: string, from: number, maxDigits: number, isByte: boolean): Escape | undefined {
  const digits = new RegExp(`^[0-9a-fA-F]{1,${maxDigits}}`).exec(text.slice(from, from + maxDigits))?.[0];
  if (digits === undefined) return undefined;
  const code = parseInt(digits, 16);
  const end = from + digits.length;
  if (isByte) return { text: '', byte: code, end };
  return code <= 0x10ffff ? { text: String.fromCodePoint(code), end } : undefined;
}
