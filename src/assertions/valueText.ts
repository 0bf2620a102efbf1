/** Longest rendering of a value in a one-line message; the full value stays in the result's `actual`. */
const MAX_VALUE_TEXT = 200;

/** A value as it appears in console messages: JSON, compact, cut at `max` characters. */
export function formatValue(value: unknown, max = MAX_VALUE_TEXT): string {
  let text: string;
  if (value === undefined) text = 'nothing';
  else if (typeof value === 'bigint') text = value.toString();
  else {
    try {
      text = JSON.stringify(value) ?? String(value);
    } catch {
      text = String(value);
    }
  }
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

/** "a string", "an array", "null": for messages such as "got 12 (a number, not a string)". */
export function describeType(value: unknown): string {
  if (value === null) return 'null';
  if (value === undefined) return 'nothing';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  return `a ${typeof value}`;
}
