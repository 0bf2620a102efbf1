import type { ErrorObject } from 'ajv';
import { describe, expect, it } from 'vitest';
import { describeViolations } from './schemaViolations.js';

function error(instancePath: string, keyword: string, fields: Partial<ErrorObject> = {}): ErrorObject {
  return { instancePath, keyword, schemaPath: `#/${keyword}`, params: {}, ...fields };
}

describe('describeViolations', () => {
  it('writes JSON Pointers as body paths: indexes inside arrays, ~1 and ~0 unescaped', () => {
    const body = { list: [{ 'a.b': 1 }], map: { '2': 'x' }, 'x/y': { 'm~n': true } };
    const lines = describeViolations(
      [
        error('/list/0/a.b', 'minimum', { message: 'must be >= 2', data: 1 }),
        error('/map/2', 'minLength', { message: 'must NOT have fewer than 2 characters', data: 'x' }),
        error('/x~1y/m~0n', 'type', { params: { type: 'string,null' }, data: true }),
      ],
      body,
    );
    expect(lines).toEqual([
      'body.list[0]["a.b"]: must be >= 2, got 1',
      'body.map.2: must not have fewer than 2 characters, got "x"',
      'body.x/y.m~n: must be string or null, got true',
    ]);
  });

  it('says what was expected and what came for const, and shortens long values', () => {
    const long = 'y'.repeat(100);
    expect(
      describeViolations([error('/kind', 'const', { params: { allowedValue: 'Bearer' }, data: long })], {
        kind: long,
      }),
    ).toEqual([`body.kind: must be "Bearer", got "${'y'.repeat(59)}…`]);
  });

  it('lists a repeated violation once', () => {
    const twice = error('', 'type', { params: { type: 'object' }, data: [] });
    expect(describeViolations([twice, twice], [])).toEqual(['body: must be object, got an array']);
  });
});
