import { describe, expect, it } from 'vitest';
import { matchExpected, parseExpected } from '../expected.js';

const check = (expected: string, actual: unknown) =>
  matchExpected(parseExpected(expected), actual, { textual: false });

describe('contains', () => {
  it('finds a substring in text', () => {
    expect(check('contains lic', 'Alice').passed).toBe(true);
    expect(check('contains bob', 'Alice').passed).toBe(false);
  });

  it('finds an element in an array, comparing numbers numerically', () => {
    expect(check('contains x', ['a', 'x']).passed).toBe(true);
    expect(check('contains x', ['a', 'xy']).passed).toBe(false);
    expect(check('contains 3', [1, 2, 3]).passed).toBe(true);
    expect(check('contains 3.0', [1, 2, 3]).passed).toBe(true);
    expect(check('contains 3', ['3']).passed).toBe(true);
    expect(check('contains true', [false, true]).passed).toBe(true);
    expect(check('contains null', [null]).passed).toBe(true);
    expect(check('contains 4', [1, 2, 3]).passed).toBe(false);
  });

  it('removes surrounding quotes so spaces can be expressed', () => {
    expect(check('contains " b"', 'a b').passed).toBe(true);
    expect(check("contains ' b'", 'ab').passed).toBe(false);
  });

  it('reads numbers as their text', () => {
    expect(check('contains 04', 404).passed).toBe(true);
  });

  it('does not apply to objects or null, even under `not`', () => {
    expect(check('contains x', { x: 1 })).toEqual({
      passed: false,
      reason: 'an object; `contains` needs text or an array',
    });
    expect(check('not contains x', null).passed).toBe(false);
  });

  it('negates with `not`', () => {
    expect(check('not contains x', ['a', 'b']).passed).toBe(true);
    expect(check('not contains a', ['a', 'b']).passed).toBe(false);
  });
});

describe('startsWith and endsWith', () => {
  it('test prefixes and suffixes', () => {
    expect(check('startsWith Al', 'Alice').passed).toBe(true);
    expect(check('startsWith al', 'Alice').passed).toBe(false);
    expect(check('endsWith ce', 'Alice').passed).toBe(true);
    expect(check('endsWith Al', 'Alice').passed).toBe(false);
    expect(check('not startsWith Bo', 'Alice').passed).toBe(true);
    expect(check('startsWith 4', 404).passed).toBe(true);
  });

  it('need text', () => {
    expect(check('endsWith x', ['x'])).toEqual({ passed: false, reason: 'an array; `endsWith` needs text' });
  });

  it('show their argument quoted', () => {
    expect(parseExpected('startsWith Al')).toMatchObject({ display: 'startsWith "Al"' });
  });
});

describe('regex and matchesRegex', () => {
  it('match with RE2 syntax, bare or in /pattern/flags form', () => {
    expect(check('regex ^A\\w+e$', 'Alice').passed).toBe(true);
    expect(check('matchesRegex ^B', 'Alice').passed).toBe(false);
    expect(check('regex /^alice$/i', 'Alice').passed).toBe(true);
    expect(check('regex /^alice$/', 'Alice').passed).toBe(false);
    expect(check('regex a/b', 'xa/by').passed).toBe(true);
    expect(check('regex ^\\d{3}$', 404).passed).toBe(true);
  });

  it('negates with `not`', () => {
    expect(check('not matchesRegex ^B', 'Alice').passed).toBe(true);
  });

  it('reports an invalid pattern or bad flags as an invalid matcher', () => {
    expect(check('regex (', 'x').invalid).toMatch(/^invalid regular expression: /);
    expect(check('regex /a/q', 'a').invalid).toMatch(/^invalid regular expression: /);
    expect(check('regex /a/gi', 'A').passed).toBe(true);
  });

  it('rejects what RE2 lacks, saying why', () => {
    expect(check('regex (a)\\1', 'aa').invalid).toMatch(/back-references .* not supported/);
    expect(check('regex foo(?=bar)', 'foobar').invalid).toMatch(/look-around .* not supported/);
    expect(check('regex (?<!a)b', 'b').invalid).toMatch(/look-around .* not supported/);
  });

  it('runs in linear time: a catastrophic pattern for backtracking engines ends at once', () => {
    const started = performance.now();
    expect(check('matchesRegex ^(a+)+$', `${'a'.repeat(40)}!`).passed).toBe(false);
    expect(performance.now() - started).toBeLessThan(500);
  });

  it('needs text', () => {
    expect(check('regex a', { a: 1 })).toEqual({ passed: false, reason: 'an object; `regex` needs text' });
  });
});
