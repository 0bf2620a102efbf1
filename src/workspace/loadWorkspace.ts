/** Finding the workspace (the nearest directory with `.runner/`) and loading its configuration. */
import { dirname, join, resolve } from 'node:path';
import { RunnerError } from '../diagnostics/errors.js';
import { CONFIG_SHAPE } from '../language/index.js';
import { buildConfig, type ConfigFile } from './config.js';
import { displayPath } from './displayPath.js';
import { isDirectory, isFile } from './fileKinds.js';
import { readCheckedYaml } from './readYamlFile.js';
import type { Workspace } from './types.js';

export async function findWorkspaceRoot(startDir: string): Promise<string | undefined> {
  let dir = resolve(startDir);
  for (;;) {
    if (await isDirectory(join(dir, '.runner'))) return dir;
    const parent = dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

/**
 * The workspace that contains `cwd`. A `.runner/` directory without config.yaml is valid: every setting
 * takes its default. Throws RunnerError (exit 2) when there is no workspace or the config is invalid.
 */
export async function loadWorkspace(cwd: string): Promise<Workspace> {
  const start = resolve(cwd);
  const root = await findWorkspaceRoot(start);
  if (root === undefined) {
    throw new RunnerError(
      'workspace.not-found',
      `no .runner/ directory found in ${start} or any parent; run \`runner init\` to create one`,
    );
  }
  const runnerDir = join(root, '.runner');
  const configFile = join(runnerDir, 'config.yaml');
  const display = displayPath(start, configFile);
  const data = (await isFile(configFile))
    ? await readCheckedYaml(configFile, display, CONFIG_SHAPE, 'config.invalid')
    : undefined;
  // Safe: readCheckedYaml checked the data against CONFIG_SHAPE, which ConfigFile mirrors.
  const config = buildConfig((data ?? {}) as ConfigFile, root, display);
  return { root, runnerDir, configFile, cwd: start, config };
}
