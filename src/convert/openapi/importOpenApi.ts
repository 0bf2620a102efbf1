/**
 * `runner openapi import` (DECISIONS.md, "Authoring"): one scenario per operation, from the document's
 * examples and schemas, expecting the documented success status and checking the body against the
 * operation's response schema, written beside it as a schema file for `expect: { schema: … }`. Pure: the
 * caller loads the document and writes the files.
 */
import { HTTP_METHODS } from '../../language/model.js';
import {
  isJsonMediaType,
  listOperations,
  resolvePointer,
  isObject,
  type JsonObject,
  type OpenApiDocument,
  type Operation,
} from '../../openapi/index.js';
import { SCHEMA_MODELINE } from '../../workspace/scaffold/exampleScenarios.js';
import { printScenario } from '../printScenario.js';
import { FolderNames } from '../fileNames.js';
import { operationRequest } from './operationRequest.js';
import { applySecurity, type CredentialField } from './operationSecurity.js';
import { standaloneSchema } from './standaloneSchema.js';

export interface ImportedFile {
  /** Relative to the output directory (scenarios) or to the schemas directory (schemas). */
  path: string;
  text: string;
}

export interface OpenApiImport {
  scenarios: ImportedFile[];
  schemas: ImportedFile[];
  /** The credentials fields the scenarios read, each once, in the order first used. */
  credentials: CredentialField[];
  /** Operations that could not become scenarios, with why (a method runner does not send). */
  skipped: string[];
}

export interface OpenApiImportOptions {
  /** Prefix of every URL: the document's server path, unless the environment's baseUrl already has it. */
  pathPrefix: string;
  /** Sub-directory of the schemas directory the schema files go to, such as `openapi`. */
  schemasFolder: string;
  /** The scenarios' JSON Schema relative to the output directory, for the editor modeline. */
  scenarioSchema: string;
  /** Where the credentials of the security schemes go, as shown to the user. */
  credentialsFile: string;
}

/** A leading `_` would make the file a fragment that `runner run` skips. */
function slug(text: string): string {
  return text
    .replace(/[{}]/g, '')
    .replace(/[^A-Za-z0-9_-]+/g, '-')
    .replace(/^[-_]+|-+$/g, '');
}

/** The success status to expect: the lowest 2xx written out, or the `2XX` range. */
function successKey(operation: Operation): string | undefined {
  const keys = operation.responses.map((response) => response.key);
  const exact = keys.filter((key) => /^2\d\d$/.test(key)).sort()[0];
  return exact ?? keys.find((key) => /^2XX$/i.test(key));
}

function summaryOf(data: JsonObject, operation: Operation): string | undefined {
  const node = resolvePointer(data, `#${operation.pointer}`);
  if (!isObject(node)) return undefined;
  const text = typeof node.summary === 'string' ? node.summary : node.description;
  return typeof text === 'string' ? text.split('\n')[0]?.trim() || undefined : undefined;
}

export function importOpenApi(document: OpenApiDocument, options: OpenApiImportOptions): OpenApiImport {
  const result: OpenApiImport = { scenarios: [], schemas: [], credentials: [], skipped: [] };
  const names = new FolderNames();
  for (const operation of listOperations(document.data)) {
    if (!HTTP_METHODS.some((method) => method === operation.method)) {
      result.skipped.push(`${operation.label}: runner does not send ${operation.method} requests`);
      continue;
    }
    const name = names.take(
      slug(operation.operationId ?? `${operation.method.toLowerCase()}-${operation.path}`) || 'operation',
    );
    const expect: Record<string, unknown> = {};
    const success = successKey(operation);
    if (success !== undefined) {
      expect.status = /^\d+$/.test(success) ? Number(success) : success.toLowerCase();
      const response = operation.responses.find((entry) => entry.key === success);
      const json = [...(response?.content ?? new Map<string, string | undefined>())].find(
        ([mediaType, pointer]) => pointer !== undefined && isJsonMediaType(mediaType),
      );
      if (json?.[1] !== undefined) {
        const schemaName = `${options.schemasFolder}/${name}-${success}.json`;
        const schema = standaloneSchema(document.data, json[1], document.version);
        result.schemas.push({ path: schemaName, text: `${JSON.stringify(schema, null, 2)}\n` });
        expect.schema = schemaName;
      }
    }
    const summary = summaryOf(document.data, operation);
    const request = operationRequest(document.data, operation, options.pathPrefix);
    const auth = applySecurity(document.data, operation, request);
    for (const field of auth.credentials) {
      const known = result.credentials.some(
        (seen) => seen.account === field.account && seen.field === field.field,
      );
      if (!known) result.credentials.push(field);
    }
    const yaml = printScenario({
      requests: [request],
      comments: [
        ...(summary === undefined ? [] : [summary]),
        ...(auth.credentials.length > 0
          ? [
              `auth: fill in ${auth.credentials.map((field) => `\`$accounts.${field.account}.${field.field}\``).join(', ')} in ${options.credentialsFile}`,
            ]
          : []),
        ...auth.notes,
      ],
      secrets: [],
      credentialsFile: '',
      scenario: operation.operationId ?? operation.label,
      origin: ` Imported from ${document.display} (${operation.label}) by \`runner openapi import\`.`,
      expect,
    });
    const modeline = `# yaml-language-server: $schema=${options.scenarioSchema}`;
    result.scenarios.push({ path: `${name}.yaml`, text: yaml.replace(SCHEMA_MODELINE, modeline) });
  }
  return result;
}
