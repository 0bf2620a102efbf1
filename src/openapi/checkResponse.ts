/**
 * The rules a response must keep (DECISIONS.md, "Authoring" and "Finer points"): its status is documented (a
 * `default` response documents every status), its content type is one the response documents, and its body
 * matches that media type's schema. Each broken rule is one line naming the rule and, for the body, the JSON
 * path; the caller turns them into failed checks that name the operation.
 */
import { documentedMediaType, isJsonMediaType } from './mediaTypes.js';
import { responseFor, type Operation } from './operations.js';

export interface ObservedResponse {
  method: string;
  status: number;
  headers: Record<string, string>;
  /** Parsed JSON when the body is JSON, its text otherwise, undefined when empty. */
  body: unknown;
  /** The body's text, to tell an empty body from one that is not JSON. */
  bodyText: string;
  /** Why a body under a JSON content type was kept as text (invalid JSON, nested too deep). */
  bodyProblem?: string;
}

/** Validates a body against the schema at a JSON Pointer; one line per violation, none when it matches. */
export type BodyValidator = (schemaPointer: string, body: unknown) => Promise<string[]>;

export interface Violation {
  /** `status`, `content-type` or `body`: the rule broken. */
  rule: 'status' | 'content-type' | 'body';
  message: string;
}

/** HEAD answers and 204/304 carry no body whatever the document says (DECISIONS.md, "Platform"). */
function bodyless(response: ObservedResponse): boolean {
  return response.method.toUpperCase() === 'HEAD' || response.status === 204 || response.status === 304;
}

export async function checkResponse(
  operation: Operation,
  response: ObservedResponse,
  validateBody: BodyValidator,
): Promise<Violation[]> {
  const documented = responseFor(operation, response.status);
  if (documented === undefined) {
    const keys = operation.responses.map((entry) => entry.key).join(', ');
    return [
      {
        rule: 'status',
        message: `status ${response.status} is not documented (documented: ${keys || 'none'})`,
      },
    ];
  }
  if (bodyless(response)) return [];
  const mediaTypes = [...documented.content.keys()];
  // A body with a problem (invalid JSON, too deep, too large to hold as text) came, whatever its text.
  const hasBody = response.bodyText !== '' || response.bodyProblem !== undefined;
  if (mediaTypes.length === 0) {
    return hasBody
      ? [{ rule: 'body', message: `response ${documented.key} documents no body, but one came` }]
      : [];
  }
  if (!hasBody) return [];
  const contentType = response.headers['content-type'];
  if (contentType === undefined) {
    return [
      {
        rule: 'content-type',
        message: `the response has no content-type (documented: ${mediaTypes.join(', ')})`,
      },
    ];
  }
  const mediaType = documentedMediaType(contentType, mediaTypes);
  if (mediaType === undefined) {
    return [
      {
        rule: 'content-type',
        message: `content type ${contentType} is not documented for ${documented.key} (documented: ${mediaTypes.join(', ')})`,
      },
    ];
  }
  const schema = documented.content.get(mediaType);
  // Only JSON bodies are checked against a schema: the validator reads JSON values.
  if (schema === undefined || !isJsonMediaType(contentType)) return [];
  if (response.bodyProblem !== undefined) {
    return [{ rule: 'body', message: `body: ${response.bodyProblem}` }];
  }
  const lines = await validateBody(schema, response.body);
  const where = `(schema of response ${documented.key}, ${mediaType})`;
  return lines.map((line) => ({ rule: 'body', message: `${line} ${where}` }));
}
