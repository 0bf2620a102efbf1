import { describeBytes } from '../http/index.js';

/**
 * How much of a large value a step's record keeps (issue 14): records go to every report, so a 50 MB download
 * or a 100,000-row sheet would make each report that large. Checks and saves always see the whole value;
 * only the record is cut, and a warning on the step says what was cut.
 */
export const RECORDED_BODY_BYTES = 1024 * 1024;
export const RECORDED_ROWS = 1_000;

/**
 * A body as its record keeps it: whole up to RECORDED_BODY_BYTES, else the start of its text. `text` is the
 * body as text (decoded), `sizeBytes` its size.
 */
export function recordedBody(
  body: unknown,
  text: string,
  sizeBytes: number,
  what: string,
): { body: unknown; warning?: string } {
  if (sizeBytes <= RECORDED_BODY_BYTES) return { body };
  const kept = Buffer.from(text)
    .subarray(0, RECORDED_BODY_BYTES)
    .toString('utf8')
    .replace(/\uFFFD$/, '');
  return {
    body: kept,
    warning: `${what} is ${describeBytes(sizeBytes)}: the reports keep its first ${describeBytes(RECORDED_BODY_BYTES)}, as text`,
  };
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
