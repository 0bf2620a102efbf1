// Asks git which files it tracks, in a module of its own so that trackedCredentials.ts loads it only when a
// credentials folder exists (`await import('./gitTrackedFiles.js')`): node:child_process, with dgram and the
// process wrappers it pulls in, costs about 3 ms of every start, and most projects never need it.
import { execFile } from 'node:child_process';

/** Plenty for `git ls-files` on one directory; a git that takes longer is not worth waiting for. */
const GIT_TIMEOUT_MS = 2_000;

/** Files under `dir` that git tracks, relative to `dir`; empty when git cannot say. */
export function trackedFiles(dir: string): Promise<string[]> {
  return new Promise((resolve) => {
    execFile(
      'git',
      ['ls-files', '-z', '--', '.'],
      { cwd: dir, timeout: GIT_TIMEOUT_MS, windowsHide: true, maxBuffer: 1024 * 1024 },
      (error, stdout) => resolve(error ? [] : stdout.split('\0').filter((path) => path !== '')),
    );
  });
}
