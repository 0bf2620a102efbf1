import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const builtCli = join(repoRoot, 'dist/runner.cjs');

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * The environment the CLI is spawned with: colours off, and no parse or code cache unless a test asks, so
 * runs never fill the developer's ~/.cache (docs/cli.md, Caching).
 */
export function cliEnv(extra: Record<string, string> = {}): Record<string, string> {
  return {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    NO_COLOR: '1',
    RUNNER_NO_CACHE: '1',
    ...extra,
  };
}

/** A CLI process still running: the test may signal it, then wait for how it ended. */
export interface StartedCli {
  child: ChildProcessWithoutNullStreams;
  /** Settles when the process has ended and its output is closed. */
  done: Promise<CliRun>;
}

/** Spawns the built CLI as a user would, with no TTY and colours off unless the test asks. */
export function startCli(
  args: string[],
  options: { cwd: string; env?: Record<string, string>; stdin?: string },
): StartedCli {
  const child = spawn(process.execPath, [builtCli, ...args], {
    cwd: options.cwd,
    env: cliEnv(options.env),
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const done = new Promise<CliRun>((resolvePromise, reject) => {
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolvePromise({ code: code ?? -1, stdout, stderr }));
  });
  // A CLI that ends before reading its input (a quick exit 2) closes the pipe: EPIPE there is not a test error.
  child.stdin.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
  });
  child.stdin.end(options.stdin ?? '');
  return { child, done };
}

/** Runs the built CLI to its end. */
export function runCli(
  args: string[],
  options: { cwd: string; env?: Record<string, string>; stdin?: string },
): Promise<CliRun> {
  return startCli(args, options).done;
}

/** Replaces what changes from run to run (durations, ports, temp dirs) so output can be compared as text. */
export function stabilize(text: string, replacements: Record<string, string> = {}): string {
  let out = text;
  for (const [from, to] of Object.entries(replacements)) out = out.split(from).join(to);
  return out
    .replace(/\b\d+(\.\d+)?(ms|s)\b/g, '<duration>')
    .replace(/\b\d+m \d\ds\b/g, '<duration>')
    .replace(/(127\.0\.0\.1|localhost|\[::1\]):\d+/g, '$1:<port>');
}

/** A temp copy of a fixture workspace (or an empty dir) that the test may change; removed by `cleanup`. */
export async function tempWorkspace(
  fixture?: string,
): Promise<{ dir: string; cleanup: () => Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'runner-e2e-'));
  if (fixture) await cp(join(repoRoot, 'test/fixtures', fixture), dir, { recursive: true });
  return { dir, cleanup: () => rm(dir, { recursive: true, force: true }) };
}

/** Points a workspace's environment at a server started by the test. */
export async function writeEnvironment(dir: string, name: string, yaml: string): Promise<void> {
  await writeFile(join(dir, '.runner/environments', `${name}.yaml`), yaml);
}
