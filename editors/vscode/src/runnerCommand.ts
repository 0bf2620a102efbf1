/**
 * Which `runner` to start: the `runner.path` setting, else the workspace's installed package
 * (`node_modules/.bin/runner`, as `npx runner` would find it), else `runner` on the PATH.
 */
import { existsSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';

export interface RunnerCommand {
  command: string;
  /** Windows runs `.cmd` shims through a shell. */
  shell: boolean;
}

export function runnerCommand(configured: string, folder: string | undefined): RunnerCommand {
  const windows = process.platform === 'win32';
  if (configured !== '') {
    const command = isAbsolute(configured) || folder === undefined ? configured : resolve(folder, configured);
    return { command: existsSync(command) ? command : configured, shell: windows };
  }
  for (let dir = folder; dir !== undefined; dir = dirname(dir) === dir ? undefined : dirname(dir)) {
    const installed = join(dir, 'node_modules', '.bin', windows ? 'runner.cmd' : 'runner');
    if (existsSync(installed)) return { command: installed, shell: windows };
  }
  return { command: 'runner', shell: windows };
}

/** The project a file belongs to: the nearest folder above it that holds `.runner/`. */
export function projectRootOf(file: string): string | undefined {
  for (let dir = dirname(file); ; dir = dirname(dir)) {
    if (existsSync(join(dir, '.runner'))) return dir;
    if (dirname(dir) === dir) return undefined;
  }
}
