/**
 * Reading one response schema by name: `auth/token` is `<schemas.path>/auth/token.yaml` (or `.yml`, `.json`),
 * JSON Schema written as YAML (SPEC, Workspace layout). Every problem comes back as text, never a throw.
 */
import { readdir } from 'node:fs/promises';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { didYouMeanHint } from '../diagnostics/didYouMean.js';
import { formatDiagnostic, RunnerError } from '../diagnostics/errors.js';
import { formatLocation } from '../diagnostics/location.js';
import { parseYaml, toPlain, type YamlNode } from '../language/index.js';
import { displayPath } from './displayPath.js';
import { readTextFile } from './readYamlFile.js';

export interface SchemaSource {
  /** As the user would write the path: relative to the cwd when inside it. */
  display: string;
  schema: Record<string, unknown>;
  /** The parsed YAML, for pointing at the line of a problem in the schema itself. */
  root: YamlNode;
}

const EXTENSIONS = ['.yaml', '.yml', '.json'];
const WITH_EXTENSION = /\.(ya?ml|json)$/;

/** Why a name cannot name a file under the schemas directory, if it cannot. */
function nameProblem(name: string, dir: string): string | undefined {
  if (name === '') return 'a schema name cannot be empty';
  if (name.includes('\\') || name.includes('\0'))
    return `invalid schema name "${name}": use / between directories`;
  if (isAbsolute(name)) return `invalid schema name "${name}": names are relative to schemas.path`;
  const inside = relative(dir, resolve(dir, name));
  // A name may have sub-directories (`auth/token`) but may not leave the schemas directory (`../secrets`).
  if (name.split('/').includes('..') || inside.startsWith('..') || isAbsolute(inside)) {
    return `invalid schema name "${name}": it leads outside the schemas directory`;
  }
  return undefined;
}

/** `user` → user.yaml, user.yml, user.json; a name written with its extension (`user.json`) is that file. */
function candidateFiles(dir: string, name: string): string[] {
  const base = resolve(dir, name);
  return WITH_EXTENSION.test(name) ? [base] : EXTENSIONS.map((extension) => `${base}${extension}`);
}

function errorCode(error: unknown): string | undefined {
  const code: unknown = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/** `did you mean "auth/token"?` from the schema files beside where the name pointed. */
async function nearbyHint(dir: string, name: string): Promise<string | undefined> {
  const folder = dirname(resolve(dir, name));
  try {
    const files = await readdir(folder);
    const names = files
      .filter((file) => WITH_EXTENSION.test(file))
      .map((file) => relative(dir, join(folder, file)).split('\\').join('/').replace(WITH_EXTENSION, ''));
    return didYouMeanHint(name.replace(WITH_EXTENSION, ''), names);
  } catch {
    return undefined;
  }
}

async function readFirstExisting(
  files: readonly string[],
  cwd: string,
): Promise<{ file: string; text: string } | { error: string } | undefined> {
  for (const file of files) {
    try {
      return { file, text: await readTextFile(file, displayPath(cwd, file)) };
    } catch (error) {
      const code = errorCode(error);
      if (code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR') continue;
      const reason = error instanceof Error ? error.message : String(error);
      const prefix = error instanceof RunnerError ? '' : 'cannot read ';
      return { error: `${prefix}${displayPath(cwd, file)}: ${reason}` };
    }
  }
  return undefined;
}

function missingMessage(files: readonly string[], cwd: string, hint: string | undefined): string {
  const [first, ...others] = files;
  const alternatives = others.map((file) => file.slice(file.lastIndexOf('.'))).join(', ');
  const also = others.length === 0 ? '' : ` (nor ${alternatives})`;
  const suffix = hint === undefined ? '' : `; ${hint}`;
  return `no schema file ${displayPath(cwd, first ?? '')}${also}${suffix}`;
}

/** The schema named `name` under `dir` (absolute), or the reasons it cannot be used. */
export async function readSchemaSource(
  dir: string,
  cwd: string,
  name: string,
): Promise<{ source: SchemaSource } | { errors: string[] }> {
  const problem = nameProblem(name, dir);
  if (problem !== undefined) return { errors: [problem] };
  const files = candidateFiles(dir, name);
  const read = await readFirstExisting(files, cwd);
  if (read === undefined) return { errors: [missingMessage(files, cwd, await nearbyHint(dir, name))] };
  if ('error' in read) return { errors: [read.error] };
  const display = displayPath(cwd, read.file);
  const parsed = parseYaml(read.text, display);
  const errors = parsed.diagnostics.filter((diagnostic) => diagnostic.severity === 'error');
  if (errors.length > 0) return { errors: errors.map(formatDiagnostic) };
  const root = parsed.root;
  if (root === undefined || (root.kind === 'scalar' && root.value === null)) {
    return { errors: [`${display}: the schema file is empty`] };
  }
  if (root.kind !== 'map') {
    return {
      errors: [`${formatLocation(root.loc)}: a schema file must contain a map (a JSON Schema object)`],
    };
  }
  return { source: { display, schema: toPlain(root) as Record<string, unknown>, root } };
}
