import { describe, expect, it } from 'vitest';
import { describeType, formatValue } from './valueText.js';

describe('formatValue', () => {
  it('renders compact JSON and cuts long text', () => {
    expect(formatValue('Bob')).toBe('"Bob"');
    expect(formatValue(['a', 'b'])).toBe('["a","b"]');
    expect(formatValue(undefined)).toBe('nothing');
    expect(formatValue('x'.repeat(10), 5)).toBe('"xxxx…');
  });
});

describe('describeType', () => {
  it('names JSON types with an article', () => {
    expect([null, [], {}, 1, 'x', true].map(describeType)).toEqual([
      'null',
      'an array',
      'an object',
      'a number',
      'a string',
      'a boolean',
    ]);
  });
});
