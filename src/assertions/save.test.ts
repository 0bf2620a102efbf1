import { describe, expect, it } from 'vitest';
import { extractSaves } from './save.js';
import type { Subject } from './subject.js';

const subject: Subject = {
  status: 201,
  headers: { 'x-id': 'abc' },
  body: { id: 7, name: 'Bob', items: [1, 2, 3], none: null, empty: [], nested: { list: [{ a: 1 }] } },
  jwt: { sub: 'u-1' },
  cache: { exists: true, value: { id: 'c1' }, ttl: 60 },
};

describe('extractSaves', () => {
  it('saves values from every kind of source', () => {
    const outcome = extractSaves(
      [
        { variable: 'id', source: 'body.id' },
        { variable: '1-userId', source: 'body.name' },
        { variable: 'rid', source: 'headers.X-Id' },
        { variable: 'code', source: 'status' },
        { variable: 'sub', source: 'jwt.sub' },
        { variable: 'cached', source: 'cache.value.id' },
        { variable: 'none', source: 'body.none' },
      ],
      subject,
    );
    expect(outcome).toEqual({
      values: { id: 7, '1-userId': 'Bob', rid: 'abc', code: 201, sub: 'u-1', cached: 'c1', none: null },
      warnings: [],
    });
  });

  it('counts arrays; explicit null and empty arrays count 0', () => {
    const outcome = extractSaves(
      [
        { variable: 'n', source: 'count(body.items)' },
        { variable: 'zeroNull', source: 'count(body.none)' },
        { variable: 'zeroEmpty', source: ' count( body.empty ) ' },
        { variable: 'deep', source: 'count(body.nested.list)' },
      ],
      subject,
    );
    expect(outcome).toEqual({ values: { n: 3, zeroNull: 0, zeroEmpty: 0, deep: 1 }, warnings: [] });
  });

  it('stores a variable named __proto__ as an ordinary entry', () => {
    const outcome = extractSaves([{ variable: '__proto__', source: 'body.id' }], subject);
    expect(Object.keys(outcome.values)).toEqual(['__proto__']);
    expect(outcome.values['__proto__']).toBe(7);
  });

  it('warns and stores nothing for a missing path or a value that cannot be counted', () => {
    const outcome = extractSaves(
      [
        { variable: 'a', source: 'count(body.missing)' },
        { variable: 'b', source: 'count(body.name)' },
        { variable: 'c', source: 'count(body.nested)' },
        { variable: 'd', source: 'body.missing' },
      ],
      subject,
    );
    // DECISIONS, Wave 2: count() of an object is its number of keys.
    expect(outcome.values).toEqual({ c: 1 });
    expect(outcome.warnings).toEqual([
      'count(body.missing): path not found; available fields: id, name, items, none, empty, nested (`a` not saved)',
      'count(body.name): `body.name` is a string, not an array or an object (`b` not saved)',
      'body.missing: path not found; available fields: id, name, items, none, empty, nested (`d` not saved)',
    ]);
  });
});
