/**
 * `runner import postman <collection.json> [--environment <env.json>]` (DECISIONS, Authoring): a collection of
 * format v2.1, v2.0 or v1 (read as v2, postmanV1.ts); folders become
 * directories, a folder's requests become the steps of one scenario in order, collection and environment
 * variables an environment file, auth the steps' `auth:` (API keys headers) with `$accounts.postman.*` values
 * in a credentials file, and the common test forms checks and saves. Everything else stays as a
 * `# not converted:` comment and is counted. Pure: the CLI reads and writes the files.
 */
import { fitFileName, FolderNames } from '../fileNames.js';
import { printScenario } from '../printScenario.js';
import { readableFieldName, secretNamePredicate } from '../secretNames.js';
import { escapeTemplate } from '../templateText.js';
import type { DraftRequest, DraftUse } from '../draftRequest.js';
import { translateTestScript } from './postmanScripts.js';
import { credentialField, importRequest, type RequestContext } from './postmanRequest.js';
import { normalizeCollection, normalizeEnvironment } from './postmanShape.js';
import { isScenarioVariableName } from './postmanText.js';
import { fromPostmanV1, isPostmanV1 } from './postmanV1.js';
import {
  isFolder,
  type KeyValue,
  type PostmanAuth,
  type PostmanEvent,
  type PostmanItem,
} from './postmanTypes.js';

export interface ImportedScenario {
  /** Relative to the output directory, with `/`. */
  path: string;
  yaml: string;
}

export interface ImportSummary {
  requests: number;
  checks: number;
  saves: number;
  /** Statements and settings kept as `# not converted:` comments. */
  notConverted: number;
}

export interface PostmanImport {
  scenarios: ImportedScenario[];
  /** The environment file's `variables`. */
  variables: Record<string, string>;
  /** The `postman` account of the credentials file. */
  credentials: Record<string, string>;
  summary: ImportSummary;
}

