/**
 * A request body becomes a YAML map only when runner would send the same bytes back (issue 15): an object
 * or array written compactly, as JSON.stringify writes it, whose numbers survive a trip through JavaScript
 * numbers (`12345678901234567890`, `1.0` and `1e3` would not) and whose keys are not repeated. Otherwise
 * the body stays a raw string.
 */

export function parseFaithfulJson(text: string): { value: unknown } | undefined {
  const trimmed = text;
  if (!trimmed.startsWith('{') && !trimmed.startsWith('[')) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(trimmed);
  } catch {
    return undefined;
  }
  if (!numbersSurvive(trimmed) || countKeys(value) !== countWrittenKeys(trimmed)) return undefined;
  if (JSON.stringify(value) !== text) return undefined;
  return { value };
}

/** Every number token outside strings, compared with how JSON.stringify writes it back. */
function numbersSurvive(text: string): boolean {
  for (const token of tokensOutsideStrings(text)) {
    if (!/^-?\d/.test(token)) continue;
    if (JSON.stringify(Number(token)) !== token) return false;
  }
  return true;
}

/** Keys in the parsed value; fewer than written when a key is repeated in one object. */
function countKeys(value: unknown): number {
  if (Array.isArray(value)) return value.reduce((sum: number, item) => sum + countKeys(item), 0);
  if (value === null || typeof value !== 'object') return 0;
  return Object.values(value).reduce((sum: number, item) => sum + 1 + countKeys(item), 0);
}

/** A string followed by `:` is a key. */
function countWrittenKeys(text: string): number {
  return [...text.matchAll(/"(?:[^"\\]|\\.)*"\s*:/g)].length;
}

function tokensOutsideStrings(text: string): string[] {
  return text
    .replace(/"(?:[^"\\]|\\.)*"/g, ' ')
    .split(/[\s,:[\]{}]+/)
    .filter((token) => token !== '');
}
