import { describe, expect, it } from 'vitest';
import { DURATION_PATTERN, parseDuration } from './duration.js';

describe('parseDuration', () => {
  it.each([
    ['500ms', 500],
    ['1s', 1000],
    ['1.5s', 1500],
    ['1m', 60_000],
    ['2m30s', 150_000],
    ['1h', 3_600_000],
    ['1m0.5s', 60_500],
    ['0s', 0],
    ['1.0005s', 1001],
  ])('reads %s as %i ms', (text, ms) => {
    expect(parseDuration(text)).toBe(ms);
  });

  it.each(['', '5', '5 sec', '1s1s', '30s2m', 'ms', '-1s', '1.s', ' 1s', '1S', '1d'])(
    'rejects %j',
    (text) => {
      expect(parseDuration(text)).toBeUndefined();
    },
  );

  it('shares its pattern with the JSON Schema', () => {
    expect(new RegExp(DURATION_PATTERN).test('2m30s')).toBe(true);
    expect(new RegExp(DURATION_PATTERN).test('2 m')).toBe(false);
  });
});
