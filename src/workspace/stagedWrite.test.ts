import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeAllOrNothing } from './stagedWrite.js';

let dir: string;
const show = (path: string) => path.slice(dir.length + 1);

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'runner-staged-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function tree(path = dir): Promise<string[]> {
  const entries = await readdir(path, { recursive: true, withFileTypes: true });
  return entries.map((entry) => join(entry.parentPath, entry.name).slice(dir.length + 1)).sort();
}

describe('writeAllOrNothing', () => {
  it('writes new folders and files, and leaves no staging folder', async () => {
    await writeAllOrNothing(
      [
        { path: join(dir, 'tests/api/a.yaml'), text: 'a' },
        { path: join(dir, 'tests/api/users/_users.yaml'), text: 'u' },
        { path: join(dir, 'env.yaml'), text: 'e' },
      ],
      show,
    );
    expect(await tree()).toEqual([
      'env.yaml',
      'tests',
      'tests/api',
      'tests/api/a.yaml',
      'tests/api/users',
      'tests/api/users/_users.yaml',
    ]);
  });

  it('lets two imports into the same new folder both succeed', async () => {
    await Promise.all(
      ['one', 'two'].map((name) =>
        writeAllOrNothing([{ path: join(dir, `tests/${name}/${name}.yaml`), text: name }], show),
      ),
    );
    expect(await readFile(join(dir, 'tests/one/one.yaml'), 'utf8')).toBe('one');
    expect(await readFile(join(dir, 'tests/two/two.yaml'), 'utf8')).toBe('two');
  });

  it('writes nothing, and keeps a file it would replace, when one file cannot be written', async () => {
    await writeFile(join(dir, 'schema.json'), 'old');
    await writeFile(join(dir, 'credentials'), 'a file where a folder belongs');
    const failing = writeAllOrNothing(
      [
        { path: join(dir, 'tests/api/a.yaml'), text: 'a' },
        { path: join(dir, 'schema.json'), text: 'new', replace: true },
        { path: join(dir, 'credentials/local.yaml'), text: 'c' },
      ],
      show,
    );
    await expect(failing).rejects.toThrow(
      'cannot write credentials/local.yaml: a part of the path is a file, not a folder; nothing was written',
    );
    expect(await tree()).toEqual(['credentials', 'schema.json']);
    expect(await readFile(join(dir, 'schema.json'), 'utf8')).toBe('old');
  });

  it('refuses a file that exists unless it may be replaced, before writing anything', async () => {
    await mkdir(join(dir, 'tests'));
    await writeFile(join(dir, 'tests/a.yaml'), 'mine');
    await expect(
      writeAllOrNothing(
        [
          { path: join(dir, 'env.yaml'), text: 'e' },
          { path: join(dir, 'tests/a.yaml'), text: 'theirs' },
        ],
        show,
      ),
    ).rejects.toThrow('tests/a.yaml already exists; nothing was written');
    expect(await tree()).toEqual(['tests', 'tests/a.yaml']);
  });
});
