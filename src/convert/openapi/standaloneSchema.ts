/**
 * An operation's response schema as a file of its own for `expect: { schema: … }`: the schema at its pointer,
 * with every schema it reaches by `$ref` copied under `$defs` and the references rewritten to point there.
 * Keywords and formats that the project's schema checks do not know (OpenAPI's `discriminator`, `xml`,
 * `int32`...) are left out, because `schema:` checks refuse unknown keywords (src/workspace/schemaCompiler.ts).
 */
import { isObject, resolvePointer, type JsonObject, type OpenApiVersion } from '../../openapi/index.js';
import { SCHEMA_FORMATS } from '../../workspace/schemaFormats.js';

/** OpenAPI annotations with no meaning to a JSON Schema validator. */
const OPENAPI_ONLY = new Set(['discriminator', 'xml', 'externalDocs', 'deprecated', 'nullable']);

/** Keywords whose map keys are names the document chose, not keywords. */
const NAME_MAPS = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas']);

const DRAFT_07 = 'http://json-schema.org/draft-07/schema#';

function defName(pointer: string, taken: Set<string>): string {
  const last = pointer.split('/').pop() ?? 'schema';
  const base =
    last
      .replace(/~1/g, '_')
      .replace(/~0/g, '_')
      .replace(/[^A-Za-z0-9_.-]/g, '_') || 'schema';
  let name = base;
  for (let n = 2; taken.has(name); n++) name = `${base}${n}`;
  taken.add(name);
  return name;
}

export function standaloneSchema(data: JsonObject, pointer: string, version: OpenApiVersion): JsonObject {
  // Draft-07 (for 3.0 documents) keeps shared schemas under `definitions`; 2020-12 under `$defs`.
  const defsKey = version === '3.0' ? 'definitions' : '$defs';
  const names = new Map<string, string>();
  const taken = new Set<string>();
  const defs: JsonObject = {};

  const rewrite = (value: unknown, keysAreNames = false): unknown => {
    if (Array.isArray(value)) return value.map((item) => rewrite(item));
    if (!isObject(value)) return value;
    const out: JsonObject = {};
    for (const [key, child] of Object.entries(value)) {
      if (!keysAreNames && OPENAPI_ONLY.has(key)) continue;
      if (!keysAreNames && key === 'format' && typeof child === 'string' && !(child in SCHEMA_FORMATS))
        continue;
      if (!keysAreNames && key === '$ref' && typeof child === 'string' && child.startsWith('#')) {
        out.$ref = `#/${defsKey}/${reference(child)}`;
        continue;
      }
      out[key] = rewrite(child, !keysAreNames && NAME_MAPS.has(key));
    }
    return out;
  };

  function reference(ref: string): string {
    const known = names.get(ref);
    if (known !== undefined) return known;
    const name = defName(ref, taken);
    names.set(ref, name);
    // Set before rewriting, so a recursive schema refers to itself instead of looping.
    defs[name] = {};
    defs[name] = rewrite(resolvePointer(data, ref));
    return name;
  }

  const root = rewrite(resolvePointer(data, pointer));
  const schema: JsonObject = {
    ...(version === '3.0' ? { $schema: DRAFT_07 } : {}),
    ...(isObject(root) ? root : {}),
  };
  if (Object.keys(defs).length > 0) {
    const own = schema[defsKey];
    schema[defsKey] = { ...(isObject(own) ? own : {}), ...defs };
  }
  return schema;
}
