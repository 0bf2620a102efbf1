/**
 * A value for a parameter or body from what the document says: an example first (`example`, the first of
 * `examples`), then `default`, `const`, the first `enum` value, and for objects and arrays a value built from
 * their parts; a plain placeholder of the right type last, so the request is well-formed even when the
 * document gives nothing to go by.
 */
import { dereferenced, isObject, type JsonObject } from '../../openapi/index.js';

/** Objects nested deeper than this are left out of a made-up value (recursive schemas end somewhere). */
const MAX_DEPTH = 6;

/** `example`, or the first entry of `examples` (an Example Object's `value`, or a JSON Schema list item). */
export function writtenExample(data: JsonObject, holder: unknown): { value: unknown } | undefined {
  const node = dereferenced(data, holder);
  if (!isObject(node)) return undefined;
  if (node.example !== undefined) return { value: node.example };
  const examples = node.examples;
  if (Array.isArray(examples) && examples.length > 0) return { value: examples[0] };
  if (isObject(examples)) {
    const first = dereferenced(data, Object.values(examples)[0]);
    if (isObject(first) && first.value !== undefined) return { value: first.value };
  }
  return undefined;
}

function typeOf(schema: JsonObject): string | undefined {
  const type = schema.type;
  if (typeof type === 'string') return type;
  if (Array.isArray(type))
    return type.find((entry): entry is string => entry !== 'null' && typeof entry === 'string');
  if (isObject(schema.properties)) return 'object';
  if (schema.items !== undefined) return 'array';
  return undefined;
}

function placeholder(type: string | undefined, format: unknown): unknown {
  switch (type) {
    case 'integer':
      return 1;
    case 'number':
      return 1.5;
    case 'boolean':
      return true;
    case 'array':
      return [];
    case 'object':
      return {};
    default:
      if (format === 'date-time') return '2024-01-01T00:00:00Z';
      if (format === 'date') return '2024-01-01';
      if (format === 'email') return 'user@example.com';
      if (format === 'uuid') return '00000000-0000-4000-8000-000000000000';
      return 'example';
  }
}

/** A value the schema accepts, as far as the document tells. */
export function exampleFromSchema(data: JsonObject, written: unknown, depth = 0): unknown {
  const schema = dereferenced(data, written);
  if (!isObject(schema)) return 'example';
  const example = writtenExample(data, schema);
  if (example) return example.value;
  if (schema.default !== undefined) return schema.default;
  if (schema.const !== undefined) return schema.const;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  for (const key of ['allOf', 'oneOf', 'anyOf'] as const) {
    const parts = schema[key];
    if (!Array.isArray(parts) || parts.length === 0) continue;
    // allOf: every part together; oneOf/anyOf: the first choice.
    const chosen = key === 'allOf' ? parts : parts.slice(0, 1);
    const values = chosen.map((part) => exampleFromSchema(data, part, depth));
    if (values.every(isObject)) return Object.assign({}, ...values) as JsonObject;
    return values[0];
  }
  const type = typeOf(schema);
  if (type === 'object' && depth < MAX_DEPTH) {
    const properties = isObject(schema.properties) ? schema.properties : {};
    const required = Array.isArray(schema.required) ? schema.required : Object.keys(properties);
    const out: JsonObject = {};
    for (const name of required) {
      if (typeof name === 'string' && properties[name] !== undefined) {
        out[name] = exampleFromSchema(data, properties[name], depth + 1);
      }
    }
    return out;
  }
  if (type === 'array' && depth < MAX_DEPTH && schema.items !== undefined) {
    return [exampleFromSchema(data, schema.items, depth + 1)];
  }
  return placeholder(type, schema.format);
}
