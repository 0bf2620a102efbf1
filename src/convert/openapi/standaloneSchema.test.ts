import { describe, expect, it } from 'vitest';
import { exampleFromSchema } from './exampleValue.js';
import { standaloneSchema } from './standaloneSchema.js';

const data = {
  openapi: '3.1.0',
  components: {
    schemas: {
      Node: {
        type: 'object',
        required: ['name'],
        discriminator: { propertyName: 'name' },
        properties: {
          name: { type: 'string', format: 'int32', example: 'root' },
          format: { type: 'string' },
          next: { $ref: '#/components/schemas/Node' },
        },
      },
    },
  },
};

describe('standaloneSchema', () => {
  it('copies referenced schemas under $defs, recursion included, without OpenAPI-only keywords', () => {
    expect(standaloneSchema(data, '#/components/schemas/Node', '3.1')).toEqual({
      type: 'object',
      required: ['name'],
      properties: {
        name: { type: 'string', example: 'root' },
        // A property *named* format is a name, not the keyword.
        format: { type: 'string' },
        next: { $ref: '#/$defs/Node' },
      },
      $defs: {
        Node: {
          type: 'object',
          required: ['name'],
          properties: {
            name: { type: 'string', example: 'root' },
            format: { type: 'string' },
            next: { $ref: '#/$defs/Node' },
          },
        },
      },
    });
  });
});

describe('exampleFromSchema', () => {
  it('uses examples, then required properties, and ends recursion', () => {
    expect(exampleFromSchema(data, { $ref: '#/components/schemas/Node' })).toEqual({ name: 'root' });
    expect(
      exampleFromSchema(data, {
        type: 'object',
        properties: {
          id: { type: 'integer' },
          kind: { enum: ['cat', 'dog'] },
          at: { type: 'string', format: 'date' },
        },
      }),
    ).toEqual({ id: 1, kind: 'cat', at: '2024-01-01' });
  });
});
