import { describe, expect, it } from 'vitest';
import { checkExpected, suggestMatcher } from './checkExpected.js';

describe('checkExpected: misspelled matchers', () => {
  it.each([
    ['contians foo', 'contains foo'],
    ['greaterthen 5', 'greaterThan 5'],
    ['greaterthan 5', 'greaterThan 5'],
    ['greater than 5', 'greaterThan 5'],
    ['starts with Al', 'startsWith Al'],
    ['startswith Al', 'startsWith Al'],
    ['endwith x', 'endsWith x'],
    ['one of a,b', 'oneOf a,b'],
    ['oneof a,b', 'oneOf a,b'],
    ['exsits', 'exists'],
    ['exist', 'exists'],
    ['emtpy', 'empty'],
    ['not emtpy', 'not empty'],
    ['nto empty', 'not empty'],
    ['strng', 'string'],
    ['interger', 'integer'],
    ['datetime', 'date-time'],
    ['emial', 'email'],
    ['gtt 5', 'gt 5'],
    ['inn [1, 2]', 'in [1, 2]'],
    ['regx ^a', 'regex ^a'],
    ['lessThan 5', 'lt 5'],
    ['notEmpty', 'not empty'],
    ['equal foo', 'equals foo'],
  ])('flags %j, suggesting %j', (text, suggestion) => {
    expect(checkExpected(text)).toEqual([
      {
        message: `\`${text}\` looks like a misspelled matcher`,
        hint: `did you mean \`${suggestion}\`? to compare with this exact text, write \`equals ${text}\``,
      },
    ]);
  });

  it.each([
    'Contains',
    'Contains nuts',
    'in stock',
    'is active',
    'at home',
    'one of us',
    'not found',
    'String',
    'STRING',
    'NULL',
    'Email',
    'full',
    'hello world',
    'the end',
    'email sent',
    'Alice',
    'active',
    'pending',
    'Strong',
    'exit',
    'nil',
  ])('leaves the literal %j alone', (text) => {
    expect(checkExpected(text)).toEqual([]);
  });

  it('ignores non-strings and valid matchers', () => {
    expect(checkExpected(42)).toEqual([]);
    expect(checkExpected({ a: 'contians x' })).toEqual([]);
    expect(checkExpected('gt 5')).toEqual([]);
    expect(checkExpected('not in [1, 2]')).toEqual([]);
    expect(checkExpected('equals string')).toEqual([]);
  });
});

describe('checkExpected: matchers that cannot run', () => {
  it.each([
    ['gt abc', '`gt` needs a number or an RFC 3339 date-time, got `abc`'],
    ['not lte x', '`lte` needs a number or an RFC 3339 date-time, got `x`'],
    ['contains', '`contains` needs a value after it'],
    ['in', '`in` needs a list such as `in [1, 2, "three"]`'],
    ['in [1, 2', '`in` needs a list such as `in [1, 2, "three"]`: missing `]`'],
    ['oneOf a,,b', '`oneOf` has an empty item in `a,,b`; separate items with commas: `oneOf a,b,c`'],
  ])('flags %j', (text, problem) => {
    expect(checkExpected(text)).toEqual([
      {
        message: `invalid matcher \`${text}\`: ${problem}`,
        hint: `to compare with this exact text, write \`equals ${text}\``,
      },
    ]);
  });

  it('flags an invalid regular expression', () => {
    const [problem] = checkExpected('regex (');
    expect(problem?.message).toMatch(/^invalid matcher `regex \(`: invalid regular expression: /);
  });
});

describe('suggestMatcher', () => {
  it('returns nothing for exact matcher words used as sentences', () => {
    expect(suggestMatcher('in stock')).toBeUndefined();
    expect(suggestMatcher('null pointer')).toBeUndefined();
  });
});
