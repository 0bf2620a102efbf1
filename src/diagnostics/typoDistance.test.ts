import { describe, expect, it } from 'vitest';
import { closestByTypo, typoDistance } from './typoDistance.js';

describe('typoDistance', () => {
  it.each([
    ['contains', 'contains', 0],
    ['Contains', 'contains', 0],
    ['contians', 'contains', 1],
    ['emtpy', 'empty', 1],
    ['greaterthen', 'greaterThan', 1],
    ['exist', 'exists', 1],
    ['interger', 'integer', 1],
    ['ab', 'ba', 1],
    ['', 'abc', 3],
    ['spring', 'string', 1],
    ['full', 'null', 1],
    ['abc', 'xyz', 3],
  ])('%s -> %s is %i', (a, b, distance) => {
    expect(typoDistance(a, b)).toBe(distance);
  });
});

describe('closestByTypo', () => {
  it('picks the nearest candidate within the limit', () => {
    expect(closestByTypo('valeu', ['exists', 'value', 'ttl'], 2)).toBe('value');
    expect(closestByTypo('zzz', ['exists', 'value', 'ttl'], 2)).toBeUndefined();
  });
});
