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

  it('fails with "not comparable" when text (or anything but a number) meets a number', () => {
    expect(check('gt 5', 'abc')).toEqual({
      passed: false,
      reason: 'not comparable: the text "abc" with the number 5',
    });
    expect(check('gte 5', null)).toEqual({ passed: false, reason: 'not comparable: null with the number 5' });
    expect(check('lt 5', [1])).toEqual({
      passed: false,
      reason: 'not comparable: an array with the number 5',
    });
  });

  it.each([
    ['gt 2024-01-01T00:00:00Z', '2024-01-01T00:00:01Z', true],
    ['gt 2024-01-01T00:00:00Z', '2024-01-01T00:00:00Z', false],
    ['gte 2024-01-01T00:00:00Z', '2024-01-01T00:00:00.000Z', true],
    // Same instant written in two offsets; and chronology, not text order, decides.
    ['lte 2024-01-01T10:00:00+02:00', '2024-01-01T08:00:00Z', true],
    ['lt 2024-01-01T10:00:00+02:00', '2024-01-01T09:00:00+00:00', false],
    ['lt 2024-06-01T00:00:00Z', '2024-05-31T23:59:59.999Z', true],
    ['gt 2016-12-31T23:59:59Z', '2016-12-31T23:59:60Z', true],
  ])('%s on %s passes: %s (chronological)', (expected, actual, passed) => {
    expect(check(expected, actual).passed).toBe(passed);
  });

  it('fails with "not comparable" when a date-time meets a number or a non-date text', () => {
    expect(check('gt 2024-01-01T00:00:00Z', 5)).toEqual({
      passed: false,
      reason: 'not comparable: a number with the date-time 2024-01-01T00:00:00Z',
    });
    expect(check('gt 2024-01-01T00:00:00Z', 'soon').reason).toBe(
      'not comparable: the text "soon" with the date-time 2024-01-01T00:00:00Z',
    );
    expect(check('gt 5', '2024-01-01T00:00:00Z').reason).toMatch(/^not comparable: /);
  });

  it('keeps failing under `not` when the actual is not a number', () => {
    expect(check('not gt 5', 'abc').passed).toBe(false);
  });

  it('negates with `not`', () => {
    expect(check('not gt 5', 3).passed).toBe(true);
    expect(check('not gt 5', 6).passed).toBe(false);
  });

  it('reports an unusable argument as an invalid matcher', () => {
    expect(check('gt abc', 3)).toEqual({
      passed: false,
      invalid: '`gt` needs a number or an RFC 3339 date-time, got `abc`',
    });
    expect(check('gt 0x10', 30).invalid).toContain('needs a number');
    expect(check('lte', 3)).toEqual({ passed: false, invalid: '`lte` needs a value after it' });
  });
});
