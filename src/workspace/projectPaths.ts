/**
 * Whether a path written in a scenario stays inside the project (DECISIONS.md, Wave 2 / Platform: such
 * paths resolve inside the project root; one that escapes it, by `..`, as an absolute path or through a
 * symbolic link, is refused and its file never read).
 */
import { realpath } from 'node:fs/promises';
import { isAbsolute, relative, sep } from 'node:path';
import { isFile } from './fileKinds.js';

/** Strictly below `root` (not `root` itself), compared as written: no file system access. */
export function isInside(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel !== '' && rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel);
}

/** realpath, or undefined when the path (or a symlink's target) does not exist. */
export async function existingRealpath(path: string): Promise<string | undefined> {
  try {
    return await realpath(path);
  } catch (error) {
    if (isNodeError(error) && (error.code === 'ENOENT' || error.code === 'ENOTDIR')) return undefined;
    throw error;
  }
}

function isNodeError(error: unknown): error is NodeJS.ErrnoException {
  return error instanceof Error && 'code' in error;
}

/** Where a file a scenario names lies: a file inside the project, outside it, or not there at all. */
export type ProjectPlacement = 'inside' | 'outside' | 'missing';

/**
 * Places `path` (absolute) against the project `root`: outside as written, or once symbolic links are
 * followed, is `outside`; otherwise `inside` when it is a file, else `missing`. Nothing is read.
 */
export async function placeInProject(root: string, path: string): Promise<ProjectPlacement> {
  if (!isInside(root, path)) return 'outside';
  if (!(await isFile(path))) return 'missing';
  const [realRoot, realPath] = await Promise.all([
    existingRealpath(root).catch(() => undefined),
    existingRealpath(path).catch(() => undefined),
  ]);
  if (realRoot === undefined || realPath === undefined) return 'missing';
  return isInside(realRoot, realPath) ? 'inside' : 'outside';
}
