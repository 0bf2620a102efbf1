import { describe, expect, it } from 'vitest';
import { matchExpected, parseExpected } from '../expected.js';

const check = (expected: string, actual: unknown) =>
  matchExpected(parseExpected(expected), actual, { textual: false });

describe('presence matchers', () => {
  it('`exists` passes for any found value, null included', () => {
    expect(check('exists', null).passed).toBe(true);
    expect(check('exists', 0).passed).toBe(true);
    expect(check('not exists', null).passed).toBe(false);
  });

  it.each([[''], [[]], [{}], [null]])('`empty` passes for %j', (actual) => {
    expect(check('empty', actual).passed).toBe(true);
    expect(check('not empty', actual).passed).toBe(false);
  });

  it.each([['a'], [[0]], [{ a: 1 }], [0], [false]])('`empty` fails for %j', (actual) => {
    expect(check('empty', actual).passed).toBe(false);
    expect(check('not empty', actual).passed).toBe(true);
  });

  it('reads a presence word followed by text as a literal', () => {
    expect(parseExpected('exists already')).toEqual({ kind: 'literal', value: 'exists already' });
  });
});
