/**
 * How a value reads inside text (a template that is more than one expression): strings as they are,
 * numbers and booleans via String, null as "null", objects and arrays as JSON.
 */
export function formatValue(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined) return '';
  if (value !== null && typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** A value quoted for an error message, shortened so a large body does not flood the output. */
export function quoteValue(value: unknown): string {
  const text =
    typeof value === 'string' || (value !== null && typeof value === 'object')
      ? JSON.stringify(value)
      : String(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

export function describeType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  return `a ${typeof value}`;
}
