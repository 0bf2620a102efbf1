/**
 * The names inside the reports directory (SPEC, Workspace layout: `latest/`, one timestamped directory per
 * run, `failures/`, `archive/`). Only names this file recognises as run directories are ever pruned.
 */

export const LATEST = 'latest';

/** `2026-11-21T10:31:05.123Z` becomes `2026-11-21T10-31-05-123Z`: sortable, and valid on every file system. */
export function runDirectoryName(startedAt: string): string {
  const time = Date.parse(startedAt);
  if (Number.isNaN(time)) throw new Error(`the run's start time is not an ISO 8601 timestamp: ${startedAt}`);
  return new Date(time).toISOString().replaceAll(':', '-').replace('.', '-');
}

/** A run directory, possibly with the `-<n>` suffix added when two runs started in the same millisecond. */
const RUN_DIRECTORY = /^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z(?:-(\d+))?$/;

export function isRunDirectoryName(name: string): boolean {
  return RUN_DIRECTORY.test(name);
}

/** Oldest first: by time, then by suffix as a number (`-10` after `-9`). */
export function compareRunDirectoryNames(a: string, b: string): number {
  const stamp = (name: string) => name.slice(0, 24);
  const suffix = (name: string) => Number(RUN_DIRECTORY.exec(name)?.[1] ?? 1);
  if (stamp(a) !== stamp(b)) return stamp(a) < stamp(b) ? -1 : 1;
  return suffix(a) - suffix(b);
}

/** Where a new `latest/` is assembled, and where the previous one waits to be removed. */
export const LATEST_STAGING = /^latest\.(tmp|old)-[\w-]+$/;

/** A report file name must stay inside its directory and never look like one of our temporary files. */
export function checkReportFileName(name: string): void {
  if (name === '' || name === '.' || name === '..' || /[/\\]/.test(name) || name.startsWith('.')) {
    throw new Error(`report file name must be a plain file name, not ${JSON.stringify(name)}`);
  }
}
