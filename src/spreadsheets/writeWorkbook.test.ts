import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readWorkbook } from './readWorkbook.js';
import { writeWorkbook } from './writeWorkbook.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'runner-write-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const read = (path: string) => readWorkbook(path, { display: 'f', headerRow: 1, dataStartRow: 2 });

describe('writeWorkbook', () => {
  it('creates parent directories and leaves no temporary file behind', async () => {
    const path = join(dir, 'a', 'b', 'out.xlsx');
    await writeWorkbook(path, 'Sheet1', ['Id'], [[1]]);
    expect(await readdir(join(dir, 'a', 'b'))).toEqual(['out.xlsx']);
    expect((await read(path)).rows).toEqual([{ id: 1 }]);
  });

  it('replaces an earlier file whole', async () => {
    const path = join(dir, 'again.xlsx');
    await writeWorkbook(path, 'S', ['N'], [[1], [2]]);
    await writeWorkbook(path, 'S', ['N'], [[3]]);
    expect((await read(path)).rows).toEqual([{ n: 3 }]);
  });

  it('writes a header row only when there are no items', async () => {
    const path = join(dir, 'empty.xlsx');
    await writeWorkbook(path, 'S', ['Id', 'Name'], []);
    expect((await read(path)).rows).toEqual([]);
  });

  it('fails without touching the old file when a cell cannot be written', async () => {
    const path = join(dir, 'keep.xlsx');
    await writeWorkbook(path, 'S', ['N'], [[1]]);
    const before = await readFile(path);
    await expect(
      writeWorkbook(
        path,
        'S',
        ['Id', 'Body'],
        [
          [1, 'ok'],
          [2, 'x'.repeat(40_000)],
        ],
      ),
    ).rejects.toThrow(
      "item 2, column `Body`: text of 40000 characters is longer than Excel's 32767 per cell",
    );
    expect(await readFile(path)).toEqual(before);
  });

  it('fails with the file named when the path cannot be written, and cleans up', async () => {
    const blocker = join(dir, 'blocker');
    await writeFile(blocker, 'a file where a directory should be');
    await expect(
      writeWorkbook(join(blocker, 'out.xlsx'), 'S', ['N'], [[1]], 'blocker/out.xlsx'),
    ).rejects.toThrow(/^cannot write `blocker\/out\.xlsx`: /);
    const target = join(dir, 'is-a-dir.xlsx');
    await mkdir(target);
    await expect(writeWorkbook(target, 'S', ['N'], [[1]])).rejects.toThrow(/cannot write/);
    expect((await readdir(dir)).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });
});
