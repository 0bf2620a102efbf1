/**
 * Cell values between the runner's JSON-like data and the spreadsheet library's cell model, in both
 * directions. The rules are documented in docs/language.md, "Spreadsheets".
 */
import { MAX_CELL_TEXT } from './limits.js';

/** What the runner writes into a cell: a real number, a real boolean, text, or nothing. */
export type WrittenCell = string | number | boolean | null;

/**
 * Numbers stay numbers and booleans booleans (so Excel can sum and filter them); null and undefined leave the
 * cell empty; objects and arrays become their JSON text. Text is always a plain string cell, never a formula,
 * whatever it starts with (`=`, `+`, `-`, `@`): the library writes strings to the shared-string table, and
 * an object that looks like a library formula (`{formula: ...}`) is turned into text before it gets there.
 * Returns a message instead of a value when Excel cannot hold the text.
 */
export function toWrittenCell(value: unknown): WrittenCell | { problem: string } {
  if (value === null || value === undefined) return null;
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : String(value);
  const text = typeof value === 'string' ? value : textOf(value);
  if (text.length > MAX_CELL_TEXT) {
    return { problem: `text of ${text.length} characters is longer than Excel's ${MAX_CELL_TEXT} per cell` };
  }
  return text;
}

function textOf(value: unknown): string {
  if (typeof value === 'bigint' || typeof value === 'symbol' || typeof value === 'function')
    return String(value);
  if (value instanceof Date) return value.toISOString();
  return JSON.stringify(value) ?? String(value);
}

/**
 * A cell as read: numbers, booleans and strings keep their types; a date becomes ISO 8601 text (`2024-01-15`
 * at midnight, else `2024-01-15T13:30:00.000Z`), which matchers and templates handle as text; a formula gives
 * its cached result; rich text and hyperlinks give their plain text; an error cell gives its code (`#N/A`).
 */
export function fromReadCell(value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (value instanceof Date) return dateText(value);
  if (typeof value !== 'object') return String(value);
  if ('result' in value || 'formula' in value || 'sharedFormula' in value) {
    return fromReadCell((value as { result?: unknown }).result);
  }
  if ('richText' in value && Array.isArray(value.richText)) {
    return value.richText.map((run: unknown) => textField(run)).join('');
  }
  if ('error' in value && typeof value.error === 'string') return value.error;
  if ('checkbox' in value && typeof value.checkbox === 'boolean') return value.checkbox;
  if ('text' in value) return fromReadCell(value.text);
  return JSON.stringify(value);
}

function textField(run: unknown): string {
  if (typeof run === 'object' && run !== null && 'text' in run && typeof run.text === 'string')
    return run.text;
  return '';
}

function dateText(date: Date): string {
  if (Number.isNaN(date.getTime())) return '';
  const iso = date.toISOString();
  return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso;
}

/** A header cell as text: whatever the cell shows, trimmed; empty when the cell is. */
export function headerText(value: unknown): string {
  const read = fromReadCell(value);
  return read === null ? '' : String(read).trim();
}
