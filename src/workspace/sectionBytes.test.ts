import { describe, expect, it } from 'vitest';
import { decodeSection, EMPTY_SECTION_BYTES, encodeSection } from './sectionBytes.js';

const STEPS = [
  {
    name: 'Read ünïcode \ud800 and "quotes"',
    kind: 'request',
    request: { method: 'GET', url: '/users/1', headers: {}, body: { n: 1.5, list: [true, null, 'x'] } },
    loc: { file: 'a.yaml', line: 3, col: 5 },
  },
];

describe('section bytes', () => {
  it('keep steps as JSON text when JSON gives every value back, as fresh objects at each read', () => {
    const bytes = encodeSection(STEPS);
    expect(Buffer.from(bytes).toString('utf8')).toBe(JSON.stringify(STEPS));
    const first = decodeSection(bytes);
    expect(first).toEqual(STEPS);
    expect(decodeSection(bytes)).not.toBe(first);
  });

  it('keep values JSON would change in V8’s format, exactly', () => {
    for (const odd of [
      undefined,
      -0,
      Number.NaN,
      Number.POSITIVE_INFINITY,
      { maybe: undefined },
      [1, , 3], // eslint-disable-line no-sparse-arrays -- a hole JSON would turn into null
    ]) {
      const steps = [{ name: 'odd', value: odd }];
      const bytes = encodeSection(steps);
      expect(bytes[0]).toBe(0xff);
      expect(decodeSection(bytes)).toStrictEqual(steps);
    }
    const absent = encodeSection(undefined);
    expect(decodeSection(absent)).toBeUndefined();
  });

  it('know an empty section by its length alone', () => {
    expect(encodeSection([]).byteLength).toBe(EMPTY_SECTION_BYTES);
    expect(encodeSection(undefined).byteLength).not.toBe(EMPTY_SECTION_BYTES);
    expect(encodeSection([{}]).byteLength).toBeGreaterThan(EMPTY_SECTION_BYTES);
  });
});
