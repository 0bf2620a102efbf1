import { describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH } from '../diagnostics/jsonText.js';
import { decodeItemText } from './decodeItem.js';

describe('decodeItemText', () => {
  it('parses a message whose whole text is JSON and keeps other text', () => {
    expect(decodeItemText('{"n":1}')).toEqual({ n: 1 });
    expect(decodeItemText('7')).toBe(7);
    expect(decodeItemText('hello {')).toBe('hello {');
  });

  it('keeps a message nested deeper than the walkers allow as text, as a response body is', () => {
    const deep = '['.repeat(MAX_JSON_DEPTH + 1) + ']'.repeat(MAX_JSON_DEPTH + 1);
    expect(decodeItemText(deep)).toBe(deep);
  });

  it('keeps an integer JSON would round as text', () => {
    expect(decodeItemText('12345678901234567890')).toBe('12345678901234567890');
  });
});
