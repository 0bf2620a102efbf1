import { randomBytes } from 'node:crypto';
import { basename, dirname, join } from 'node:path';
import { hasErrorCode, nodeFileSystem, type ReportFileSystem } from './reportFileSystem.js';
import {
  LATEST,
  LATEST_STAGING,
  checkReportFileName,
  compareRunDirectoryNames,
  isRunDirectoryName,
  runDirectoryName,
} from './runDirectories.js';

/** A report's text whole, or in pieces written as they come. */
export type ReportText = string | Iterable<string> | AsyncIterable<string>;

export interface ReportFile {
  /** A plain file name such as `report.json`. */
  name: string;
  /**
   * The text, or how to render it: a renderer runs only when its file is written, and its pieces are written
   * as they come, so a large run never holds a whole report in memory (issue 14, flat memory). `dir` is
   * the run directory, for a renderer that needs a scratch file beside its report.
   */
  content: string | ((dir: string) => ReportText);
}

export interface WriteRunReportsOptions {
  reportsDir: string;
  files: ReportFile[];
  /** The run's start, ISO 8601: names its directory. */
  startedAt: string;
  /** `reports.archive`: prune old run directories down to `retention` (DECISIONS.md, Workspace). */
  archive: boolean;
  /** `reports.retention`: run directories kept when archiving, this run's included (at least 1). */
  retention: number;
}

/**
 * Writes a run's reports (issue 4, Outputs): a new `<reportsDir>/<timestamp>/` holding every file, each
 * written to a temporary name and renamed into place, then the same files as `<reportsDir>/latest/`,
 * assembled beside it and swapped in by renames, so a crash or Ctrl-C never leaves a half-written report
 * and `latest/` holds one complete run. With `archive`, only the newest `retention` run directories are
 * kept; `latest/`, `failures/`, `archive/` and anything else are never touched.
 */
export async function writeRunReports(
  options: WriteRunReportsOptions,
  fileSystem: ReportFileSystem = nodeFileSystem,
): Promise<{ dir: string; latest: string }> {
  const { reportsDir, files } = options;
  for (const file of files) checkReportFileName(file.name);
  // A start that cannot name a directory is refused before anything is made.
  runDirectoryName(options.startedAt);
  await fileSystem.mkdir(reportsDir, { recursive: true });
  await recoverFromCrash(reportsDir, Date.parse(options.startedAt), fileSystem);

  const dir = await openRunDirectory(reportsDir, options.startedAt, fileSystem);
  const latest = await replaceLatest(reportsDir, fileSystem, async (staging) => {
    for (const file of files) {
      const content = typeof file.content === 'string' ? file.content : file.content(dir);
      await writeAtomically(join(dir, file.name), content, fileSystem);
      // Rendered once: `latest/` gets a copy of the file just written.
      await fileSystem.copyFile(join(dir, file.name), join(staging, file.name));
    }
  });
  if (options.archive) {
    await pruneRunDirectories(reportsDir, Math.max(1, options.retention), basename(dir), fileSystem);
  }
  return { dir, latest };
}

function uniqueToken(): string {
  return randomBytes(6).toString('hex');
}

/**
 * A new `<reportsDir>/<timestamp>/` for a run starting at `startedAt`; two runs that start in the same
 * millisecond get `<timestamp>` and `<timestamp>-2`.
 */
async function openRunDirectory(
  reportsDir: string,
  startedAt: string,
  fileSystem: ReportFileSystem = nodeFileSystem,
): Promise<string> {
  const name = runDirectoryName(startedAt);
  await fileSystem.mkdir(reportsDir, { recursive: true });
  for (let n = 1; ; n++) {
    const dir = join(reportsDir, n === 1 ? name : `${name}-${n}`);
    try {
      await fileSystem.mkdir(dir);
      return dir;
    } catch (error) {
      if (!hasErrorCode(error, 'EEXIST')) throw error;
    }
  }
}

