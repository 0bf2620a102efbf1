/**
 * JSON Schema (draft 2020-12) from a ShapeDocument, for editors: VS Code's YAML extension reads it for
 * completion and hover (every property carries a description) and flags unknown keys.
 */
import type { Shape, ShapeDocument } from './shape.js';

export type JsonSchema = { [keyword: string]: unknown };

export const JSON_SCHEMA_DIALECT = 'https://json-schema.org/draft/2020-12/schema';

export function toJsonSchema(doc: ShapeDocument): JsonSchema {
  const defs: Record<string, JsonSchema> = {};
  for (const [name, shape] of Object.entries(doc.defs)) defs[name] = schemaOf(shape);
  return {
    $schema: JSON_SCHEMA_DIALECT,
    title: doc.title,
    description: doc.description,
    ...schemaOf(doc.root),
    ...(Object.keys(defs).length > 0 ? { $defs: defs } : {}),
  };
}

function schemaOf(shape: Shape): JsonSchema {
  const described = (schema: JsonSchema): JsonSchema =>
    shape.description ? { ...schema, description: shape.description } : schema;
  switch (shape.type) {
    case 'string':
      return described({
        type: shape.acceptScalars ? ['string', 'number', 'boolean'] : 'string',
        ...(shape.enum ? { enum: [...shape.enum] } : {}),
        ...(shape.pattern ? { pattern: shape.pattern } : {}),
      });
    case 'integer':
    case 'number':
      return described({
        type: shape.type,
        ...(shape.minimum !== undefined ? { minimum: shape.minimum } : {}),
        ...(shape.type === 'integer' && shape.maximum !== undefined ? { maximum: shape.maximum } : {}),
      });
    case 'boolean':
      return described({ type: 'boolean' });
    case 'array':
      return described({ type: 'array', items: schemaOf(shape.items) });
    case 'any':
      return described({});
    case 'union':
      return described({ anyOf: shape.options.map(schemaOf) });
    case 'ref':
      return described({ $ref: `#/$defs/${shape.name}` });
    case 'object': {
      const properties: Record<string, JsonSchema> = {};
      for (const [key, property] of Object.entries(shape.properties)) {
        properties[key] = { ...schemaOf(property.shape), description: property.description };
      }
      const requiredKeys = Object.entries(shape.properties)
        .filter(([, property]) => property.required)
        .map(([key]) => key);
      return described({
        type: 'object',
        properties,
        ...(requiredKeys.length > 0 ? { required: requiredKeys } : {}),
        additionalProperties: shape.additional ? schemaOf(shape.additional) : false,
        ...(shape.keys ? { propertyNames: { pattern: shape.keys.pattern } } : {}),
        ...(shape.editorKeyPattern ? { propertyNames: { pattern: shape.editorKeyPattern } } : {}),
        ...(shape.exactlyOneOf ? { oneOf: shape.exactlyOneOf.map((key) => ({ required: [key] })) } : {}),
        ...(shape.singleEntry ? { minProperties: 1, maxProperties: 1 } : {}),
      });
    }
  }
}
