/**
 * DECISIONS, Wave 3 "Distribution and first run": `validate` and `run` warn (never fail) when git tracks a
 * credentials file holding a literal secret, i.e. a value that reads no `$env.NAME`. Whoever can read the
 * repository can read that secret. Asked of git only when the credentials directory exists, with a time
 * limit: no git, no repository or a git that hangs means no warning, never an error and never a long wait.
 */
import { join } from 'node:path';
import type { Diagnostic } from '../diagnostics/errors.js';
import { parseYaml, type YamlNode } from '../language/index.js';
import { displayPath } from './displayPath.js';
import { readsEnvReference } from './envReferences.js';
import { isDirectory } from './fileKinds.js';
import { readTextFile } from './readYamlFile.js';
import type { Workspace } from './types.js';

/** The first value (in file order) that reads no `$env.NAME`, with the path of keys leading to it. */
function firstLiteral(node: YamlNode, path: string[] = []): { node: YamlNode; path: string[] } | undefined {
  if (node.kind === 'map') {
    for (const entry of node.entries) {
      const found = firstLiteral(entry.value, [...path, entry.key.value]);
      if (found) return found;
    }
    return undefined;
  }
  if (node.kind === 'seq') {
    for (const [index, item] of node.items.entries()) {
      const found = firstLiteral(item, [...path, String(index)]);
      if (found) return found;
    }
    return undefined;
  }
  if (node.value === null || node.value === '') return undefined;
  return typeof node.value === 'string' && readsEnvReference(node.value) ? undefined : { node, path };
}

async function checkFile(file: string, display: string): Promise<Diagnostic | undefined> {
  let text: string;
  try {
    text = await readTextFile(file, display);
  } catch {
    return undefined;
  }
  const root = parseYaml(text, display).root;
  const literal = root === undefined ? undefined : firstLiteral(root);
  if (literal === undefined) return undefined;
  // The value itself is never shown: only where it is.
  return {
    code: 'credentials.tracked',
    severity: 'warning',
    message: `git tracks this credentials file, and \`${literal.path.join('.')}\` holds a literal secret that anyone with the repository can read`,
    location: literal.node.loc,
    hint: `read it from the environment with $env.NAME (as credentials/ci.yaml does), or untrack the file: git rm --cached ${display}`,
  };
}

/** One warning per tracked credentials file that holds a literal secret. */
export async function trackedCredentialWarnings(workspace: Workspace): Promise<Diagnostic[]> {
  const dir = join(workspace.runnerDir, 'credentials');
  if (!(await isDirectory(dir))) return [];
  const { trackedFiles } = await import('./gitTrackedFiles.js');
  const tracked = (await trackedFiles(dir)).filter((path) => /\.ya?ml$/.test(path));
  const warnings = await Promise.all(
    tracked.map((path) => {
      const file = join(dir, path);
      return checkFile(file, displayPath(workspace.cwd, file));
    }),
  );
  // git lists files in order, and so do the warnings.
  return warnings.filter((warning) => warning !== undefined);
}
