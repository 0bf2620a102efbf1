import { describe, expect, it } from 'vitest';
import { evaluateExpectations } from './expectations.js';
import type { Subject } from './subject.js';

const subject: Subject = {
  status: 404,
  headers: { 'content-type': 'application/json', 'content-length': '42' },
  body: { id: 7, name: 'Bob', age: 12, tags: ['a', 'b'], user: { id: 1, email: 'x@example.com', name: 'B' } },
  jwt: { sub: 'u-1' },
};

const one = (path: string, expected: unknown, from: Subject = subject) => {
  const [result] = evaluateExpectations([{ path, expected }], from);
  if (!result) throw new Error('no result');
  return result;
};

describe('evaluateExpectations: messages', () => {
  it('formats a failed status exactly as SPEC says', () => {
    expect(one('status', 201)).toEqual({
      path: 'status',
      expected: 201,
      actual: 404,
      passed: false,
      message: 'status = 201 (expected), got 404',
    });
  });

  it('formats passing literals and matchers', () => {
    expect(one('status', 404).message).toBe('status == 404');
    expect(one('body.name', 'Bob').message).toBe('body.name == "Bob"');
    expect(one('body.name', 'startsWith B').message).toBe('body.name startsWith "B"');
    expect(one('body.age', 'not gt 18').message).toBe('body.age not gt 18');
  });

  it('formats failing literals and matchers', () => {
    expect(one('body.name', 'Alice').message).toBe('body.name = "Alice" (expected), got "Bob"');
    expect(one('body.age', 'gt 18').message).toBe('body.age = gt 18 (expected), got 12');
    expect(one('body.tags', 'contains x').message).toBe('body.tags = contains "x" (expected), got ["a","b"]');
    expect(one('body.name', 'integer').message).toBe('body.name = integer (expected), got "Bob" (a string)');
    expect(one('body.name', 'gt 1').message).toBe(
      'body.name = gt 1 (expected), got "Bob" (not comparable: the text "Bob" with the number 1)',
    );
  });

  it('explains a type-only mismatch', () => {
    expect(one('body.id', '7').message).toBe(
      'body.id = "7" (expected), got 7 (a number; write the expected value without quotes to compare numbers)',
    );
  });

  it('suggests the matcher a failing literal probably meant', () => {
    expect(one('body.name', 'startswith B').message).toBe(
      'body.name = "startswith B" (expected), got "Bob" (did you mean the matcher `startsWith B`?)',
    );
  });

  it('reports a matcher that cannot run', () => {
    expect(one('body.age', 'gt abc')).toMatchObject({
      passed: false,
      actual: 12,
      message: 'body.age: invalid matcher: `gt` needs a number or an RFC 3339 date-time, got `abc`',
    });
  });

  it('lists the available fields when a path is missing', () => {
    expect(one('body.emial', 'x@example.com')).toEqual({
      path: 'body.emial',
      expected: 'x@example.com',
      actual: undefined,
      passed: false,
      message: 'body.emial: path not found; available fields: id, name, age, tags, user',
      available: ['id', 'name', 'age', 'tags', 'user'],
    });
    expect(one('body.user.emial', 'exists').message).toBe(
      'body.user.emial: path not found; available fields: id, email, name',
    );
  });

  it('passes `not exists` on a missing path, and fails `exists` and other negations there', () => {
    expect(one('body.gone', 'not exists')).toMatchObject({ passed: true, message: 'body.gone not exists' });
    expect(one('body.gone', 'exists').passed).toBe(false);
    expect(one('body.gone', 'not empty').passed).toBe(false);
    expect(one('body.id', 'not exists')).toMatchObject({ passed: false, actual: 7 });
  });

  it('truncates long actual values in the message but keeps them whole in `actual`', () => {
    const long = 'x'.repeat(500);
    const result = one('body.text', 'short', { body: { text: long } });
    expect(result.actual).toBe(long);
    expect(result.message.length).toBeLessThan(260);
    expect(result.message).toContain('…');
  });

  it('compares header text with number literals', () => {
    expect(one('headers.Content-Length', 42).passed).toBe(true);
    expect(one('headers.content-length', 'gt 40').passed).toBe(true);
    expect(one('body.id', 7).passed).toBe(true);
    expect(one('body.user', { name: 'B', email: 'x@example.com', id: 1 }).passed).toBe(true);
  });

  it('keeps the location', () => {
    const loc = { file: 'a.yaml', line: 3, col: 7 };
    expect(evaluateExpectations([{ path: 'status', expected: 404, loc }], subject)[0]?.loc).toEqual(loc);
  });
});

describe('evaluateExpectations: order', () => {
  it('follows SPEC phase 6 and keeps the written order within each group', () => {
    const results = evaluateExpectations(
      [
        { path: 'cache.exists', expected: true },
        { path: 'body.name', expected: 'Bob' },
        { path: 'schema', expected: 'user.json' },
        { path: 'jwt.sub', expected: 'u-1' },
        { path: 'body.age', expected: 12 },
        { path: 'headers.content-type', expected: 'contains json' },
        { path: 'bogus.x', expected: 1 },
        { path: 'status', expected: 404 },
      ],
      subject,
    );
    expect(results.map((r) => r.path)).toEqual([
      'status',
      'headers.content-type',
      'body.name',
      'body.age',
      'jwt.sub',
      'schema',
      'cache.exists',
      'bogus.x',
    ]);
  });
});

describe('evaluateExpectations: schema', () => {
  it('fails clearly when no validator is available', () => {
    expect(one('schema', 'user.json')).toMatchObject({
      passed: false,
      message: 'schema "user.json": cannot validate, schema validation is not set up for this run',
    });
  });

  it('passes the body to the validator and reports its errors', () => {
    const seen: unknown[] = [];
    const validateSchema = (name: string, body: unknown) => {
      seen.push(name, body);
      return name === 'ok.json'
        ? { passed: true, errors: [] }
        : { passed: false, errors: ['/id must be string', '/x is required'] };
    };
    const [passed, failed] = evaluateExpectations(
      [
        { path: 'schema', expected: 'ok.json' },
        { path: 'schema', expected: 'bad.json' },
      ],
      subject,
      { validateSchema },
    );
    expect(seen).toEqual(['ok.json', subject.body, 'bad.json', subject.body]);
    expect(passed).toMatchObject({ passed: true, message: 'schema "ok.json" matches' });
    expect(failed).toMatchObject({
      passed: false,
      actual: ['/id must be string', '/x is required'],
      message: 'schema = "bad.json" (expected), got 2 errors: "/id must be string; /x is required"',
    });
  });

  it('needs a schema name', () => {
    expect(one('schema', 42).message).toBe('schema: expected a schema name such as `user.json`');
  });
});
