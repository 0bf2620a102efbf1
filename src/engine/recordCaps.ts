import { describeBytes } from '../http/index.js';

/**
 * How much of a large value a step's record keeps (issue 14): records go to every report, so a 50 MB download
 * or a 100,000-row sheet would make each report that large. Checks and saves always see the whole value;
 * only the record is cut, and a warning on the step says what was cut.
 */
export const RECORDED_BODY_BYTES = 1024 * 1024;
export const RECORDED_ROWS = 1_000;

/**
 * A body as its record keeps it: whole up to RECORDED_BODY_BYTES. A larger JSON body keeps its shape, cut
 * where the budget runs out (a list or an object says how many items or keys were cut, a string ends in
 * `…`), so the masking boundary still finds its fields by name: as text, `"password": "..."` would pass
 * unmasked. A larger text body keeps the start of its text.
 */
export function recordedBody(
  body: unknown,
  /** The body's text, or its bytes when it is too large to hold as text. */
  text: string | Uint8Array,
  sizeBytes: number,
  what: string,
): { body: unknown; warning?: string } {
  if (sizeBytes <= RECORDED_BODY_BYTES) return { body };
  const limit = describeBytes(RECORDED_BODY_BYTES);
  if (typeof body === 'object' && body !== null) {
    return {
      body: cutJson(body, { left: RECORDED_BODY_BYTES }),
      warning: `${what} is ${describeBytes(sizeBytes)}: the reports keep about its first ${limit}, its longer lists, objects and strings cut`,
    };
  }
  // No more characters than bytes are kept, so a long text is never encoded whole.
  const bytes =
    typeof text === 'string'
      ? Buffer.from(text.slice(0, RECORDED_BODY_BYTES))
      : Buffer.from(text.buffer, text.byteOffset, Math.min(text.byteLength, RECORDED_BODY_BYTES));
  const kept = bytes
    .subarray(0, RECORDED_BODY_BYTES)
    .toString('utf8')
    .replace(/\uFFFD$/, '');
  return {
    body: kept,
    warning: `${what} is ${describeBytes(sizeBytes)}: the reports keep its first ${limit}, as text`,
  };
}

/** A JSON value within about `budget.left` characters of JSON text, its shape kept (see recordedBody). */
function cutJson(value: unknown, budget: { left: number }): unknown {
  if (typeof value === 'string') {
    const cost = value.length + 2;
    if (cost <= budget.left) {
      budget.left -= cost;
      return value;
    }
    const kept = value.slice(0, Math.max(0, budget.left - 3));
    budget.left = 0;
    return `${kept}…`;
  }
  if (typeof value !== 'object' || value === null) {
    budget.left -= String(value).length;
    return value;
  }
  if (Array.isArray(value)) {
    const out: unknown[] = [];
    for (const [i, item] of value.entries()) {
      if (budget.left <= 0) {
        out.push(`… ${(value.length - i).toLocaleString('en-US')} more items cut`);
        break;
      }
      budget.left -= 1;
      out.push(cutJson(item, budget));
    }
    return out;
  }
  const out: Record<string, unknown> = {};
  const keys = Object.keys(value);
  for (const [i, key] of keys.entries()) {
    if (budget.left <= 0) {
      out['…'] = `${(keys.length - i).toLocaleString('en-US')} more keys cut`;
      break;
    }
    budget.left -= key.length + 4;
    out[key] = cutJson((value as Record<string, unknown>)[key], budget);
  }
  return out;
}

/** Rows saved by an `import` step as its record keeps them: the first RECORDED_ROWS. */
export function recordedRows(
  name: string,
  rows: readonly unknown[],
): { rows: readonly unknown[]; warning?: string } {
  if (rows.length <= RECORDED_ROWS) return { rows };
  return {
    rows: rows.slice(0, RECORDED_ROWS),
    warning: `\`${name}\` holds ${rows.length.toLocaleString('en-US')} rows: the reports keep the first ${RECORDED_ROWS.toLocaleString('en-US')}`,
  };
}
