import { describe, expect, it } from 'vitest';
import { matcherArgumentProblem, parseExpected, splitFirstWord } from './expected.js';
import { MATCHER_NAMES } from './matchers/registry.js';

describe('parseExpected', () => {
  it('keeps non-strings as literals', () => {
    expect(parseExpected(200)).toEqual({ kind: 'literal', value: 200 });
    expect(parseExpected(null)).toEqual({ kind: 'literal', value: null });
    expect(parseExpected({ a: 'exists' })).toEqual({ kind: 'literal', value: { a: 'exists' } });
  });

  it('reads matchers with their canonical name, argument and display', () => {
    expect(parseExpected('greaterThan 18')).toEqual({
      kind: 'matcher',
      name: 'gt',
      argument: '18',
      negated: false,
      display: 'greaterThan 18',
    });
    expect(parseExpected('  matchesRegex   ^a b$ ')).toEqual({
      kind: 'matcher',
      name: 'regex',
      argument: '^a b$',
      negated: false,
      display: 'matchesRegex ^a b$',
    });
    expect(parseExpected('exists')).toEqual({
      kind: 'matcher',
      name: 'exists',
      negated: false,
      display: 'exists',
    });
  });

  it('reads `not <matcher>` as a negated matcher', () => {
    expect(parseExpected('not contains x')).toEqual({
      kind: 'matcher',
      name: 'contains',
      argument: 'x',
      negated: true,
      display: 'not contains "x"',
    });
    expect(parseExpected('not   empty')).toMatchObject({
      name: 'empty',
      negated: true,
      display: 'not empty',
    });
  });

  it.each([
    'Contains',
    'Contains nuts',
    'contians foo',
    'not found',
    'not not empty',
    'not',
    'in stock',
    'email sent',
    'hello',
    '',
    'STRING',
  ])('reads %j as a literal', (text) => {
    expect(parseExpected(text)).toEqual({ kind: 'literal', value: text });
  });

  it('keeps literals untrimmed, as written', () => {
    expect(parseExpected(' Bob ')).toEqual({ kind: 'literal', value: ' Bob ' });
  });

  it('reads a matcher word without its argument as a matcher that cannot run', () => {
    const parsed = parseExpected('contains');
    expect(parsed).toMatchObject({ kind: 'matcher', name: 'contains' });
    expect(matcherArgumentProblem(parsed)).toBe('`contains` needs a value after it');
  });

  it('parses every listed name', () => {
    for (const name of MATCHER_NAMES.filter((n) => n !== 'not')) {
      expect(
        parseExpected(`${name} [1]`).kind === 'matcher' || parseExpected(name).kind === 'matcher',
        name,
      ).toBe(true);
    }
  });
});

describe('MATCHER_NAMES', () => {
  it('lists every spelling DECISIONS names, and `not` and `equals`', () => {
    for (const name of [
      'gt',
      'greaterThan',
      'gte',
      'lt',
      'lte',
      'contains',
      'startsWith',
      'endsWith',
      'regex',
    ]) {
      expect(MATCHER_NAMES).toContain(name);
    }
    for (const name of ['matchesRegex', 'oneOf', 'in', 'exists', 'empty', 'string', 'integer', 'number']) {
      expect(MATCHER_NAMES).toContain(name);
    }
    for (const name of [
      'boolean',
      'array',
      'object',
      'null',
      'email',
      'uuid',
      'date-time',
      'uri',
      'not',
      'equals',
    ]) {
      expect(MATCHER_NAMES).toContain(name);
    }
    expect(new Set(MATCHER_NAMES).size).toBe(MATCHER_NAMES.length);
  });
});

describe('splitFirstWord', () => {
  it('splits at the first run of whitespace', () => {
    expect(splitFirstWord('gt   5 6')).toEqual({ word: 'gt', rest: '5 6' });
    expect(splitFirstWord('exists')).toEqual({ word: 'exists', rest: '' });
  });
});
