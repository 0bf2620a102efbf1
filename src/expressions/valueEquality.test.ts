import { describe, expect, it } from 'vitest';
import { looselyEqual } from './comparison.js';
import { isPlainObject, strictlyEqual } from './valueEquality.js';

describe('strictlyEqual', () => {
  it('compares numbers numerically and everything else strictly', () => {
    expect(strictlyEqual(1, 1.0)).toBe(true);
    expect(strictlyEqual(42, '42')).toBe(false);
    expect(strictlyEqual('42', 42)).toBe(false);
    expect(strictlyEqual(true, 'true')).toBe(false);
    expect(strictlyEqual(null, undefined)).toBe(false);
    expect(strictlyEqual(null, null)).toBe(true);
  });

  it('compares objects deeply, ignoring key order', () => {
    expect(strictlyEqual({ a: 1, b: { c: [1, 2] } }, { b: { c: [1, 2] }, a: 1 })).toBe(true);
    expect(strictlyEqual({ a: 1 }, { a: 1, b: 2 })).toBe(false);
    expect(strictlyEqual({ a: 1, b: undefined }, { a: 1, c: undefined })).toBe(false);
    expect(strictlyEqual({}, [])).toBe(false);
  });

  it('compares arrays in order', () => {
    expect(strictlyEqual([1, 2], [1, 2])).toBe(true);
    expect(strictlyEqual([1, 2], [2, 1])).toBe(false);
    expect(strictlyEqual([1], [1, 1])).toBe(false);
  });
});

describe('isPlainObject', () => {
  it('accepts maps only', () => {
    expect([{}, Object.create(null), { a: 1 }].map(isPlainObject)).toEqual([true, true, true]);
    expect([[], null, 'x', 1, new Date(0), new Map()].map(isPlainObject)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
  });
});

describe('strictlyEqual against looselyEqual (condition `==`)', () => {
  it('differ where conditions read text and numbers loosely', () => {
    const pairs: [unknown, unknown][] = [
      [42, '42'],
      [true, 'true'],
      ['1.0', 1],
    ];
    expect(pairs.map(([a, b]) => looselyEqual(a, b))).toEqual([true, true, true]);
    expect(pairs.map(([a, b]) => strictlyEqual(a, b))).toEqual([false, false, false]);
  });

  it('agree on maps and lists, whose items compare strictly in both', () => {
    expect(looselyEqual({ a: [1, 2] }, { a: [1, 2] })).toBe(true);
    expect(looselyEqual({ a: 1 }, { a: '1' })).toBe(false);
    expect(strictlyEqual({ a: 1 }, { a: '1' })).toBe(false);
  });
});
