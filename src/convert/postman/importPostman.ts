/**
 * `runner import postman <collection.json> [--environment <env.json>]` (DECISIONS, Authoring): folders become
 * directories, a folder's requests become the steps of one scenario in order, collection and environment
 * variables an environment file, basic/bearer/API-key auth `$accounts.postman.*` references with their values
 * in a credentials file, and the common test forms checks and saves. Everything else stays as a
 * `# not converted:` comment and is counted. Pure: the CLI reads and writes the files.
 */
import { printScenario } from '../printScenario.js';
import { secretNamePredicate } from '../secretNames.js';
import { escapeTemplate } from '../templateText.js';
import type { DraftRequest, DraftUse } from '../draftRequest.js';
import { translateTestScript } from './postmanScripts.js';
import { importRequest, type RequestContext } from './postmanRequest.js';
import {
  isFolder,
  type PostmanAuth,
  type PostmanCollection,
  type PostmanEnvironment,
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
  collection: PostmanCollection,
  environment?: PostmanEnvironment,
  credentialsFile = '.runner/credentials/<env>.yaml',
): PostmanImport {
  const known = new Map<string, string>();
  for (const variable of collection.variable ?? []) {
    if (variable.key && variable.disabled !== true) known.set(variable.key, String(variable.value ?? ''));
  }
  for (const value of environment?.values ?? []) {
    if (value.key && value.enabled !== false) known.set(value.key, String(value.value ?? ''));
  }
  const context: RequestContext = {
    values: known,
    credentials: new Map(),
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
  ): boolean => {
    const requests: (DraftRequest | DraftUse)[] = [];
    const folderNotes = eventNotes(events, 'collection or folder');
    summary.notConverted += folderNotes.length;
    const dir = file.slice(0, file.lastIndexOf('/') + 1);
    // Sibling folders may share a name (an API's two `/grants` folders): each keeps its own directory.
    const folders = new Set<string>();
    for (const item of items) {
      if (isFolder(item)) {
        const base = slug(item.name ?? 'folder');
        let folder = base;
        for (let n = 2; folders.has(folder); n++) folder = `${base}-${n}`;
        folders.add(folder);
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
    const usesCredentials = requests.some((request) => JSON.stringify(request).includes('$accounts.'));
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
  walk(
    collection.item ?? [],
    `${slug(title)}.yaml`,
    title,
    collection.auth,
    (collection.event as PostmanEvent[] | undefined) ?? [],
  );

  // Every referenced variable is defined for `validate`: values from the collection and environment, and an
  // empty value for one that only a save of another scenario (or Postman itself) would set.
  // A variable with a secret's name that no request reads as text (an auth token) lives in the credentials.
  const isSensitive = secretNamePredicate();
  const variables: Record<string, string> = {};
  for (const [key, value] of known) {
    if (context.variables.has(key) || !isSensitive(key)) variables[key] = value;
  }
  for (const name of context.variables) variables[name] ??= '';
  return { scenarios, variables, credentials: Object.fromEntries(context.credentials), summary };
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

function scriptText(event: PostmanEvent): string {
  const script = event.script as { exec?: string | string[] } | string | string[];
  if (typeof script === 'string') return script;
  if (Array.isArray(script)) return script.join('\n');
  const exec = script.exec;
  return Array.isArray(exec) ? exec.join('\n') : (exec ?? '');
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
