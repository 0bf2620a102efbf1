import { describe, expect, it } from 'vitest';
import { describeType, quoteValue, valueAsText } from './valueText.js';

describe('valueAsText', () => {
  it('writes values as they read inside text: strings unquoted, maps and lists as JSON', () => {
    expect(['Bob', 7, true, null, undefined, { a: [1] }].map(valueAsText)).toEqual([
      'Bob',
      '7',
      'true',
      'null',
      '',
      '{"a":[1]}',
    ]);
  });
});

describe('quoteValue', () => {
  it('renders compact JSON for messages and cuts long text', () => {
    expect(quoteValue('Bob')).toBe('"Bob"');
    expect(quoteValue(['a', 'b'])).toBe('["a","b"]');
    expect(quoteValue(undefined)).toBe('nothing');
    expect(quoteValue('x'.repeat(10), 5)).toBe('"xxxx…');
    expect(quoteValue('x'.repeat(300))).toHaveLength(201);
  });

  it('keeps numbers as written, even those JSON cannot hold', () => {
    expect([42, Number.NaN, Number.POSITIVE_INFINITY, 10n].map((value) => quoteValue(value))).toEqual([
      '42',
      'NaN',
      'Infinity',
      '10',
    ]);
  });
});

describe('describeType', () => {
  it('names JSON types with an article, and a missing value as nothing', () => {
    expect([null, [], {}, 1, 'x', true, undefined].map(describeType)).toEqual([
      'null',
      'an array',
      'an object',
      'a number',
      'a string',
      'a boolean',
      'nothing',
    ]);
  });
});
