/**
 * Reads one sheet of an .xlsx file into row maps (SPEC, "`import` object"). The file passes the limits in
 * limits.ts before the spreadsheet library sees it; the library then streams the sheet row by row, so the
 * row limit stops a long sheet as soon as it is crossed. This module (and with it the library) is
 * loaded only when a step needs it (spreadsheetFiles.ts).
 */
import { readFile, stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { WorkbookReader } from '@cj-tech-master/excelts';
import { fromReadCell, headerText } from './cellValues.js';
import { keysFromAliases, keysFromHeaders, type ColumnAlias, type ColumnKey } from './headerKeys.js';
import { DEFAULT_READ_LIMITS, formatBytes, type ReadLimits } from './limits.js';
import { SpreadsheetError } from './spreadsheetError.js';
import { storedZip } from './storedZip.js';
import { unzipEntries } from './zipEntries.js';

export interface ReadOptions {
  /** How messages name the file (its path relative to the project). */
  display: string;
  /** Default: the workbook's active sheet, else the first. */
  sheet?: string;
  /** 1-based. */
  headerRow: number;
  /** 1-based; rows before it (and the header row itself) are never data. */
  dataStartRow: number;
  columns?: readonly ColumnAlias[];
  limits?: ReadLimits;
}

export interface ReadResult {
  sheet: string;
  rows: Record<string, unknown>[];
  /** Things the user should know that did not stop the import (duplicate header keys). */
  warnings: string[];
}

/** A row as the library streams it: `values[1]` is column A. */
interface StreamedRow {
  number: number;
  values: unknown;
}

export async function readWorkbook(file: string, options: ReadOptions): Promise<ReadResult> {
  const limits = options.limits ?? DEFAULT_READ_LIMITS;
  const what = `\`${options.display}\``;
  const bytes = await readLimited(file, what, limits);
  const entries = unzipEntries(bytes, what, limits);
  if (!entries.some((entry) => entry.name === '[Content_Types].xml')) {
    throw new SpreadsheetError(
      'spreadsheet.not-xlsx',
      `${what} is not an .xlsx file: it is a ZIP archive of something else`,
    );
  }
  const chunks = storedZip(entries).map((chunk) =>
    Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength),
  );
  const reader = new WorkbookReader(Readable.from(chunks), {
    worksheets: 'emit',
    sharedStrings: 'cache',
    styles: 'cache', // dates are numbers with a date format: the styles tell them apart
    hyperlinks: 'ignore',
    entries: 'ignore',
  });

  let target: string | undefined;
  try {
    for await (const worksheet of reader) {
      target ??= chooseSheet(reader.model, options.sheet);
      if (target === undefined || !sameName(worksheet.name, target)) continue;
      const rows = await readRows(worksheet, `sheet \`${worksheet.name}\` of ${what}`, options, limits);
      return { sheet: worksheet.name, ...rows };
    }
  } catch (error) {
    if (error instanceof SpreadsheetError) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    throw new SpreadsheetError('spreadsheet.not-xlsx', `${what} cannot be read as an .xlsx file: ${reason}`);
  }
  const names = (reader.model?.sheets ?? []).map((sheet) => `\`${sheet.name}\``);
  if (names.length === 0) {
    throw new SpreadsheetError('spreadsheet.not-xlsx', `${what} is not an .xlsx file: it has no worksheets`);
  }
  throw new SpreadsheetError(
    'spreadsheet.missing-sheet',
    `${what} has no sheet \`${target ?? chooseSheet(reader.model, options.sheet) ?? ''}\` (sheets: ${names.join(', ')})`,
  );
}

async function readLimited(file: string, what: string, limits: ReadLimits): Promise<Uint8Array> {
  try {
    const info = await stat(file);
    if (!info.isFile()) throw new SpreadsheetError('spreadsheet.file', `${what} is not a file`);
    if (info.size > limits.maxFileBytes) {
      throw new SpreadsheetError(
        'spreadsheet.too-large',
        `${what} is ${formatBytes(info.size)}; files over ${formatBytes(limits.maxFileBytes)} are not imported`,
      );
    }
    return await readFile(file);
  } catch (error) {
    if (error instanceof SpreadsheetError) throw error;
    const code = error instanceof Error && 'code' in error ? String(error.code) : '';
    if (code === 'ENOENT') throw new SpreadsheetError('spreadsheet.not-found', `${what} does not exist`);
    const reason = error instanceof Error ? error.message : String(error);
    throw new SpreadsheetError('spreadsheet.file', `cannot read ${what}: ${reason}`);
  }
}

/** Sheet names are unique ignoring case in Excel, so `sheet: customers` finds `Customers`. */
function sameName(a: string, b: string): boolean {
  return a === b || a.toLowerCase() === b.toLowerCase();
}

/** The named sheet, else the active one (the workbook view's `activeTab`), else the first. */
function chooseSheet(
  model: { sheets?: { name: string }[]; views?: unknown[] } | undefined,
  wanted: string | undefined,
): string | undefined {
  if (wanted !== undefined) return wanted;
  const sheets = model?.sheets ?? [];
  const view = model?.views?.[0];
  const active =
    typeof view === 'object' && view !== null && 'activeTab' in view && typeof view.activeTab === 'number'
      ? view.activeTab
      : 0;
  return (sheets[active] ?? sheets[0])?.name;
}

async function readRows(
  worksheet: AsyncIterable<StreamedRow>,
  where: string,
  options: ReadOptions,
  limits: ReadLimits,
): Promise<Omit<ReadResult, 'sheet'>> {
  const firstData = Math.max(options.dataStartRow, options.headerRow + 1);
  let columns: ColumnKey[] | undefined;
  let warnings: string[] = [];
  const rows: Record<string, unknown>[] = [];
  const missingHeader = (why: string) =>
    new SpreadsheetError(
      'spreadsheet.missing-header',
      `${where} has no header row: row ${options.headerRow} ${why} (set \`header_row\` to the row with the column names)`,
    );

  for await (const row of worksheet) {
    const values = Array.isArray(row.values) ? (row.values as unknown[]) : [];
    if (row.number === options.headerRow) {
      const headers = Array.from({ length: Math.max(values.length - 1, 0) }, (_, i) =>
        headerText(values[i + 1]),
      );
      if (headers.every((header) => header === '')) throw missingHeader('is empty');
      if (options.columns) columns = keysFromAliases(headers, options.columns, where);
      else ({ columns, warnings } = keysFromHeaders(headers));
      continue;
    }
    if (row.number < firstData) continue;
    if (!columns) throw missingHeader('is empty');
    const record: Record<string, unknown> = {};
    let empty = true;
    for (const { column, key } of columns) {
      const value = fromReadCell(values[column]);
      if (value !== null && value !== '') empty = false;
      // defineProperty: an `as` of `__proto__` must stay an ordinary key.
      Object.defineProperty(record, key, { value, enumerable: true, writable: true, configurable: true });
    }
    if (empty) continue;
    if (rows.length >= limits.maxRows) {
      throw new SpreadsheetError(
        'spreadsheet.too-many-rows',
        `${where} has more than ${limits.maxRows.toLocaleString('en-US')} data rows; at most that many are imported`,
      );
    }
    rows.push(record);
  }
  if (!columns) throw missingHeader(`is beyond the last row of the sheet`);
  return { rows, warnings };
}
