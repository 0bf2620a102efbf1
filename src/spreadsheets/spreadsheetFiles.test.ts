import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSpreadsheetFiles } from './spreadsheetFiles.js';

let root: string;
let files: ReturnType<typeof createSpreadsheetFiles>;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'runner-files-'));
  files = createSpreadsheetFiles({
    projectRoot: root,
    exportDir: join(root, 'exports'),
    display: (path) => relative(root, path),
  });
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

const read = (file: string) => files.read({ file, headerRow: 1, dataStartRow: 2 });

describe('createSpreadsheetFiles', () => {
  it('writes relative exports under export.path and absolute ones where they say', async () => {
    expect(await files.write({ file: 'a/one.xlsx', sheet: 'S', headers: ['N'], rows: [[1]] })).toEqual({
      file: 'exports/a/one.xlsx',
    });
    const absolute = join(root, 'elsewhere', 'two.xlsx');
    expect(await files.write({ file: absolute, sheet: 'S', headers: ['N'], rows: [[2]] })).toEqual({
      file: 'elsewhere/two.xlsx',
    });
    expect((await stat(absolute)).isFile()).toBe(true);
  });

  it('finds imports under the project root first, then export.path', async () => {
    expect(await read('a/one.xlsx')).toMatchObject({ file: 'exports/a/one.xlsx', rows: [{ n: 1 }] });
    await files.write({ file: join(root, 'a', 'one.xlsx'), sheet: 'S', headers: ['N'], rows: [[10]] });
    expect(await read('a/one.xlsx')).toMatchObject({ file: 'a/one.xlsx', rows: [{ n: 10 }] });
    expect(await read(join(root, 'elsewhere', 'two.xlsx'))).toMatchObject({ rows: [{ n: 2 }] });
  });

  it('refuses an empty path and an export that is not .xlsx', async () => {
    await expect(read(' ')).rejects.toThrow('`file` is empty');
    await expect(files.write({ file: 'out.XLSX.csv', sheet: 'S', headers: ['N'], rows: [] })).rejects.toThrow(
      'export file `out.XLSX.csv` must end with `.xlsx`',
    );
    expect(await files.write({ file: 'UPPER.XLSX', sheet: 'S', headers: ['N'], rows: [] })).toEqual({
      file: 'exports/UPPER.XLSX',
    });
  });
});
