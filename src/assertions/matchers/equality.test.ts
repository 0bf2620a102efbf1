import { describe, expect, it } from 'vitest';
import { matchExpected, parseExpected } from '../expected.js';
import { expectedEquals, typeMismatchReason } from './equality.js';

describe('expectedEquals for text values', () => {
  it('compares a header with numbers and booleans by its text', () => {
    expect(expectedEquals('42', 42, { textual: true })).toBe(true);
    expect(expectedEquals('42.0', 42, { textual: true })).toBe(true);
    expect(expectedEquals('true', true, { textual: true })).toBe(true);
    expect(expectedEquals('42', 42, { textual: false })).toBe(false);
  });
});

describe('typeMismatchReason', () => {
  it('explains quoting when only the type differs', () => {
    expect(typeMismatchReason(42, '42')).toBe(
      'a number; write the expected value without quotes to compare numbers',
    );
    expect(typeMismatchReason('42', 42)).toBe('a string; quote the expected value to compare text');
    expect(typeMismatchReason(true, 'true')).toContain('a boolean');
    expect(typeMismatchReason(43, '42')).toBeUndefined();
  });
});

describe('equals', () => {
  const check = (expected: string, actual: unknown) =>
    matchExpected(parseExpected(expected), actual, { textual: false });

  it('compares with text that would otherwise read as a matcher', () => {
    expect(check('equals string', 'string').passed).toBe(true);
    expect(check('equals string', 'x').passed).toBe(false);
    expect(check('equals exists', 'exists').passed).toBe(true);
    expect(check('equals "gt 5"', 'gt 5').passed).toBe(true);
  });

  it('compares text, so a number does not equal its digits', () => {
    expect(check('equals 42', 42)).toEqual({
      passed: false,
      reason: 'a number; write the expected value without quotes to compare numbers',
    });
    expect(check('not equals a', 'b').passed).toBe(true);
  });
});
