import { lstat, mkdir, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { RunnerError } from '../../diagnostics/errors.js';
import type { ScaffoldFile } from './scaffoldFiles.js';

function isAlreadyThere(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'EEXIST';
}

/**
 * Writes the scaffold under `dir`, creating directories as needed. A file that already exists is left
 * exactly as it is (`init` never overwrites your work) and reported in `existing`.
 */
export async function initWorkspace(
  dir: string,
  files: readonly ScaffoldFile[],
): Promise<{ created: string[]; existing: string[] }> {
  const created: string[] = [];
  const existing: string[] = [];
  for (const file of files) {
    const target = join(dir, ...file.path.split('/'));
    try {
      await mkdir(dirname(target), { recursive: true });
    } catch (error) {
      // A file where a directory of the layout belongs (`.runner` as a file): say which, do not crash.
      const code = error instanceof Error && 'code' in error ? String(error.code) : 'error';
      throw new RunnerError(
        'init.blocked',
        `cannot create ${relative(dir, dirname(target)) || '.'}/ (${code}): a file stands where the workspace needs a directory`,
      );
    }
    try {
      // `wx` fails when the file exists, with no window between a check and the write.
      await writeFile(target, file.content, { encoding: 'utf8', flag: 'wx' });
      created.push(file.path);
    } catch (error) {
      if (!isAlreadyThere(error)) throw error;
      existing.push(file.path);
    }
  }
  return { created, existing };
}

/**
 * Which files of the scaffold are there (in any form: a directory or a link counts) and which are missing,
 * without writing anything: what `runner init` reports for a workspace that already exists.
 */
export async function scaffoldState(
  dir: string,
  files: readonly ScaffoldFile[],
): Promise<{ missing: string[]; present: string[] }> {
  const missing: string[] = [];
  const present: string[] = [];
  for (const file of files) {
    const there = await lstat(join(dir, ...file.path.split('/'))).then(
      () => true,
      () => false,
    );
    (there ? present : missing).push(file.path);
  }
  return { missing, present };
}
