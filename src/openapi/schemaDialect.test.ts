import { describe, expect, it } from 'vitest';
import { toJsonSchemaDialect } from './schemaDialect.js';

describe('toJsonSchemaDialect (OpenAPI 3.0 schemas in JSON Schema terms)', () => {
  it('turns nullable into a null type, in enums too', () => {
    expect(toJsonSchemaDialect({ type: 'string', nullable: true, enum: ['a'] })).toEqual({
      type: ['string', 'null'],
      enum: ['a', null],
    });
  });

  it('allows null beside a schema without a type', () => {
    expect(toJsonSchemaDialect({ allOf: [{ $ref: '#/x' }], nullable: true })).toEqual({
      anyOf: [{ allOf: [{ $ref: '#/x' }] }, { type: 'null' }],
    });
  });

  it('rewrites boolean exclusive bounds and leaves a property named nullable alone', () => {
    expect(
      toJsonSchemaDialect({
        type: 'object',
        properties: { nullable: { type: 'integer', minimum: 0, exclusiveMinimum: true } },
      }),
    ).toEqual({ type: 'object', properties: { nullable: { type: 'integer', exclusiveMinimum: 0 } } });
  });
});
