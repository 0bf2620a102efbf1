import { describe, expect, it } from 'vitest';
import { findClosing, opensString, readStringLiteral, splitArguments } from './scanning.js';

function pieces(text: string): string[] {
  return splitArguments(text, 0, text.length).map(({ start, end }) => text.slice(start, end));
}

describe('splitArguments', () => {
  it.each([
    ['a, b, c', ['a', 'b', 'c']],
    ['$x > 3, big, small', ['$x > 3', 'big', 'small']],
    ["'a,b', c", ["'a,b'", 'c']],
    ['$s == "x,y", 1, 2', ['$s == "x,y"', '1', '2']],
    ['$int($a, $b), c', ['$int($a, $b)', 'c']],
    ['${randomInt(1,2)}, [1,2]', ['${randomInt(1,2)}', '[1,2]']],
    ["it's, fine", ["it's", 'fine']],
    ['', ['']],
    ['a,', ['a', '']],
  ])('%j → %j', (text, expected) => {
    expect(pieces(text)).toEqual(expected);
  });
});

describe('findClosing', () => {
  it.each([
    ['(a)', 0, 2],
    ['(a(b)c)', 0, 6],
    ["(')')", 0, 4],
    ['${a}', 1, 3],
    ['${f(${b})}', 1, 9],
    ['(a{b)', 0, 4],
    ['(a', 0, -1],
    ["('unterminated)", 0, 14],
  ])('%j from %i → %i', (text, open, expected) => {
    expect(findClosing(text, open, text.length)).toBe(expected);
  });
});

describe('opensString', () => {
  it('treats a quote as a string only where a value starts', () => {
    expect(opensString("'a'", 0, 0)).toBe(true);
    expect(opensString("x == 'a'", 5, 0)).toBe(true);
    expect(opensString("f(a, 'b')", 5, 0)).toBe(true);
    expect(opensString("it's", 2, 0)).toBe(false);
  });
});

describe('readStringLiteral', () => {
  it.each([
    ["'abc'", 'abc'],
    ['"a \\" b"', 'a " b'],
    ["'it\\'s'", "it's"],
    ['"back\\\\slash"', 'back\\slash'],
    ['"C:\\dir"', 'C:\\dir'],
    ["'a' 'b'", undefined],
    ['abc', undefined],
    ["'open", undefined],
  ])('%j → %j', (text, expected) => {
    expect(readStringLiteral(text, { start: 0, end: text.length })).toBe(expected);
  });
});
