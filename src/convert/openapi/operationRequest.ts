/**
 * The request of an imported operation: the path with its parameters filled in, the query parameters the
 * document requires or gives an example for, and a JSON body from the request body's example or schema.
 */
import type { HttpMethod } from '../../language/model.js';
import {
  dereferenced,
  isJsonMediaType,
  isObject,
  resolvePointer,
  type JsonObject,
  type Operation,
} from '../../openapi/index.js';
import type { DraftRequest } from '../draftRequest.js';
import { exampleFromSchema, writtenExample } from './exampleValue.js';

interface Parameter {
  name: string;
  in: string;
  required: boolean;
  node: JsonObject;
}

/** Path-level parameters, overridden by the operation's own of the same name and place (OpenAPI). */
function parametersOf(data: JsonObject, operation: Operation): Parameter[] {
  const itemPointer = operation.pointer.slice(0, operation.pointer.lastIndexOf('/'));
  const lists = [resolvePointer(data, `#${itemPointer}`), resolvePointer(data, `#${operation.pointer}`)];
  const byKey = new Map<string, Parameter>();
  for (const holder of lists) {
    const list = isObject(holder) && Array.isArray(holder.parameters) ? holder.parameters : [];
    for (const written of list) {
      const node = dereferenced(data, written);
      if (!isObject(node) || typeof node.name !== 'string' || typeof node.in !== 'string') continue;
      byKey.set(`${node.in}:${node.name}`, {
        name: node.name,
        in: node.in,
        required: node.required === true,
        node,
      });
    }
  }
  return [...byKey.values()];
}

function parameterValue(data: JsonObject, parameter: Parameter): unknown {
  return writtenExample(data, parameter.node)?.value ?? exampleFromSchema(data, parameter.node.schema);
}

function asText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** The JSON request body: the media type's example, else one made from its schema. */
function jsonBody(data: JsonObject, operationNode: JsonObject): { value: unknown } | undefined {
  const body = dereferenced(data, operationNode.requestBody);
  if (!isObject(body) || !isObject(body.content)) return undefined;
  const entry = Object.entries(body.content).find(([mediaType]) => isJsonMediaType(mediaType));
  if (entry === undefined) return undefined;
  const media = entry[1];
  return (
    writtenExample(data, media) ?? {
      value: exampleFromSchema(data, isObject(media) ? media.schema : undefined),
    }
  );
}

/**
 * `pathPrefix` is the server's path (`/v1`) when the environment's baseUrl does not already end with it.
 * Values are literal text; the printer escapes them for the template language.
 */
export function operationRequest(data: JsonObject, operation: Operation, pathPrefix: string): DraftRequest {
  const parameters = parametersOf(data, operation);
  const path = operation.path.replace(/\{([^}]+)\}/g, (whole, name: string) => {
    const parameter = parameters.find((candidate) => candidate.in === 'path' && candidate.name === name);
    return parameter ? encodeURIComponent(asText(parameterValue(data, parameter))) : whole;
  });
  const query: [string, string][] = parameters
    .filter((parameter) => parameter.in === 'query')
    .filter((parameter) => parameter.required || writtenExample(data, parameter.node) !== undefined)
    .map((parameter) => [parameter.name, asText(parameterValue(data, parameter))]);
  const headers: [string, string][] = parameters
    .filter((parameter) => parameter.in === 'header' && parameter.required)
    .map((parameter) => [parameter.name, asText(parameterValue(data, parameter))]);
  const operationNode = resolvePointer(data, `#${operation.pointer}`);
  const body = isObject(operationNode) ? jsonBody(data, operationNode) : undefined;
  return {
    method: operation.method as HttpMethod,
    url: `${pathPrefix}${path}`,
    query,
    headers,
    ...(body === undefined ? {} : { body: { kind: 'json', value: body.value } }),
  };
}
