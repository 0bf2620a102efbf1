import { describe, expect, it } from 'vitest';
import { parseFlowList } from './flowList.js';

describe('parseFlowList', () => {
  it('reads JSON and YAML scalars with their types', () => {
    expect(parseFlowList('[1, 2, "three", four, true, null, -1.5, ~]')).toEqual({
      ok: true,
      items: [1, 2, 'three', 'four', true, null, -1.5, null],
    });
  });

  it('reads quoted items with commas, escapes and YAML single-quote doubling', () => {
    expect(parseFlowList(`["a, b", "say \\"hi\\"", 'it''s']`)).toEqual({
      ok: true,
      items: ['a, b', 'say "hi"', "it's"],
    });
  });

  it('reads bare words with spaces and the empty list', () => {
    expect(parseFlowList('[in stock , sold out]')).toEqual({ ok: true, items: ['in stock', 'sold out'] });
    expect(parseFlowList('[ ]')).toEqual({ ok: true, items: [] });
  });

  it.each([
    ['1, 2', 'expected a list'],
    ['[1, 2', 'missing `]`'],
    ['[1,, 2]', 'empty item'],
    ['[1] x', 'unexpected text after the list'],
    ['["a" b]', 'unexpected `b`'],
    ['["a', 'unterminated "..." item'],
    ["['a", "unterminated '...' item"],
    ['[[1], 2]', 'nested lists and maps are not supported'],
    ['["\\x"]', 'invalid quoted item'],
  ])('rejects %s', (text, message) => {
    const parsed = parseFlowList(text);
    expect(parsed.ok).toBe(false);
    expect(parsed.ok ? '' : parsed.message).toContain(message);
  });
});
