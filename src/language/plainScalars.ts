/**
 * What a YAML scalar's text means: the YAML 1.2 core schema that the `yaml` package applies to plain
 * (unquoted) scalars, and the escapes of double-quoted ones. Used by commonYaml.ts, which must give exactly
 * the values `yaml` gives; anything these functions do not know is answered with `undefined` so that the
 * reader hands the document to `yaml`.
 */
import type { ScalarValue } from './yamlTree.js';

const TYPED_START = /^[-+.0-9~nNtTfF]/;
const INT = /^[-+]?[0-9]+$/;
const OCT = /^0o[0-7]+$/;
const HEX = /^0x[0-9a-fA-F]+$/;
const INF_NAN = /^(?:[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$/;
const FLOAT_EXP = /^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)[eE][-+]?[0-9]+$/;
const FLOAT = /^[-+]?(?:\.[0-9]+|[0-9]+\.[0-9]*)$/;

/** The core schema's tests, in the order `yaml` tries them: null, bool, int (octal, decimal, hex), float. */
export function plainValue(text: string): ScalarValue {
  if (text === '') return null;
  // Most scalars are words: a first letter outside every typed form settles it at once.
  if (!TYPED_START.test(text)) return text;
  const first = text.charCodeAt(0);
  if (text === '~' || text === 'null' || text === 'Null' || text === 'NULL') return null;
  if (text === 'true' || text === 'True' || text === 'TRUE') return true;
  if (text === 'false' || text === 'False' || text === 'FALSE') return false;
  if (first === 0x30 /* 0 */ && OCT.test(text)) return parseInt(text.substring(2), 8);
  if (INT.test(text)) return parseInt(text, 10);
  if (first === 0x30 && HEX.test(text)) return parseInt(text.substring(2), 16);
  if (INF_NAN.test(text)) {
    if (text.slice(-3).toLowerCase() === 'nan') return NaN;
    return text.startsWith('-') ? Number.NEGATIVE_INFINITY : Number.POSITIVE_INFINITY;
  }
  if (FLOAT_EXP.test(text) || FLOAT.test(text)) return parseFloat(text);
  return text;
}

const SIMPLE_ESCAPES: Readonly<Record<string, string>> = {
  '0': '\0',
  a: '\x07',
  b: '\b',
  t: '\t',
  n: '\n',
  v: '\v',
  f: '\f',
  r: '\r',
  e: '\x1b',
  ' ': ' ',
  '"': '"',
  '/': '/',
  '\\': '\\',
  N: '\x85',
  _: '\xa0',
  L: '\u2028',
  P: '\u2029',
};

const HEX_DIGITS = { x: 2, u: 4 } as const;

/**
 * The value of a double-quoted scalar's inner text (between its quotes, on one line), or undefined for an
 * escape this reader leaves to `yaml` (`\U`, a bad one, which `yaml` reports).
 */
export function doubleQuotedValue(inner: string): string | undefined {
  if (!inner.includes('\\')) return inner;
  let out = '';
  let at = 0;
  for (;;) {
    const slash = inner.indexOf('\\', at);
    if (slash === -1) return out + inner.slice(at);
    out += inner.slice(at, slash);
    const code = inner.charAt(slash + 1);
    const simple = SIMPLE_ESCAPES[code];
    if (simple !== undefined) {
      out += simple;
      at = slash + 2;
      continue;
    }
    const digits = code === 'x' || code === 'u' ? HEX_DIGITS[code] : undefined;
    if (digits === undefined) return undefined;
    const hex = inner.slice(slash + 2, slash + 2 + digits);
    if (hex.length !== digits || !/^[0-9a-fA-F]+$/.test(hex)) return undefined;
    out += String.fromCharCode(parseInt(hex, 16));
    at = slash + 2 + digits;
  }
}
