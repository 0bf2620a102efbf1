/** Environment files (SPEC, "Environment file") and credentials (DECISIONS, "Workspace"). */
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { RunnerError } from '../diagnostics/errors.js';
import {
  authAccountProblems,
  buildAuth,
  CREDENTIALS_SHAPE,
  entryOf,
  ENVIRONMENT_SHAPE,
  type YamlNode,
} from '../language/index.js';
import { mergeHttp, type HttpFile } from './config.js';
import { displayPath } from './displayPath.js';
import { fillEnvInTree } from './envReferences.js';
import { isFile } from './fileKinds.js';
import { readCheckedYaml, readCheckedYamlTree } from './readYamlFile.js';
import type { Credentials, Environment, Workspace } from './types.js';

/** Environment file as written; types guaranteed by the ENVIRONMENT_SHAPE check. */
interface EnvironmentFile {
  baseUrl: string;
  services?: Record<string, { baseUrl: string }>;
  cache?: Record<string, { url: string }>;
  http?: HttpFile;
  variables?: Record<string, unknown>;
  auth?: unknown;
}

const YAML_EXTENSIONS = ['.yaml', '.yml'];

/** `<dir>/<name>.yaml` or `.yml`, whichever exists. */
async function findYamlFile(dir: string, name: string): Promise<string | undefined> {
  for (const extension of YAML_EXTENSIONS) {
    const file = join(dir, `${name}${extension}`);
    if (await isFile(file)) return file;
  }
  return undefined;
}

/** Names are file names: `staging`, not `../staging`. */
function checkName(name: string, what: string): void {
  if (name === '' || /[/\\]/.test(name) || name.startsWith('.')) {
    throw new RunnerError(
      `${what}.invalid-name`,
      `invalid ${what} name \`${name}\`: use the file name without directory or extension`,
    );
  }
}

async function availableEnvironments(workspace: Workspace): Promise<string[]> {
  try {
    const entries = await readdir(workspace.config.environments.path, { withFileTypes: true });
    const names = entries
      .filter(
        (entry) => entry.isFile() && YAML_EXTENSIONS.some((extension) => entry.name.endsWith(extension)),
      )
      .map((entry) => entry.name.replace(/\.ya?ml$/, ''));
    return [...new Set(names)].sort();
  } catch {
    return [];
  }
}

/**
 * The environment `name`. With `readEnv` (a run), `$env` references are filled in before the file is checked,
 * so `baseUrl: $env.API_BASE` is checked as the URL it holds and `caFile: $env.CA_FILE` resolves from the
 * path the environment gave; without it (`validate`), values that read `$env` are checked only for shape.
 */
export async function loadEnvironment(
  workspace: Workspace,
  name: string,
  readEnv?: (name: string) => string | undefined,
): Promise<Environment> {
  checkName(name, 'environment');
  const dir = workspace.config.environments.path;
  const file = await findYamlFile(dir, name);
  if (!file) {
    const available = await availableEnvironments(workspace);
    const where = displayPath(workspace.cwd, join(dir, `${name}.yaml`));
    throw new RunnerError('environment.not-found', `environment \`${name}\` not found: no file ${where}`, {
      hint:
        available.length > 0
          ? `available environments: ${available.join(', ')}`
          : `no environment files in ${displayPath(workspace.cwd, dir)}`,
    });
  }
  const display = displayPath(workspace.cwd, file);
  // An empty file has no `baseUrl`; check `{}` so the message names the missing key.
  const fill = readEnv === undefined ? undefined : (root: YamlNode) => fillEnvInTree(root, readEnv, display);
  const read = await readCheckedYamlTree(file, display, ENVIRONMENT_SHAPE, 'environment.invalid', fill);
  const data = (read.data ?? missingBaseUrl(display)) as EnvironmentFile;
  const authEntry = read.root?.kind === 'map' ? entryOf(read.root, 'auth') : undefined;
  if (authEntry !== undefined) await checkAuthAccounts(workspace, name, display, authEntry.value);
  const auth = authEntry === undefined ? undefined : buildAuth(data.auth, authEntry.key.loc);
  return {
    name,
    file,
    baseUrl: data.baseUrl,
    services: data.services ?? {},
    cache: data.cache ?? {},
    http: mergeHttp(workspace.config.http, data.http, workspace.root),
    variables: data.variables ?? {},
    ...(auth === undefined ? {} : { auth }),
  };
}

/** `auth:` reads `$accounts` fields the credentials file has (when it has one): else exit 2 at the position. */
async function checkAuthAccounts(
  workspace: Workspace,
  name: string,
  display: string,
  auth: YamlNode,
): Promise<void> {
  const accounts = await credentialFieldNames(workspace, name);
  const problems = accounts === undefined ? [] : authAccountProblems(auth, accounts);
  const [first] = problems;
  if (first === undefined) return;
  const summary = problems.length === 1 ? first.message : `${problems.length} problems`;
  throw new RunnerError('environment.invalid', `invalid environment file ${display}: ${summary}`, {
    diagnostics: problems,
  });
}

/**
 * The names in the credentials file, for checking `$accounts` references; undefined when there is no file
 * or it does not load (the run says why; `validate` then skips that check).
 */
export async function credentialFieldNames(
  workspace: Workspace,
  environment: string,
): Promise<ReadonlyMap<string, readonly string[]> | undefined> {
  try {
    if ((await missingCredentialsFile(workspace, environment)) !== undefined) return undefined;
    const credentials = await loadCredentials(workspace, environment);
    return new Map(Object.entries(credentials).map(([account, fields]) => [account, Object.keys(fields)]));
  } catch {
    return undefined;
  }
}

function missingBaseUrl(display: string): never {
  const message = 'missing required key `baseUrl` in environment file';
  throw new RunnerError('environment.invalid', `invalid environment file ${display}: ${message}`, {
    diagnostics: [
      { code: 'shape.required', severity: 'error', message, location: { file: display, line: 1, col: 1 } },
    ],
  });
}

/**
 * The credentials file an environment would read, as shown to the user (relative to where the command runs),
 * when it does not exist; undefined when it does. A run that reads `$accounts` without one says which file
 * it looked for (DECISIONS.md, Wave 2 / Platform).
 */
export async function missingCredentialsFile(
  workspace: Workspace,
  name: string,
): Promise<string | undefined> {
  checkName(name, 'environment');
  const dir = join(workspace.runnerDir, 'credentials');
  if (await findYamlFile(dir, name)) return undefined;
  return displayPath(workspace.cwd, join(dir, `${name}.yaml`));
}

/** `.runner/credentials/<env>.yaml`; a missing or empty file means no accounts. */
export async function loadCredentials(workspace: Workspace, name: string): Promise<Credentials> {
  checkName(name, 'environment');
  const file = await findYamlFile(join(workspace.runnerDir, 'credentials'), name);
  if (!file) return {};
  const data = await readCheckedYaml(
    file,
    displayPath(workspace.cwd, file),
    CREDENTIALS_SHAPE,
    'credentials.invalid',
  );
  return (data ?? {}) as Credentials;
}
