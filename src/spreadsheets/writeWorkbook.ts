/**
 * Writes one sheet to an .xlsx file (SPEC, "`export` object"): a header row, then one row per item. The file
 * appears whole or not at all: it is written to a temporary file beside it and renamed into place, so a
 * reader never sees half a workbook and a failed export leaves any earlier file as it was.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { Workbook } from '@cj-tech-master/excelts';
import { toWrittenCell, type WrittenCell } from './cellValues.js';
import { SpreadsheetError } from './spreadsheetError.js';

/**
 * `rows[i][j]` is the value for `headers[j]`; see toWrittenCell for how values become cells. `display` names
 * the file in messages.
 */
export async function writeWorkbook(
  file: string,
  sheet: string,
  headers: readonly string[],
  rows: readonly (readonly unknown[])[],
  display: string = file,
): Promise<void> {
  const cells = rows.map((row, r) => headers.map((header, c) => cellFor(row[c], r, header)));
  const workbook = new Workbook();
  const worksheet = workbook.addWorksheet(sheet);
  worksheet.addRow([...headers]);
  worksheet.getRow(1).font = { bold: true };
  for (const row of cells) worksheet.addRow(row);
  const bytes = await workbook.xlsx.writeBuffer();
  await writeAtomically(file, bytes, display);
}

function cellFor(value: unknown, row: number, header: string): WrittenCell {
  const cell = toWrittenCell(value);
  if (cell !== null && typeof cell === 'object') {
    throw new SpreadsheetError('spreadsheet.cell', `item ${row + 1}, column \`${header}\`: ${cell.problem}`);
  }
  return cell;
}

async function writeAtomically(file: string, bytes: Uint8Array, display: string): Promise<void> {
  const directory = dirname(file);
  const temporary = join(directory, `.${basename(file)}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    await mkdir(directory, { recursive: true });
    await writeFile(temporary, bytes);
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true }).catch(() => undefined);
    const reason = error instanceof Error ? error.message : String(error);
    throw new SpreadsheetError('spreadsheet.file', `cannot write \`${display}\`: ${reason}`);
  }
}