export function importPostman(
  file: object,
  environmentFile?: object,
  credentialsFile = '.runner/credentials/<env>.yaml',
): PostmanImport {
  const written = file as Record<string, unknown>;
  const collection = normalizeCollection(isPostmanV1(written) ? fromPostmanV1(written) : written);
  const environment =
    environmentFile === undefined
      ? undefined
      : normalizeEnvironment(environmentFile as Record<string, unknown>);
  const known = new Map<string, string>();
  const secretNames = new Set<string>();
  const define = (key: string, value: string, type: string | undefined) => {
    known.set(key, value);
    // A later definition decides, as in Postman: an environment value overrides a collection variable.
    if (type === 'secret') secretNames.add(key);
    else secretNames.delete(key);
  };
  for (const variable of collection.variable ?? []) {
    const entry = variable as KeyValue;
    if (entry.key && entry.disabled !== true) define(entry.key, String(entry.value ?? ''), entry.type);
  }
  for (const value of environment?.values ?? []) {
    if (value.key && value.enabled !== false) define(value.key, String(value.value ?? ''), value.type);
  }
  const credentials = new Map<string, string>();
  // Postman masks a `secret` variable: its value goes to the credentials, read as `$accounts.postman.<field>`.
  const secrets = new Map(
    [...secretNames].map((name) => [
      name,
      credentialField(credentials, readableFieldName(name), known.get(name) ?? ''),
    ]),
  );
  const context: RequestContext = {
    values: known,
    credentials,
    secrets,
    variables: new Set(),
    saved: savedVariables(collection.item ?? []),
  };
  const summary: ImportSummary = { requests: 0, checks: 0, saves: 0, notConverted: 0 };
  const scenarios: ImportedScenario[] = [];

  /**
   * One file per folder, its requests and subfolders as steps in the collection's order; a subfolder is a
   * fragment (`_<folder>.yaml`) run by a `use` step, so the collection runs as one scenario, as Newman runs
   * it: in order, with what one folder's scripts save seen by the folders after it. Returns whether it wrote.
   */
  const walk = (
    items: PostmanItem[],
    file: string,
    name: string,
    auth: PostmanAuth | undefined,
    events: PostmanEvent[],
    notes: string[] = [],
  ): boolean => {
    const requests: (DraftRequest | DraftUse)[] = [];
    const folderNotes = [...notes, ...eventNotes(events, 'collection or folder')];
    summary.notConverted += folderNotes.length;
    const dir = file.slice(0, file.lastIndexOf('/') + 1);
    // Sibling folders may share a name (an API's two `/grants` folders): each keeps its own directory.
    const folders = new FolderNames();
    for (const item of items) {
      if (isFolder(item)) {
        const folder = folders.take(slug(item.name ?? 'folder'));
        const wrote = walk(
          item.item ?? [],
          `${dir}${folder}/_${folder}.yaml`,
          item.name ?? folder,
          item.auth ?? auth,
          item.event ?? [],
        );
        if (wrote) {
          requests.push({
            use: `${folder}/_${folder}.yaml`,
            ...(item.name !== undefined ? { name: escapeTemplate(item.name) } : {}),
          });
        }
        continue;
      }
      if (item.request === undefined) continue;
      summary.requests += 1;
      const imported = importRequest(item.request, { ...context, ...(auth ? { inheritedAuth: auth } : {}) });
      const tests = (item.event ?? [])
        .filter((event) => event.listen === 'test')
        .map(scriptText)
        .join('\n');
      const translated = translateTestScript(tests);
      const unconverted = [
        ...imported.unconverted,
        ...translated.unconverted,
        ...eventNotes(
          (item.event ?? []).filter((event) => event.listen !== 'test'),
          'pre-request script',
        ),
      ];
      summary.checks += translated.expect.length;
      summary.saves += translated.save.length;
      summary.notConverted += unconverted.length;
      requests.push({
        ...imported.request,
        step: {
          ...(item.name !== undefined ? { name: escapeTemplate(item.name) } : {}),
          expect: translated.expect.map(([path, value]) => [
            path,
            typeof value === 'string' ? escapeTemplate(value) : value,
          ]),
          save: translated.save,
          comments: unconverted.map((line) => `not converted: ${line}`),
        },
      });
    }
    if (requests.length === 0) return false;
    const usesCredentials = requests.some((request) => /\$\{?accounts\./.test(JSON.stringify(request)));
    const yaml = printScenario({
      requests,
      comments: [
        ...(usesCredentials
          ? [`auth values are in ${credentialsFile} as \`$accounts.postman.*\` (masked in all output)`]
          : []),
        ...folderNotes.map((line) => `not converted: ${line}`),
      ],
      secrets: [],
      credentialsFile,
      scenario: escapeTemplate(name),
      origin: ' Imported from a Postman collection by `runner import postman`.',
    });
    scenarios.push({ path: file, yaml });
    return true;
  };
  const title = collection.info?.name ?? 'collection';
  // Requests keep `{{fo/o}}` as text (postmanText.ts); the environment file cannot hold such a name.
  const unnamed = [...known.keys()].filter((name) => !isScenarioVariableName(name) && !secrets.has(name));
  walk(
    collection.item ?? [],
    `${fitFileName(slug(title))}.yaml`,
    title,
    collection.auth,
    (collection.event as PostmanEvent[] | undefined) ?? [],
    unnamed.map(
      (name) => `the variable ${name} (a runner variable name is letters, digits, \`_\` and \`-\`)`,
    ),
  );

  // Every referenced variable is defined for `validate`: values from the collection and environment, and an
  // empty value for one that only a save of another scenario (or Postman itself) would set.
  // A variable with a secret's name that no request reads as text (an auth token) lives in the credentials.
  const isSensitive = secretNamePredicate();
  const variables: Record<string, string> = {};
  for (const [key, value] of known) {
    if (secrets.has(key) || !isScenarioVariableName(key)) continue;
    if (context.variables.has(key) || !isSensitive(key)) variables[key] = value;
  }
  for (const name of context.variables) variables[name] ??= '';
  return { scenarios, variables, credentials: Object.fromEntries(credentials), summary };
}

/** The variables the collection's test scripts save, as far as they are translated. */
function savedVariables(items: PostmanItem[]): Set<string> {
  const saved = new Set<string>();
  for (const item of items) {
    for (const name of savedVariables(item.item ?? [])) saved.add(name);
    for (const event of item.event ?? []) {
      if (event.listen !== 'test') continue;
      for (const [name] of translateTestScript(scriptText(event)).save) saved.add(name);
    }
  }
  return saved;
}

/** Scripts are `{ exec: [lines] }` once normalized (postmanShape.ts). */
function scriptText(event: PostmanEvent): string {
  const exec = (event.script as { exec?: string[] } | undefined)?.exec;
  return (exec ?? []).join('\n');
}

/** Scripts that are not translated at all: one note per non-blank line. */
function eventNotes(events: PostmanEvent[], what: string): string[] {
  return events.flatMap((event) =>
    scriptText(event)
      .split(/\r?\n/)
      .map((line) => line.trim())
      .filter((line) => line !== '' && !line.startsWith('//'))
      .map((line) => `${event.listen ?? what} (${what}): ${line}`),
  );
}

export function slug(name: string): string {
  return (
    name
      .normalize('NFKD')
      .replace(/[^\w\s-]/g, '')
      .trim()
      .replace(/[\s_]+/g, '-')
      // A leading `_` would make the file a fragment that `runner run` skips.
      .replace(/^-+/, '')
      .toLowerCase() || 'unnamed'
  );
}
