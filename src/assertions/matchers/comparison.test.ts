import { describe, expect, it } from 'vitest';
import { matchExpected, parseExpected } from '../expected.js';

const check = (expected: string, actual: unknown) =>
  matchExpected(parseExpected(expected), actual, { textual: false });

describe('comparison matchers', () => {
  it.each([
    ['gt 18', 19, true],
    ['gt 18', 18, false],
    ['greaterThan 18', 19, true],
    ['greaterThan 18', 12, false],
    ['gte 18', 18, true],
    ['gte 18', 17.9, false],
    ['lt 5', 4, true],
    ['lt 5', 5, false],
    ['lte 5', 5, true],
    ['lte 5', 6, false],
    ['gt -1.5', -1, true],
    ['lt 1e3', 999, true],
  ])('%s on %j passes: %s', (expected, actual, passed) => {
    expect(check(expected, actual).passed).toBe(passed);
  });

  it('accepts numeric strings, such as header values', () => {
    expect(check('gt 10', '42').passed).toBe(true);
    expect(check('lt 10', ' 42 ').passed).toBe(false);
  });

  it('fails with a message naming what it got when the actual is not a number', () => {
    expect(check('gt 5', 'abc')).toEqual({
      passed: false,
      reason: 'a string that is not a number; `gt` compares numbers',
    });
    expect(check('gte 5', null)).toEqual({ passed: false, reason: 'null; `gte` compares numbers' });
    expect(check('lt 5', [1])).toEqual({ passed: false, reason: 'an array; `lt` compares numbers' });
  });

  it('keeps failing under `not` when the actual is not a number', () => {
    expect(check('not gt 5', 'abc').passed).toBe(false);
  });

  it('negates with `not`', () => {
    expect(check('not gt 5', 3).passed).toBe(true);
    expect(check('not gt 5', 6).passed).toBe(false);
  });

  it('reports an unusable argument as an invalid matcher', () => {
    expect(check('gt abc', 3)).toEqual({ passed: false, invalid: '`gt` needs a number, got `abc`' });
    expect(check('gt 0x10', 30).invalid).toContain('needs a number');
    expect(check('lte', 3)).toEqual({ passed: false, invalid: '`lte` needs a value after it' });
  });
});
