import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateRawSync } from 'node:zlib';
import { Workbook } from '@cj-tech-master/excelts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_READ_LIMITS } from './limits.js';
import { readWorkbook, type ReadOptions } from './readWorkbook.js';
import type { SpreadsheetErrorCode } from './spreadsheetError.js';
import { storedZip } from './storedZip.js';
import { writeWorkbook } from './writeWorkbook.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'runner-read-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const defaults: ReadOptions = { display: 'in.xlsx', headerRow: 1, dataStartRow: 2 };

/** A workbook built with the library directly, so the reader is tested on cells our writer never makes. */
async function fixture(name: string, build: (workbook: Workbook) => void): Promise<string> {
  const workbook = new Workbook();
  build(workbook);
  const path = join(dir, name);
  await writeFile(path, await workbook.xlsx.writeBuffer());
  return path;
}

async function failure(
  path: string,
  options: Partial<ReadOptions> = {},
): Promise<{ code: SpreadsheetErrorCode; message: string }> {
  try {
    await readWorkbook(path, { ...defaults, ...options });
  } catch (error) {
    return error as { code: SpreadsheetErrorCode; message: string };
  }
  throw new Error('expected the read to fail');
}

describe('readWorkbook', () => {
  it('reads back what writeWorkbook wrote, with types kept', async () => {
    const path = join(dir, 'round.xlsx');
    await writeWorkbook(
      path,
      'Users',
      ['User ID', 'Full Name', 'Active', 'Score'],
      [
        [1, '=cmd|calc', true, 9.5],
        [2, '@SUM(A1)', false, null],
      ],
    );
    expect(await readWorkbook(path, defaults)).toEqual({
      sheet: 'Users',
      rows: [
        { user_id: 1, full_name: '=cmd|calc', active: true, score: 9.5 },
        { user_id: 2, full_name: '@SUM(A1)', active: false, score: null },
      ],
      warnings: [],
    });
  });

  it('reads dates, cached formula results, rich text, links and errors', async () => {
    const path = await fixture('cells.xlsx', (workbook) => {
      const sheet = workbook.addWorksheet('Cells');
      sheet.addRow(['Customer Name ($)', 'Joined', 'Total', 'Note', 'Link', 'Check']);
      sheet.addRow([
        'Ann',
        new Date(Date.UTC(2024, 0, 15)),
        { formula: 'B1*2', result: 84 },
        { richText: [{ text: 'bold ', font: { bold: true } }, { text: 'plain' }] },
        { text: 'site', hyperlink: 'https://example.com' },
        { error: '#N/A' },
      ]);
      sheet.addRow(['Bob', new Date(Date.UTC(2024, 0, 15, 13, 30)), { formula: 'B1*3' }, 'n', null, null]);
    });
    expect((await readWorkbook(path, defaults)).rows).toEqual([
      {
        customer_name: 'Ann',
        joined: '2024-01-15',
        total: 84,
        note: 'bold plain',
        link: 'site',
        check: '#N/A',
      },
      {
        customer_name: 'Bob',
        joined: '2024-01-15T13:30:00.000Z',
        total: null,
        note: 'n',
        link: null,
        check: null,
      },
    ]);
  });

  it('picks the active sheet by default, or the named one (ignoring case)', async () => {
    const path = await fixture('sheets.xlsx', (workbook) => {
      workbook.addWorksheet('First').addRows([['K'], ['first']]);
      workbook.addWorksheet('Second').addRows([['K'], ['second']]);
      workbook.views = [
        { x: 0, y: 0, width: 100, height: 100, visibility: 'visible', activeTab: 1, firstSheet: 0 },
      ];
    });
    expect(await readWorkbook(path, defaults)).toMatchObject({ sheet: 'Second', rows: [{ k: 'second' }] });
    expect(await readWorkbook(path, { ...defaults, sheet: 'first' })).toMatchObject({
      sheet: 'First',
      rows: [{ k: 'first' }],
    });
    expect(await failure(path, { sheet: 'Third' })).toMatchObject({
      code: 'spreadsheet.missing-sheet',
      message: '`in.xlsx` has no sheet `Third` (sheets: `First`, `Second`)',
    });
  });

  it('honours header_row and data_start_row, and skips empty rows', async () => {
    const path = await fixture('offset.xlsx', (workbook) => {
      const sheet = workbook.addWorksheet('Report');
      sheet.getCell('A1').value = 'Quarterly report';
      sheet.getCell('A3').value = 'Id';
      sheet.getCell('B3').value = 'Name';
      sheet.getCell('A4').value = '(units)';
      sheet.getCell('A5').value = 1;
      sheet.getCell('B5').value = 'one';
      sheet.getCell('A7').value = 2;
      sheet.getCell('B7').value = 'two';
      sheet.getCell('A9').value = null;
      sheet.getCell('B12').value = '';
    });
    expect((await readWorkbook(path, { ...defaults, headerRow: 3, dataStartRow: 5 })).rows).toEqual([
      { id: 1, name: 'one' },
      { id: 2, name: 'two' },
    ]);
  });

  it('maps explicit columns and leaves the others out', async () => {
    const path = join(dir, 'alias.xlsx');
    await writeWorkbook(path, 'S', ['Id', 'E-Mail Address', 'Notes'], [[1, 'a@x.io', 'n']]);
    const read = await readWorkbook(path, {
      ...defaults,
      columns: [{ header: 'e-mail address', as: 'email' }],
    });
    expect(read.rows).toEqual([{ email: 'a@x.io' }]);
    expect(await failure(path, { columns: [{ header: 'Phone', as: 'phone' }] })).toMatchObject({
      code: 'spreadsheet.missing-column',
      message: 'sheet `S` of `in.xlsx` has no column `Phone` (headers: `Id`, `E-Mail Address`, `Notes`)',
    });
  });

  it('warns about headers that give the same key', async () => {
    const path = join(dir, 'dupes.xlsx');
    await writeWorkbook(path, 'S', ['Name', 'NAME'], [['a', 'b']]);
    const read = await readWorkbook(path, defaults);
    expect(read.rows).toEqual([{ name: 'a', name_2: 'b' }]);
    expect(read.warnings).toHaveLength(1);
  });

  it('fails when the header row is empty or missing', async () => {
    const path = await fixture('noheader.xlsx', (workbook) => {
      const sheet = workbook.addWorksheet('S');
      sheet.getCell('A2').value = 'data';
    });
    expect(await failure(path)).toMatchObject({
      code: 'spreadsheet.missing-header',
      message:
        'sheet `S` of `in.xlsx` has no header row: row 1 is empty (set `header_row` to the row with the column names)',
    });
    expect(await failure(path, { headerRow: 10, dataStartRow: 11 })).toMatchObject({
      code: 'spreadsheet.missing-header',
    });
  });

  it('fails clearly for files that are not xlsx workbooks', async () => {
    const text = join(dir, 'notes.xlsx');
    await writeFile(text, 'id,name\n1,a\n');
    expect(await failure(text)).toMatchObject({
      code: 'spreadsheet.not-xlsx',
      message:
        '`in.xlsx` is not an .xlsx file: it is not a ZIP archive (an .xlsx file is one; was it saved as .xls or .csv?)',
    });

    const otherZip = join(dir, 'other.xlsx');
    await writeFile(otherZip, Buffer.concat(storedZip([{ name: 'readme.txt', data: Buffer.from('hi') }])));
    expect(await failure(otherZip)).toMatchObject({ code: 'spreadsheet.not-xlsx' });

    const truncated = join(dir, 'truncated.xlsx');
    const whole = Buffer.concat(storedZip([{ name: '[Content_Types].xml', data: Buffer.from('<x/>') }]));
    await writeFile(truncated, whole.subarray(0, whole.length - 30));
    expect(await failure(truncated)).toMatchObject({ code: 'spreadsheet.not-xlsx' });

    const noSheets = join(dir, 'nosheets.xlsx');
    await writeFile(
      noSheets,
      Buffer.concat(storedZip([{ name: '[Content_Types].xml', data: Buffer.from('<Types/>') }])),
    );
    expect(await failure(noSheets)).toMatchObject({
      code: 'spreadsheet.not-xlsx',
      message: '`in.xlsx` is not an .xlsx file: it has no worksheets',
    });

    expect(await failure(join(dir, 'absent.xlsx'))).toMatchObject({
      code: 'spreadsheet.not-found',
      message: '`in.xlsx` does not exist',
    });
  });
});

