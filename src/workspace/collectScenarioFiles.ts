/** Which scenario files a command works on: a file, a directory (recursively), or the tests path. */
import { readdir } from 'node:fs/promises';
import { extname, isAbsolute, join, resolve } from 'node:path';
import { RunnerError } from '../diagnostics/errors.js';
import { displayPath } from './displayPath.js';
import { isDirectory, isFile } from './fileKinds.js';
import type { Workspace } from './types.js';

const SCENARIO_FILE = /\.ya?ml$/;

/**
 * Folders never searched for scenarios: tool and VCS folders (`.git`, a nested `.runner`, `.idea`) start with
 * a dot, and `node_modules` holds other packages' YAML. `dir` itself is always searched, even when it is one
 * of them (the default tests path is `.runner/tests`).
 */
function isSkippedFolder(name: string): boolean {
  return name.startsWith('.') || name === 'node_modules';
}

/** Every `*.yaml` / `*.yml` file under `dir`, at any depth, sorted; skipped folders are not entered. */
export async function scenarioFilesUnder(dir: string): Promise<string[]> {
  const files: string[] = [];
  const pending = [dir];
  for (let folder = pending.pop(); folder !== undefined; folder = pending.pop()) {
    for (const entry of await readdir(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) {
        if (!isSkippedFolder(entry.name)) pending.push(path);
      } else if (entry.isFile() && SCENARIO_FILE.test(entry.name)) {
        files.push(path);
      }
    }
  }
  return files.sort(byCodePoint);
}

/**
 * Absolute paths, sorted. A relative `target` is looked up from the cwd first (what shell completion gives),
 * then under the tests path (SPEC, `runner run`: "resolved under the tests directory"). `cwd` defaults to
 * the workspace's.
 */
export async function collectScenarioFiles(
  workspace: Workspace,
  target?: string,
  cwd = workspace.cwd,
): Promise<string[]> {
  const testsPath = workspace.config.tests.path;
  const candidates =
    target === undefined
      ? [testsPath]
      : isAbsolute(target)
        ? [target]
        : [resolve(cwd, target), resolve(testsPath, target)];
  for (const candidate of candidates) {
    if (await isFile(candidate)) return [candidate];
    if (await isDirectory(candidate)) return scenarioFilesUnder(candidate);
  }
  const shown = candidates.map((candidate) => displayPath(cwd, candidate));
  const extension = target === undefined ? undefined : await missingExtension(candidates);
  throw new RunnerError(
    'scenario.not-found',
    target === undefined
      ? `tests directory ${shown[0] ?? testsPath} does not exist`
      : `no scenario file or directory \`${target}\``,
    {
      hint:
        target === undefined
          ? 'set `tests.path` in .runner/config.yaml or run `runner init`'
          : extension !== undefined
            ? `did you mean \`${target}${extension}\`?`
            : `looked for ${shown.join(' and ')}`,
    },
  );
}

/** `.yaml` or `.yml` when a candidate written without its extension (`runner run health`) names a file. */
async function missingExtension(candidates: readonly string[]): Promise<string | undefined> {
  for (const candidate of candidates) {
    if (extname(candidate) !== '') continue;
    for (const extension of ['.yaml', '.yml']) if (await isFile(candidate + extension)) return extension;
  }
  return undefined;
}

function byCodePoint(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
