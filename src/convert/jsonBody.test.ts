import { describe, expect, it } from 'vitest';
import { parseFaithfulJson } from './jsonBody.js';

describe('parseFaithfulJson', () => {
  it('parses objects and arrays that runner would send back the same', () => {
    expect(parseFaithfulJson('{"a":[1,-2.5,3e-7],"b":{"c":null,"d":"x:y,z"}}')).toEqual({
      value: { a: [1, -2.5, 3e-7], b: { c: null, d: 'x:y,z' } },
    });
    expect(parseFaithfulJson('[{"a":"\\"q\\": 1"}]')).toEqual({ value: [{ a: '"q": 1' }] });
  });

  it('refuses numbers that would change on the way back', () => {
    for (const text of ['{"id":12345678901234567890}', '{"v":1.0}', '{"v":1e3}', '[1.50]']) {
      expect(parseFaithfulJson(text)).toBeUndefined();
    }
  });

  it('refuses repeated keys, scalars and invalid JSON', () => {
    expect(parseFaithfulJson('{"a":1,"a":2}')).toBeUndefined();
    expect(parseFaithfulJson('42')).toBeUndefined();
    expect(parseFaithfulJson('"text"')).toBeUndefined();
    expect(parseFaithfulJson('{"a":')).toBeUndefined();
    expect(parseFaithfulJson('a=1&b=2')).toBeUndefined();
  });
});
