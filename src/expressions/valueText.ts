/**
 * How values read as text. Two readings, on purpose: `valueAsText` is what a value becomes inside an
 * interpolated string (`id-$n` gives `id-7`, strings unquoted); `quoteValue` is how a value is shown in a
 * message (JSON, so `"7"` and `7` look different). `describeType` names the type for messages.
 */

/** Longest rendering of a value in a one-line message; the full value stays in a result's `actual`. */
const MAX_QUOTED_LENGTH = 200;

/**
 * A value inside text (a template that is more than one expression): strings as they are, numbers and
 * booleans via String, null as "null", objects and arrays as JSON, nothing as "".
 */
export function valueAsText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined) return '';
  if (value !== null && typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** A value shown in a message: compact JSON (numbers as written, so NaN stays NaN), cut at `max` characters. */
export function quoteValue(value: unknown, max = MAX_QUOTED_LENGTH): string {
  const text = value === undefined ? 'nothing' : jsonOrString(value);
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

function jsonOrString(value: unknown): string {
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

/** "a string", "an array", "null", "nothing": for messages such as "got 12 (a number, not a string)". */
export function describeType(value: unknown): string {
  if (value === null) return 'null';
  if (value === undefined) return 'nothing';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  return `a ${typeof value}`;
}
