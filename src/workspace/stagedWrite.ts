/**
 * All-or-nothing writing of what an import makes (issue 28): every file is first written into a hidden staging
 * folder beside where it goes (same folder, so same file system, and inside the workspace when the target is),
 * then each new top folder or file is moved in place with one rename (a folder another import made meanwhile is
 * filled entry by entry). When anything fails, what was already
 * moved is taken back out, files that were replaced are put back, and the staging folders are removed: the
 * workspace is as it was, and the error names the file and the reason.
 */
import { mkdir, mkdtemp, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { RunnerError } from '../diagnostics/errors.js';

export interface StagedFile {
  /** Absolute. */
  path: string;
  text: string;
  /** Replace a file that exists (the OpenAPI schema copies); otherwise an existing file is an error. */
  replace?: boolean;
}

/** One rename: `root` (a new folder or file) from its staging copy. */
interface Move {
  root: string;
  staged: string;
  /** Where the replaced file waits until the import has succeeded. */
  backup?: string;
  backedUp?: boolean;
}

const STAGING_PREFIX = '.runner-import-';

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}

/** The highest folder of `path` that does not exist yet, or `path` itself when its folder exists. */
async function newRoot(path: string): Promise<string> {
  let root = path;
  for (let parent = dirname(root); parent !== root && !(await exists(parent)); parent = dirname(parent)) {
    root = parent;
  }
  return root;
}

/** Why a write failed, in words, without this machine's paths (Node's messages name the staging folder). */
const REASONS: Record<string, string> = {
  ENAMETOOLONG: 'the name is too long for the file system',
  ENOTDIR: 'a part of the path is a file, not a folder',
  EISDIR: 'a folder is in the way',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EROFS: 'the file system is read-only',
  ENOSPC: 'no space left on the device',
  EDQUOT: 'the disk quota is used up',
  EEXIST: 'it appeared while importing',
  EXDEV: 'it is on another file system',
};

function reason(error: unknown): string {
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') return REASONS[code] ?? code;
  return error instanceof Error ? error.message : String(error);
}

/**
 * Writes every file or none. `show` turns a path into what the user sees (relative to the cwd). Throws a
 * RunnerError (exit 2) naming the file when one exists without `replace`, or when writing fails.
 */
export async function writeAllOrNothing(
  files: readonly StagedFile[],
  show: (path: string) => string,
): Promise<void> {
  for (const file of files) {
    if (!file.replace && (await exists(file.path))) {
      throw new RunnerError('import.exists', `${show(file.path)} already exists; nothing was written`, {
        hint: 'choose another directory with --out, or move the file away',
      });
    }
  }
  const staging = new Map<string, string>();
  const moves = new Map<string, Move>();
  /** What was moved in, to take out again when a later move fails. */
  const placed: string[] = [];
  let current = '';
  try {
    for (const file of files) {
      current = file.path;
      const root = await newRoot(file.path);
      let move = moves.get(root);
      if (move === undefined) {
        const parent = dirname(root);
        let folder = staging.get(parent);
        if (folder === undefined) {
          folder = await mkdtemp(join(parent, STAGING_PREFIX));
          staging.set(parent, folder);
        }
        move = { root, staged: join(folder, `${moves.size}`) };
        if (file.replace && root === file.path && (await exists(root))) {
          move.backup = join(folder, `${moves.size}.replaced`);
        }
        moves.set(root, move);
      }
      const target = root === file.path ? move.staged : join(move.staged, relative(root, file.path));
      await mkdir(dirname(target), { recursive: true });
      await writeFile(target, file.text);
    }
    for (const move of moves.values()) {
      current = move.root;
      if (move.backup !== undefined) {
        await rename(move.root, move.backup);
        move.backedUp = true;
        await rename(move.staged, move.root);
        placed.push(move.root);
      } else {
        await place(move.staged, move.root, placed);
      }
    }
  } catch (error) {
    await undo(placed, [...moves.values()]);
    await Promise.all([...staging.values()].map((folder) => rm(folder, { recursive: true, force: true })));
    throw new RunnerError(
      'import.write',
      `cannot write ${show(current)}: ${reason(error)}; nothing was written`,
      { hint: 'check the folder is writable; names from the imported file are shortened to fit' },
    );
  }
  await Promise.all([...staging.values()].map((folder) => rm(folder, { recursive: true, force: true })));
}

/**
 * Moves `staged` to `target`. A folder that exists there by now (another import made `tests/` meanwhile) is
 * filled entry by entry; a file there is never replaced.
 */
async function place(staged: string, target: string, placed: string[]): Promise<void> {
  if (!(await exists(target))) {
    try {
      await rename(staged, target);
      placed.push(target);
      return;
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (code !== 'ENOTEMPTY' && code !== 'EEXIST') throw error;
    }
  }
  const [from, to] = await Promise.all([stat(staged), stat(target)]);
  if (!from.isDirectory() || !to.isDirectory()) {
    throw Object.assign(new Error('it appeared while importing'), { code: 'EEXIST' });
  }
  for (const name of await readdir(staged)) await place(join(staged, name), join(target, name), placed);
}

async function undo(placed: string[], moves: Move[]): Promise<void> {
  for (const path of placed.reverse())
    await rm(path, { recursive: true, force: true }).catch(() => undefined);
  for (const move of moves.reverse()) {
    if (move.backedUp && move.backup !== undefined) {
      await rename(move.backup, move.root).catch(() => undefined);
    }
  }
}
