/**
 * Completion: keys from the scenario's shape at the cursor, fixed values (methods, booleans), matcher names
 * in `expect`, names from the environment (services, cache connections), schema names, `use` targets, and
 * `$variables` in scope, `$accounts.<account>.<field>` by name (never a value).
 */
import { dirname, relative, sep } from 'node:path';
import {
  CompletionItemKind,
  type CompletionItem,
  type Position,
  type Range,
} from 'vscode-languageserver/node';
import { MATCHER_DOCS, QUERY_FUNCTION_NAMES, SUBJECT_ROOT_NAMES } from '../assertions/index.js';
import { listSchemaFiles, scenarioFilesUnder } from '../workspace/index.js';
import { cursorContext, type PathSegment } from './cursorContext.js';
import { fragmentDefines, type OpenDocument } from './openDocument.js';
import { credentialNames, environmentVariableKeys } from './project.js';
import { referenceBefore } from './references.js';
import { fixedValues, objectShapes, rolesAt, shapesAt } from './scenarioShapes.js';
import { scopeAt, stepAtLine, variableDefinitions } from './variables.js';

export async function completionsAt(document: OpenDocument, position: Position): Promise<CompletionItem[]> {
  const before = (document.lines[position.line] ?? '').slice(0, position.character);
  const reference = referenceBefore(before);
  if (reference) {
    const range = lineRange(position, reference.partialStart);
    return variableCompletions(document, position, reference.segments, range);
  }
  const cursor = cursorContext(document.lines, position.line, position.character);
  if (cursor.kind === 'key') {
    const objects = objectShapes(shapesAt(cursor.path));
    const range = lineRange(position, position.character - cursor.prefix.length);
    if (objects.length > 0) return keyCompletions(cursor.path, cursor.siblings, range);
    return valueCompletions(document, cursor.path, cursor.prefix, position);
  }
  if (cursor.kind === 'value')
    return valueCompletions(document, [...cursor.path, cursor.key], cursor.text, position);
  return valueCompletions(document, cursor.path, cursor.text, position);
}

function lineRange(position: Position, startCharacter: number): Range {
  return { start: { line: position.line, character: Math.max(0, startCharacter) }, end: position };
}

function keyCompletions(
  path: readonly PathSegment[],
  siblings: readonly string[],
  range: Range,
): CompletionItem[] {
  const items = new Map<string, CompletionItem>();
  for (const shape of objectShapes(shapesAt(path))) {
    for (const [key, property] of Object.entries(shape.properties)) {
      if (siblings.includes(key) || items.has(key)) continue;
      items.set(key, {
        label: key,
        kind: CompletionItemKind.Property,
        documentation: property.description,
        textEdit: { range, newText: `${key}: ` },
      });
    }
    // `expect` maps take any path: offer where paths start (SPEC, "`expect` paths and matchers").
    if (shape.editorKeyPattern) {
      for (const root of SUBJECT_ROOT_NAMES) {
        if (!items.has(root))
          items.set(root, {
            label: root,
            kind: CompletionItemKind.Field,
            textEdit: { range, newText: root },
          });
      }
      for (const name of QUERY_FUNCTION_NAMES) {
        items.set(`${name}()`, {
          label: `${name}()`,
          kind: CompletionItemKind.Function,
          textEdit: { range, newText: `${name}(` },
        });
      }
    }
  }
  return [...items.values()];
}

async function valueCompletions(
  document: OpenDocument,
  path: readonly PathSegment[],
  written: string,
  position: Position,
): Promise<CompletionItem[]> {
  const whole = lineRange(position, position.character - written.length);
  const items: CompletionItem[] = fixedValues(path).map((value) => ({
    label: value,
    kind: CompletionItemKind.EnumMember,
    textEdit: { range: whole, newText: value },
  }));
  const roles = rolesAt(path);
  if (roles.has('expected')) {
    // A matcher may follow `not` or `each`: only the last word is replaced.
    const lastWord = /\S*$/.exec(written)?.[0] ?? '';
    const range = lineRange(position, position.character - lastWord.length);
    for (const matcher of MATCHER_DOCS) {
      items.push({
        label: matcher.name,
        kind: CompletionItemKind.Function,
        documentation: matcher.description,
        textEdit: { range, newText: matcher.takesArgument ? `${matcher.name} ` : matcher.name },
      });
    }
  }
  const project = document.project;
  if (!project) return items;
  const named = (names: Iterable<string>, detail: string) => {
    for (const name of names)
      items.push({
        label: name,
        kind: CompletionItemKind.Value,
        detail,
        textEdit: { range: whole, newText: name },
      });
  };
  const environment = project.environment;
  if (roles.has('serviceName') && environment)
    named(Object.keys(environment.services), `service of environment ${environment.name}`);
  if (roles.has('cacheConnection') && environment)
    named(Object.keys(environment.cache), `cache connection of environment ${environment.name}`);
  if (roles.has('schemaName'))
    named(
      (await listSchemaFiles(project.workspace)).map((schema) => schema.name),
      'schema',
    );
  if (roles.has('useTarget')) named(await useTargetNames(document), 'scenario file');
  return items;
}

/** Scenario files of the tests directory, as a `use` step in this file would write them. */
async function useTargetNames(document: OpenDocument): Promise<string[]> {
  const project = document.project;
  if (!project) return [];
  let files: string[];
  try {
    files = await scenarioFilesUnder(project.workspace.config.tests.path);
  } catch {
    return [];
  }
  return files
    .filter((file) => file !== document.file)
    .map((file) => relative(dirname(document.file), file).split(sep).join('/'));
}

async function variableCompletions(
  document: OpenDocument,
  position: Position,
  segments: readonly string[],
  range: Range,
): Promise<CompletionItem[]> {
  const project = document.project;
  if (segments[0] === 'accounts' && project && segments.length <= 3) {
    const accounts = await credentialNames(project.workspace);
    const names =
      segments.length === 2
        ? accounts.map((account) => account.name)
        : accounts
            .filter((account) => account.name === segments[1])
            .flatMap((a) => a.fields.map((f) => f.name));
    const detail = segments.length === 2 ? 'account (credentials)' : 'credentials field (a secret)';
    return [...new Set(names)].map((name) => ({
      label: name,
      kind: CompletionItemKind.Variable,
      detail,
      textEdit: { range, newText: name },
    }));
  }
  if (segments.length !== 1) return [];
  const root = document.root;
  const environment = project?.environment;
  const environmentNames = environment ? Object.keys(environment.variables) : [];
  if (!root) return nameItems(['accounts', 'env', ...environmentNames], new Map(), range);
  const defines = await fragmentDefines(document);
  const scope = scopeAt(root, stepAtLine(root, position.line + 1), environmentNames, (target) =>
    defines.get(target),
  );
  const details = new Map<string, string>([
    ['accounts', 'credentials of the environment: `$accounts.<account>.<field>`'],
    ['env', 'the operating system environment: `$env.NAME`'],
  ]);
  if (environment && project) {
    for (const key of await environmentVariableKeys(environment, project.workspace.root))
      details.set(key.name, `variable of environment ${environment.name}`);
  }
  for (const definition of variableDefinitions(root))
    if (!details.has(definition.name)) details.set(definition.name, definition.origin);
  return nameItems([...scope.names], details, range);
}

function nameItems(names: readonly string[], details: Map<string, string>, range: Range): CompletionItem[] {
  return [...new Set(names)].map((name) => ({
    label: name,
    kind: CompletionItemKind.Variable,
    ...(details.has(name) ? { detail: details.get(name) } : {}),
    textEdit: { range, newText: name },
  }));
}
