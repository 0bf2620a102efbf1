/**
 * `count()`, `length()` and `regex()` in `expect` and `save` keys (DECISIONS, Wave 2 "Functions"; SPEC, `save`
 * sources, for `count` on null and on a missing path).
 */
import { describeType } from '../../expressions/index.js';
import { firstCapture } from '../matchers/regexCapture.js';
import { missing, type Resolved } from './resolved.js';

/** Items of a list, keys of an object; explicit null counts 0 (SPEC, `save` sources). */
export function countOf(argumentText: string, value: unknown): Resolved {
  if (value === null) return { found: true, value: 0 };
  if (Array.isArray(value)) return { found: true, value: value.length };
  if (typeof value === 'object') return { found: true, value: Object.keys(value as object).length };
  return missing(`\`${argumentText}\` is ${describeType(value)}, not an array or an object`);
}

/** Characters of a text in Unicode code points (an emoji is one), counted without copying the text. */
export function lengthOf(argumentText: string, value: unknown): Resolved {
  if (typeof value !== 'string') return missing(`\`${argumentText}\` is ${describeType(value)}, not text`);
  let length = 0;
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    // A high surrogate followed by a low one is one code point.
    if (code >= 0xd800 && code <= 0xdbff && i + 1 < value.length) {
      const next = value.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i++;
    }
    length++;
  }
  return { found: true, value: length };
}

/** Numbers and booleans are read as their text, as the text matchers do. */
export function regexOf(argumentText: string, value: unknown, pattern: string): Resolved {
  const text =
    typeof value === 'string'
      ? value
      : typeof value === 'number' || typeof value === 'boolean'
        ? String(value)
        : undefined;
  if (text === undefined) return missing(`\`${argumentText}\` is ${describeType(value)}, not text`);
  const capture = firstCapture(pattern, text);
  if ('error' in capture) return missing(capture.error);
  return capture.value === undefined
    ? missing(`no match for ${pattern.startsWith('/') ? pattern : `/${pattern}/`} in \`${argumentText}\``)
    : { found: true, value: capture.value };
}
