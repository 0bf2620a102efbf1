/**
 * DECISIONS, Wave 3 "Distribution and first run": imports never overwrite. An environment or credentials
 * file of the name an import would write makes it take `<name>-2`, `<name>-3`, ... instead: the first name for
 * which neither `environments/<name>.yaml` nor `credentials/<name>.yaml` (nor their `.yml` spellings) exists,
 * so the two files an import writes always belong together.
 */
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { RunnerError } from '../diagnostics/errors.js';
import type { Workspace } from './types.js';

async function taken(workspace: Workspace, name: string): Promise<boolean> {
  const paths = ['environments', 'credentials'].flatMap((folder) =>
    ['yaml', 'yml'].map((extension) => join(workspace.runnerDir, folder, `${name}.${extension}`)),
  );
  const found = await Promise.all(
    paths.map((path) =>
      stat(path).then(
        () => true,
        () => false,
      ),
    ),
  );
  return found.includes(true);
}

export async function freeEnvironmentName(workspace: Workspace, name: string): Promise<string> {
  let candidate = name;
  for (let n = 2; await taken(workspace, candidate); n++) candidate = `${name}-${n}`;
  return candidate;
}

/** `--env-name <name>`: a plain file name, since it names `environments/<name>.yaml`. */
export function checkEnvironmentName(name: string): string {
  if (
    !/^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(name) ||
    name.length > 80 ||
    /^(con|prn|aux|nul|com\d|lpt\d)(\..*)?$/i.test(name)
  ) {
    throw new RunnerError('cli.usage', `\`--env-name ${name}\` is not a usable environment name`, {
      hint: 'use letters, digits, `.`, `-` and `_` (at most 80), such as `--env-name staging`',
    });
  }
  return name;
}
