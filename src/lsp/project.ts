/**
 * The workspace a document belongs to, loaded afresh for every request: config, environment and credentials
 * files are small, and reading them each time means an edit to any of them is seen at once, with no watcher.
 */
import { readdir, readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { RunnerError } from '../diagnostics/errors.js';
import { parseYaml, type YamlMap, type YamlNode } from '../language/index.js';
import {
  displayPath,
  findWorkspaceRoot,
  loadEnvironment,
  loadWorkspace,
  type Environment,
  type Workspace,
} from '../workspace/index.js';
import type { SourceLocation } from '../diagnostics/location.js';

export interface Project {
  workspace: Workspace;
  /** Undefined when the environment cannot be loaded: names from it are then not checked, as in `validate`. */
  environment: Environment | undefined;
}

export interface ProjectOptions {
  /** The environment whose names are checked and offered; default `environments.default`. */
  environment?: string;
  log: (line: string) => void;
}

/** Undefined when the file lies in no workspace or its config.yaml is invalid (logged once per problem). */
export async function openProject(file: string, options: ProjectOptions): Promise<Project | undefined> {
  const root = await findWorkspaceRoot(dirname(file));
  if (root === undefined) return undefined;
  let workspace: Workspace;
  try {
    workspace = await loadWorkspace(root);
  } catch (error) {
    options.log(problemText(error));
    return undefined;
  }
  const name = options.environment ?? workspace.config.environments.default;
  try {
    return { workspace, environment: await loadEnvironment(workspace, name) };
  } catch (error) {
    options.log(problemText(error));
    return { workspace, environment: undefined };
  }
}

function problemText(error: unknown): string {
  if (error instanceof RunnerError) return error.diagnostics.map((d) => d.message).join('; ');
  return error instanceof Error ? error.message : String(error);
}

/** A name written in a workspace file, with where its key sits (never its value: credentials are secret). */
export interface NamedKey {
  name: string;
  file: string;
  loc: SourceLocation;
}

/** An account of the credentials files and its fields, by name only. */
export interface AccountNames extends NamedKey {
  fields: NamedKey[];
}

/**
 * Every account and field of every `.runner/credentials/*.yaml` file (`$accounts.<account>.<field>`; DECISIONS,
 * Workspace). Only key names and their places are kept: values never leave this function.
 */
export async function credentialNames(workspace: Workspace): Promise<AccountNames[]> {
  const dir = join(workspace.runnerDir, 'credentials');
  const files = await yamlFilesIn(dir);
  const accounts = await Promise.all(
    files.map(async (file) => {
      const root = await readTree(file, workspace.root);
      if (root?.kind !== 'map') return [];
      return root.entries.map((entry): AccountNames => ({
        name: entry.key.value,
        file,
        loc: entry.key.loc,
        fields: keysOf(entry.value, file),
      }));
    }),
  );
  return accounts.flat();
}

/** The keys of the environment file's `variables:` map, where each is written. */
export async function environmentVariableKeys(environment: Environment, root: string): Promise<NamedKey[]> {
  const tree = await readTree(environment.file, root);
  const variables = tree?.kind === 'map' ? tree.entries.find((e) => e.key.value === 'variables') : undefined;
  return variables ? keysOf(variables.value, environment.file) : [];
}

function keysOf(node: YamlNode, file: string): NamedKey[] {
  if (node.kind !== 'map') return [];
  return (node as YamlMap).entries.map((entry) => ({ name: entry.key.value, file, loc: entry.key.loc }));
}

async function yamlFilesIn(dir: string): Promise<string[]> {
  try {
    const entries = await readdir(dir, { withFileTypes: true });
    return entries
      .filter((entry) => entry.isFile() && /\.ya?ml$/.test(entry.name))
      .map((entry) => join(dir, entry.name))
      .sort();
  } catch {
    return [];
  }
}

async function readTree(file: string, root: string): Promise<YamlNode | undefined> {
  try {
    return parseYaml(await readFile(file, 'utf8'), displayPath(root, file)).root;
  } catch {
    return undefined;
  }
}
