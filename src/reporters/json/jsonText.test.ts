import { describe, expect, it } from 'vitest';
import { Items, objectText, type ItemWriter } from './jsonText.js';

const text = (parts: Iterable<string>) => [...parts].join('');

/** A value written through objectText, its lists streamed item by item. */
function streamed(value: Record<string, unknown>, pad = ''): string {
  const fields = Object.entries(value).map(([key, item]): [string, unknown] =>
    Array.isArray(item)
      ? [
          key,
          new Items(
            item.map(
              (one): ItemWriter =>
                (inner) =>
                  itemText(one, inner),
            ),
          ),
        ]
      : [key, item],
  );
  return text(objectText(fields, pad));
}

/** A plain object item is streamed field by field; anything else is written whole, as a list holds it. */
function* itemText(value: unknown, pad: string): Generator<string> {
  const plain = value !== null && typeof value === 'object' && !Array.isArray(value) && !('toJSON' in value);
  if (plain) yield streamed(value as Record<string, unknown>, pad);
  else yield (JSON.stringify(value, null, 2) ?? 'null').replace(/\n/g, `\n${pad}`);
}

describe('JSON written piece by piece', () => {
  it.each([
    ['an empty object', {}],
    ['empty lists and objects at every depth', { a: [], b: {}, c: [{ d: [], e: {} }] }],
    ['undefined keys, left out', { a: undefined, b: 1, c: undefined }],
    ['undefined, functions and symbols in a list, written null', { a: [undefined, () => 1, Symbol('s'), 2] }],
    ['strings with line breaks and markup', { a: 'one\ntwo\r\nthree\u2028', b: '</script><!--' }],
    ['numbers JSON cannot hold', { a: Number.NaN, b: Infinity, c: -0, d: 1.5e300 }],
    ['values with toJSON', { a: new Date(Date.UTC(2026, 10, 25)), b: [{ toJSON: () => 'x' }] }],
    ['nested records', { steps: [{ index: 0, children: [{ index: 1, children: [] }] }], errors: ['e'] }],
  ])('writes %s exactly as JSON.stringify(value, null, 2)', (_name, value) => {
    expect(streamed(value as Record<string, unknown>)).toBe(JSON.stringify(value, null, 2));
  });
});

describe('a list item written whole', () => {
  it('is one piece of the text, at the indentation of its list', () => {
    const record = { index: 0, request: { headers: { accept: '*/*' } } };
    const item: ItemWriter = (pad) => (JSON.stringify(record, null, 2) ?? '').replace(/\n/g, `\n${pad}`);
    const pieces = [...objectText([['steps', new Items([item])]], '')];
    expect(pieces.join('')).toBe(JSON.stringify({ steps: [record] }, null, 2));
    expect(pieces).toContain(JSON.stringify(record, null, 2).replace(/\n/g, '\n    '));
  });
});
