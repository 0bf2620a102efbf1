/**
 * OpenAPI 3.0 schemas are an extended subset of JSON Schema draft 04/05: `nullable: true` and boolean
 * `exclusiveMinimum`/`exclusiveMaximum` mean what JSON Schema says otherwise. They are rewritten here into
 * draft-07 terms so the project's validator (ajv) reads them; 3.1 schemas already are JSON Schema 2020-12.
 */
import { isObject, type JsonObject } from './document.js';

/** `nullable: true` → `null` allowed: in `type` (and `enum`) when there is a type, else beside the schema. */
function withoutNullable(schema: JsonObject): JsonObject {
  const { nullable: _nullable, ...rest } = schema;
  const type = rest.type;
  if (typeof type === 'string' || Array.isArray(type)) {
    const types = Array.isArray(type) ? type : [type];
    const out: JsonObject = { ...rest, type: types.includes('null') ? types : [...types, 'null'] };
    if (Array.isArray(rest.enum) && !rest.enum.includes(null)) out.enum = [...rest.enum, null];
    return out;
  }
  return { anyOf: [rest, { type: 'null' }] };
}

/** Draft 04's `exclusiveMinimum: true` beside `minimum` → draft 06+'s `exclusiveMinimum: <number>`. */
function withNumericBounds(schema: JsonObject): JsonObject {
  const out = { ...schema };
  for (const [flag, bound] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ] as const) {
    if (out[flag] === true && typeof out[bound] === 'number') {
      out[flag] = out[bound];
      delete out[bound];
    } else if (typeof out[flag] === 'boolean') {
      delete out[flag];
    }
  }
  return out;
}

/**
 * The whole document with every 3.0 schema rewritten. Walking every object is safe: `nullable` is only ever
 * `true` on a schema (a property *named* nullable holds a schema object, not `true`).
 */
export function toJsonSchemaDialect(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(toJsonSchemaDialect);
  if (!isObject(value)) return value;
  let out: JsonObject = {};
  for (const [key, child] of Object.entries(value)) out[key] = toJsonSchemaDialect(child);
  if (typeof out.exclusiveMinimum === 'boolean' || typeof out.exclusiveMaximum === 'boolean') {
    out = withNumericBounds(out);
  }
  if (out.nullable === true) out = withoutNullable(out);
  else if (out.nullable === false) delete out.nullable;
  return out;
}
