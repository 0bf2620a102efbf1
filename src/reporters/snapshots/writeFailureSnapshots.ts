import { randomBytes } from 'node:crypto';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FailureSnapshot } from './buildFailureSnapshot.js';

/** The files retention counts and prunes: snapshots only, never anything else in the folder. */
const SNAPSHOT_FILE = /^failure-.*\.json$/;

/** Two snapshots of one batch with the same name (same scenario name in two files) both survive. */
function uniqueNames(snapshots: readonly FailureSnapshot[]): string[] {
  const taken = new Set<string>();
  return snapshots.map(({ fileName }) => {
    let name = fileName;
    for (let n = 2; taken.has(name); n++) name = fileName.replace(/\.json$/, `-${n}.json`);
    taken.add(name);
    return name;
  });
}

/** Temp file and rename in the same folder, so a reader never sees half a snapshot (issue 4). */
async function writeAtomically(dir: string, name: string, text: string): Promise<void> {
  const temp = join(dir, `.${name}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    await writeFile(temp, text, 'utf8');
    await rename(temp, join(dir, name));
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}

/** The snapshots already in the folder, newest first (modification time, then name). */
async function olderSnapshots(dir: string, exclude: ReadonlySet<string>): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const files = entries.filter(
    (entry) => entry.isFile() && SNAPSHOT_FILE.test(entry.name) && !exclude.has(entry.name),
  );
  const dated = await Promise.all(
    files.map(async ({ name }) => ({ name, mtimeMs: (await stat(join(dir, name))).mtimeMs })),
  );
  dated.sort((a, b) => b.mtimeMs - a.mtimeMs || b.name.localeCompare(a.name));
  return dated.map(({ name }) => name);
}

/**
 * Writes a run's failure snapshots into `dir` (created when missing) and keeps only the `retainCount`
 * newest `failure-*.json` files there (`reports.failures.retainCount`; `Infinity` keeps all). The batch is
 * in failure order, so its last snapshot is the newest; snapshots that retention would delete at once are
 * not written. Returns the paths written.
 */
export async function writeFailureSnapshots(
  dir: string,
  snapshots: readonly FailureSnapshot[],
  retainCount: number,
): Promise<string[]> {
  if (!(retainCount === Infinity || (Number.isInteger(retainCount) && retainCount >= 0))) {
    throw new RangeError(`retainCount must be a whole number of at least 0, got ${retainCount}`);
  }
  await mkdir(dir, { recursive: true });
  const names = uniqueNames(snapshots);
  const keep = Math.min(retainCount, snapshots.length);
  const batch = snapshots.map((snapshot, i) => ({ name: names[i] ?? snapshot.fileName, snapshot }));
  const written = batch.slice(batch.length - keep);
  for (const { name, snapshot } of written) {
    await writeAtomically(dir, name, `${JSON.stringify(snapshot.content, null, 2)}\n`);
  }

  const writtenNames = new Set(written.map(({ name }) => name));
  const older = await olderSnapshots(dir, writtenNames);
  const room = Math.max(0, retainCount - written.length);
  for (const name of older.slice(room)) await rm(join(dir, name), { force: true });
  return written.map(({ name }) => join(dir, name));
}
