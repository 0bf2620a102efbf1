import { describe, expect, it } from 'vitest';
import { cachedBy } from './parseCache.js';

describe('cachedBy', () => {
  it('parses each text once and stays within its limit', () => {
    const calls: string[] = [];
    const parse = cachedBy((text: string) => {
      calls.push(text);
      return { text };
    }, 2);
    const first = parse('a');
    expect(parse('a')).toBe(first);
    parse('b');
    parse('c'); // full: the cache starts over
    parse('a');
    expect(calls).toEqual(['a', 'b', 'c', 'a']);
  });

  it('does not cache a parse that throws', () => {
    let attempts = 0;
    const parse = cachedBy(() => {
      attempts++;
      throw new Error('bad');
    });
    expect(() => parse('x')).toThrow('bad');
    expect(() => parse('x')).toThrow('bad');
    expect(attempts).toBe(2);
  });
});
