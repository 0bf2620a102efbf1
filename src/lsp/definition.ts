/**
 * Go to definition: a `use` target opens the fragment; a `$variable` goes to the `save`/`set` (or `examples`
 * key, `import.as`, environment variable, or a fragment's save) that defines it; `$accounts.<a>.<f>` goes to
 * the key in the credentials files; a `schema:` name opens the schema file.
 */
import { dirname, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Location, Position } from 'vscode-languageserver/node';
import type { SourceLocation } from '../diagnostics/location.js';
import { parseYaml, type YamlMap } from '../language/index.js';
import { listSchemaFiles } from '../workspace/index.js';
import { cursorContext } from './cursorContext.js';
import { readableUseTargets, textOf, type OpenDocument } from './openDocument.js';
import { toPosition } from './positions.js';
import { credentialNames, environmentVariableKeys } from './project.js';
import { referenceAt } from './references.js';
import { rolesAt } from './scenarioShapes.js';
import { variableDefinitions } from './variables.js';

export async function definitionsAt(document: OpenDocument, position: Position): Promise<Location[]> {
  const line = document.lines[position.line] ?? '';
  const reference = referenceAt(line, position.character);
  if (reference) return referenceDefinitions(document, reference.segments);
  const context = cursorContext(document.lines, position.line, line.length);
  if (context.kind !== 'value') return [];
  const roles = rolesAt([...context.path, context.key]);
  const written = unquote(context.text.replace(/\s+#.*$/, '').trim());
  if (roles.has('useTarget')) return [fileStart(resolve(dirname(document.file), written))];
  if (roles.has('schemaName') && document.project) {
    const schemas = await listSchemaFiles(document.project.workspace);
    return schemas.filter((schema) => schema.name === written).map((schema) => fileStart(schema.file));
  }
  return [];
}

async function referenceDefinitions(
  document: OpenDocument,
  segments: readonly string[],
): Promise<Location[]> {
  const [name, account, field] = segments;
  const project = document.project;
  if (name === 'accounts') {
    if (!project || account === undefined) return [];
    const accounts = (await credentialNames(project.workspace)).filter((a) => a.name === account);
    if (field === undefined) return accounts.map((a) => at(a.file, a.loc));
    return accounts.flatMap((a) => a.fields.filter((f) => f.name === field).map((f) => at(f.file, f.loc)));
  }
  if (name === undefined || name === 'env') return [];
  const own = document.root
    ? variableDefinitions(document.root)
        .filter((definition) => definition.name === name)
        .map((definition) => at(document.file, definition.loc))
    : [];
  if (own.length > 0) return own;
  const environment = project?.environment;
  if (environment && project) {
    const keys = await environmentVariableKeys(environment, project.workspace.root);
    const found = keys.filter((key) => key.name === name).map((key) => at(key.file, key.loc));
    if (found.length > 0) return found;
  }
  return fragmentDefinitions(document, name);
}

/** Saves in the files this one `use`s, for a name that comes back from a fragment. */
async function fragmentDefinitions(document: OpenDocument, name: string): Promise<Location[]> {
  const found = await Promise.all(
    readableUseTargets(document).map(async ({ path }) => {
      const text = await textOf(path, document.openDocuments);
      const root = text === undefined ? undefined : parseYaml(text, path).root;
      if (root?.kind !== 'map') return [];
      return variableDefinitions(root as YamlMap)
        .filter((definition) => definition.name === name)
        .map((definition) => at(path, definition.loc));
    }),
  );
  return found.flat();
}

function at(file: string, loc: SourceLocation): Location {
  const start = toPosition(loc);
  return { uri: pathToFileURL(file).href, range: { start, end: start } };
}

function fileStart(file: string): Location {
  const start = { line: 0, character: 0 };
  return { uri: pathToFileURL(file).href, range: { start, end: start } };
}

function unquote(text: string): string {
  return /^(["']).*\1$/.test(text) ? text.slice(1, -1) : text;
}