describe('readWorkbook limits', () => {
  it('documents the defaults', () => {
    expect(DEFAULT_READ_LIMITS).toEqual({
      maxFileBytes: 20 * 1024 * 1024,
      maxUncompressedBytes: 128 * 1024 * 1024,
      maxEntries: 10_000,
      maxRows: 100_000,
    });
  });

  it('refuses a file over the size limit before reading it', async () => {
    const path = join(dir, 'round.xlsx');
    const limits = { ...DEFAULT_READ_LIMITS, maxFileBytes: 1000 };
    expect(await failure(path, { limits })).toMatchObject({
      code: 'spreadsheet.too-large',
      message: expect.stringMatching(/^`in\.xlsx` is [\d,]+ bytes; files over 1,000 bytes are not imported$/),
    });
  });

  it('stops a part that inflates past the budget (a zip bomb)', async () => {
    // A real deflated part whose central directory entry is honest about its compressed size only.
    const zeros = deflateRawSync(Buffer.alloc(4 * 1024 * 1024));
    const path = join(dir, 'bomb.xlsx');
    await writeFile(path, deflatedZip('xl/sharedStrings.xml', zeros));
    const limits = { ...DEFAULT_READ_LIMITS, maxUncompressedBytes: 1024 * 1024 };
    expect(await failure(path, { limits })).toMatchObject({
      code: 'spreadsheet.too-large',
      message: '`in.xlsx` unpacks to more than 1 MiB; it is too large to import',
    });
  });

  it('stops at the row limit while streaming', async () => {
    const path = join(dir, 'rows.xlsx');
    await writeWorkbook(path, 'S', ['N'], [[1], [2], [3], [4]]);
    const limits = { ...DEFAULT_READ_LIMITS, maxRows: 3 };
    expect(await failure(path, { limits })).toMatchObject({
      code: 'spreadsheet.too-many-rows',
      message: 'sheet `S` of `in.xlsx` has more than 3 data rows; at most that many are imported',
    });
    expect((await readWorkbook(path, { ...defaults, limits: { ...limits, maxRows: 4 } })).rows).toHaveLength(
      4,
    );
  });
});

/** A one-part ZIP whose part is already deflated. */
function deflatedZip(name: string, deflated: Buffer): Buffer {
  const nameBytes = Buffer.from(name);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(deflated.length, 18);
  local.writeUInt16LE(nameBytes.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(deflated.length, 20);
  central.writeUInt16LE(nameBytes.length, 28);
  const directoryOffset = local.length + nameBytes.length + deflated.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + nameBytes.length, 12);
  end.writeUInt32LE(directoryOffset, 16);
  return Buffer.concat([local, nameBytes, deflated, central, nameBytes, end]);
}
