import { describe, expect, it } from 'vitest';
import { matchExpected, parseExpected } from '../expected.js';

const check = (expected: string, actual: unknown) =>
  matchExpected(parseExpected(expected), actual, { textual: false });

describe('type matchers', () => {
  const values: Record<string, unknown> = {
    string: 'x',
    integer: 3,
    number: 2.5,
    boolean: false,
    array: [1],
    object: { a: 1 },
    null: null,
  };

  it.each(Object.keys(values))('`%s` accepts only its own type', (name) => {
    for (const [kind, value] of Object.entries(values)) {
      const expected = kind === name || (name === 'number' && kind === 'integer');
      expect(check(name, value).passed, `${name} on ${kind}`).toBe(expected);
    }
  });

  it('treats numeric text as text', () => {
    expect(check('integer', '42').passed).toBe(false);
    expect(check('integer', 42.0).passed).toBe(true);
    expect(check('integer', 42.5).passed).toBe(false);
  });

  it('says what the actual type was', () => {
    expect(check('integer', '42')).toEqual({ passed: false, reason: 'a string' });
  });

  it('negates with `not`', () => {
    expect(check('not null', 1).passed).toBe(true);
    expect(check('not array', []).passed).toBe(false);
  });

  it('reads a type word followed by text, or capitalised, as a literal', () => {
    expect(parseExpected('null pointer')).toEqual({ kind: 'literal', value: 'null pointer' });
    expect(parseExpected('String')).toEqual({ kind: 'literal', value: 'String' });
  });
});
