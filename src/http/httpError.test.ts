import { describe, expect, it } from 'vitest';
import { describeBytes, describeDuration } from './httpError.js';

describe('describeDuration', () => {
  it.each([
    [500, '500ms'],
    [1000, '1s'],
    [1500, '1.5s'],
    [30_000, '30s'],
    [60_000, '1m'],
    [90_000, '90s'],
  ])('%d ms reads as %s', (ms, text) => {
    expect(describeDuration(ms)).toBe(text);
  });
});

describe('describeBytes', () => {
  it.each([
    [900, '900 bytes'],
    [1024, '1 KiB'],
    [1536, '1.5 KiB'],
    [10 * 1024 * 1024, '10 MiB'],
    [3 * 1024 ** 3, '3 GiB'],
  ])('%d bytes reads as %s', (count, text) => {
    expect(describeBytes(count)).toBe(text);
  });
});
