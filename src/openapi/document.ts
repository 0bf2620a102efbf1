/**
 * An OpenAPI document as the parser leaves it after bundling: plain JSON data whose `$ref`s all point inside
 * it. Only the parts the runner reads are typed; everything is checked where it is read, never assumed.
 */

export type JsonObject = Record<string, unknown>;

export type OpenApiVersion = '3.0' | '3.1';

export interface OpenApiDocument {
  /** `3.0` documents use `nullable` and boolean exclusive bounds; `3.1` schemas are JSON Schema 2020-12. */
  version: OpenApiVersion;
  /** The bundled document, with the schema conversions of schemaDialect.ts applied. */
  data: JsonObject;
  /** The file, relative to the project root, for messages and coverage.json. */
  display: string;
}

export function isObject(value: unknown): value is JsonObject {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** `3.0.x` or `3.1.x`; anything else (Swagger 2.0, 3.2 drafts) is refused by the caller. */
export function versionOf(data: JsonObject): OpenApiVersion | undefined {
  const written = data.openapi;
  if (typeof written !== 'string') return undefined;
  if (/^3\.0\.\d+$/.test(written)) return '3.0';
  if (/^3\.1\.\d+$/.test(written)) return '3.1';
  return undefined;
}

/** A JSON Pointer segment: `/pets/{petId}` → `~1pets~1{petId}` (RFC 6901). */
export function pointerSegment(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** The value at a JSON Pointer (`#/components/schemas/Pet`), or undefined. */
export function resolvePointer(data: JsonObject, ref: string): unknown {
  if (!ref.startsWith('#')) return undefined;
  let node: unknown = data;
  const steps = ref === '#' || ref === '#/' ? [] : ref.slice(2).split('/');
  for (const step of steps) {
    const key = decodeURIComponent(step).replace(/~1/g, '/').replace(/~0/g, '~');
    if (Array.isArray(node)) node = node[Number(key)];
    else if (isObject(node)) node = node[key];
    else return undefined;
  }
  return node;
}

/** Follows `$ref`s inside the document (responses and parameters may be references) to the object itself. */
export function dereferenced(data: JsonObject, value: unknown, depth = 0): unknown {
  if (depth > 32 || !isObject(value) || typeof value.$ref !== 'string') return value;
  return dereferenced(data, resolvePointer(data, value.$ref), depth + 1);
}