async function writeAtomically(path: string, content: ReportText, fileSystem: ReportFileSystem) {
  const temporary = join(dirname(path), `.${basename(path)}.tmp-${uniqueToken()}`);
  try {
    await fileSystem.writeFile(temporary, content, { flush: true });
    await fileSystem.rename(temporary, path);
  } catch (error) {
    await fileSystem.rm(temporary, { recursive: true, force: true });
    throw error;
  }
}

/**
 * Builds `latest.tmp-<id>/` (filled by `fill`, which also writes the run's own directory), moves the current `latest/` aside as `latest.old-<id>/`, renames the new one
 * in and removes the old. A directory cannot be swapped in one rename, so `latest/` is absent only between
 * two adjacent renames; a crash exactly there is repaired by the next run (`recoverFromCrash`).
 */
async function replaceLatest(
  reportsDir: string,
  fileSystem: ReportFileSystem,
  fill: (staging: string) => Promise<void>,
) {
  const latest = join(reportsDir, LATEST);
  const id = uniqueToken();
  const staging = join(reportsDir, `${LATEST}.tmp-${id}`);
  const previous = join(reportsDir, `${LATEST}.old-${id}`);
  try {
    await fileSystem.mkdir(staging);
    await fill(staging);
    const movedAside = await renameIfPresent(latest, previous, fileSystem);
    try {
      await fileSystem.rename(staging, latest);
    } catch (error) {
      if (movedAside) await fileSystem.rename(previous, latest);
      throw error;
    }
  } finally {
    await fileSystem.rm(staging, { recursive: true, force: true });
  }
  await fileSystem.rm(previous, { recursive: true, force: true });
  return latest;
}

async function renameIfPresent(from: string, to: string, fileSystem: ReportFileSystem): Promise<boolean> {
  try {
    await fileSystem.rename(from, to);
    return true;
  } catch (error) {
    if (hasErrorCode(error, 'ENOENT')) return false;
    throw error;
  }
}

/**
 * What an earlier run left when it died while replacing `latest/`: staging directories, and possibly no
 * `latest/` at all (it died between the two renames), which is then put back from what it left. Only
 * leftovers older than this run's start are touched, so a run writing its reports at the same moment is
 * left alone.
 */
async function recoverFromCrash(reportsDir: string, startedMs: number, fileSystem: ReportFileSystem) {
  const names = await fileSystem.readdir(reportsDir);
  const stale: { name: string; mtimeMs: number }[] = [];
  for (const name of names.filter((entry) => LATEST_STAGING.test(entry))) {
    const info = await fileSystem.stat(join(reportsDir, name)).catch(() => undefined);
    if (info && info.mtimeMs < startedMs) stale.push({ name, mtimeMs: info.mtimeMs });
  }
  if (!names.includes(LATEST)) {
    const previous = stale
      .filter((entry) => entry.name.startsWith(`${LATEST}.old-`))
      .sort((a, b) => b.mtimeMs - a.mtimeMs)[0];
    if (previous) {
      // The old one is moved aside only once its replacement is complete, so that one wins when present.
      const id = previous.name.slice(`${LATEST}.old-`.length);
      const restored = stale.find((entry) => entry.name === `${LATEST}.tmp-${id}`) ?? previous;
      await fileSystem.rename(join(reportsDir, restored.name), join(reportsDir, LATEST));
      stale.splice(stale.indexOf(restored), 1);
    }
  }
  for (const entry of stale) {
    await fileSystem.rm(join(reportsDir, entry.name), { recursive: true, force: true });
  }
}

/** DECISIONS.md, Workspace: with `reports.archive`, keep the newest `reports.retention` runs. */
async function pruneRunDirectories(
  reportsDir: string,
  keep: number,
  current: string,
  fileSystem: ReportFileSystem,
) {
  const runs = (await fileSystem.readdir(reportsDir))
    .filter(isRunDirectoryName)
    .sort(compareRunDirectoryNames);
  const kept = new Set([...runs.slice(-keep), current]);
  for (const name of runs) {
    if (!kept.has(name)) await fileSystem.rm(join(reportsDir, name), { recursive: true, force: true });
  }
}
