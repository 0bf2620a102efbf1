/**
 * The operations of a document: one per path and method, with the responses it documents and where each
 * response's schemas are (as JSON Pointers into the bundled document, so the validator compiles them with
 * every `$ref` they use).
 */
import { dereferenced, isObject, pointerSegment, type JsonObject } from './document.js';

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

export interface DocumentedResponse {
  /** The key as written: `200`, `2XX` or `default`. */
  key: string;
  /** Media type (as written) → JSON Pointer of its schema; a media type without a schema maps to undefined. */
  content: Map<string, string | undefined>;
}

export interface Operation {
  /** Upper case: `GET`. */
  method: string;
  /** The path template as written: `/pets/{petId}`. */
  path: string;
  /** `GET /pets/{petId}`: how messages and coverage name the operation. */
  label: string;
  operationId?: string;
  responses: DocumentedResponse[];
  /** JSON Pointer of the operation object, for importers that read its parameters and examples. */
  pointer: string;
}

function responsesOf(data: JsonObject, operation: JsonObject, pointer: string): DocumentedResponse[] {
  if (!isObject(operation.responses)) return [];
  const out: DocumentedResponse[] = [];
  for (const [key, written] of Object.entries(operation.responses)) {
    const response = dereferenced(data, written);
    // A response given as a `$ref` is read where the reference points, so the schema pointer follows it.
    const at =
      isObject(written) && typeof written.$ref === 'string'
        ? written.$ref.slice(1)
        : `${pointer}/responses/${pointerSegment(key)}`;
    const content = new Map<string, string | undefined>();
    if (isObject(response) && isObject(response.content)) {
      for (const [mediaType, media] of Object.entries(response.content)) {
        const hasSchema = isObject(media) && media.schema !== undefined;
        content.set(mediaType, hasSchema ? `#${at}/content/${pointerSegment(mediaType)}/schema` : undefined);
      }
    }
    out.push({ key, content });
  }
  return out;
}

/** Every operation under `paths`, in document order (3.1 documents may have none: webhooks only). */
export function listOperations(data: JsonObject): Operation[] {
  const operations: Operation[] = [];
  if (!isObject(data.paths)) return operations;
  for (const [path, written] of Object.entries(data.paths)) {
    const item = dereferenced(data, written);
    if (!isObject(item)) continue;
    for (const method of HTTP_METHODS) {
      const operation = item[method];
      if (!isObject(operation)) continue;
      // A path item given as a `$ref` is read where the reference points.
      const base =
        isObject(written) && typeof written.$ref === 'string'
          ? written.$ref.slice(1)
          : `/paths/${pointerSegment(path)}`;
      const pointer = `${base}/${method}`;
      const label = `${method.toUpperCase()} ${path}`;
      operations.push({
        method: method.toUpperCase(),
        path,
        label,
        ...(typeof operation.operationId === 'string' ? { operationId: operation.operationId } : {}),
        responses: responsesOf(data, operation, pointer),
        pointer,
      });
    }
  }
  return operations;
}

/** OpenAPI's precedence: the exact status, then its range (`4XX`), then `default`. */
export function responseFor(operation: Operation, status: number): DocumentedResponse | undefined {
  const exact = operation.responses.find((response) => response.key === String(status));
  if (exact) return exact;
  const range = `${Math.floor(status / 100)}XX`;
  const ranged = operation.responses.find((response) => response.key.toUpperCase() === range);
  return ranged ?? operation.responses.find((response) => response.key === 'default');
}

/** The statuses written out (`200`, `4XX`), which coverage counts; `default` documents but is not counted. */
export function writtenStatuses(operation: Operation): string[] {
  return operation.responses.map((response) => response.key).filter((key) => key !== 'default');
}
