import { readdir, realpath } from 'node:fs/promises';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import { RunnerError } from '../diagnostics/errors.js';
import { Masker, SecretRegistry } from '../masking/index.js';
import { loadCredentials, loadWorkspace, type Workspace } from '../workspace/index.js';

export interface OpenWorkspace {
  workspace: Workspace;
  /** Knows every credential of every environment, so no answer leaks one whichever environment ran. */
  masker: Masker;
  /** The masker's secrets: a tool that reads old output adds what it finds in masked fields. */
  secrets: SecretRegistry;
}

/** The workspace around `cwd` and a masker for everything a tool sends back from it. */
export async function openWorkspace(cwd: string): Promise<OpenWorkspace> {
  const workspace = await loadWorkspace(cwd);
  const secrets = await allCredentials(workspace);
  return { workspace, masker: new Masker(workspace.config.security.mask, secrets), secrets };
}

/**
 * Every value of every `.runner/credentials/<env>.yaml` (DECISIONS.md: each is a secret). A snapshot or
 * report may come from any environment, so masking with the default one's credentials is not enough.
 */
async function allCredentials(workspace: Workspace): Promise<SecretRegistry> {
  const secrets = new SecretRegistry();
  let names: string[];
  try {
    names = (await readdir(join(workspace.runnerDir, 'credentials')))
      .filter((name) => /\.ya?ml$/.test(name) && !name.startsWith('.'))
      .map((name) => name.replace(/\.ya?ml$/, ''));
  } catch {
    return secrets; // no credentials directory: nothing to hide
  }
  for (const name of new Set(names)) {
    try {
      secrets.add(await loadCredentials(workspace, name));
    } catch {
      // A broken credentials file: `run` and `validate` with that environment report it; its values
      // cannot be read here, so there is nothing of it to mask either.
    }
  }
  return secrets;
}

async function real(path: string): Promise<string> {
  return realpath(path).catch(() => path);
}

/**
 * Tool arguments come from a model, so scenario paths must stay inside the project: `../../etc/passwd`
 * would otherwise be parsed and quoted back in diagnostics. A relative path is looked up from the
 * server's directory and under the tests directory (as `collectScenarioFiles` does): both must be inside.
 */
export async function checkInsideWorkspace(workspace: Workspace, target: string, cwd: string): Promise<void> {
  const root = await real(workspace.root);
  const candidates = isAbsolute(target)
    ? [target]
    : [resolve(cwd, target), resolve(workspace.config.tests.path, target)];
  for (const candidate of candidates) {
    const inside = relative(root, await real(candidate));
    if (inside === '..' || inside.startsWith(`..${sep}`) || isAbsolute(inside)) {
      throw new RunnerError('mcp.outside-workspace', `path \`${target}\` is outside the project`, {
        hint: `give a scenario file or directory inside ${workspace.root}, relative to it or to the tests directory`,
      });
    }
  }
}
