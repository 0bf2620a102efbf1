import { describe, expect, it } from 'vitest';
import { describeInvalidJson, jsonErrorOffset, MAX_JSON_DEPTH, nestsDeeperThan } from './jsonText.js';

describe('nestsDeeperThan', () => {
  it('counts arrays and objects inside one another, and not brackets inside strings', () => {
    expect(nestsDeeperThan('[[{"a":[1]}]]', 4)).toBe(false);
    expect(nestsDeeperThan('[[{"a":[[1]]}]]', 4)).toBe(true);
    expect(nestsDeeperThan(`["${'['.repeat(5000)}", "\\"[[["]`, 2)).toBe(false);
  });

  it('answers for a body far deeper than the limit without overflowing', () => {
    const depth = 200_000;
    expect(nestsDeeperThan('['.repeat(depth) + ']'.repeat(depth), MAX_JSON_DEPTH)).toBe(true);
  });
});

describe('jsonErrorOffset', () => {
  it('is undefined for valid JSON of every kind', () => {
    for (const text of [
      '{}',
      '[]',
      ' {"a": [1, 2.5e3, -0, "x\\u00e9\\n"], "b": {"c": null}} ',
      'true',
      '"s"',
      '12',
    ])
      expect(jsonErrorOffset(text), text).toBeUndefined();
    const deep = '['.repeat(100_000) + ']'.repeat(100_000);
    expect(jsonErrorOffset(deep)).toBeUndefined();
  });

  it('points at the first character that is not JSON', () => {
    expect(jsonErrorOffset('{"a": 1,, }')).toBe(8);
    expect(jsonErrorOffset('[1,]')).toBe(3);
    expect(jsonErrorOffset('abc')).toBe(0);
    expect(jsonErrorOffset('{"a" 1}')).toBe(5);
    expect(jsonErrorOffset('{"a": 1} x')).toBe(9);
    expect(jsonErrorOffset('"\\x"')).toBe(0);
    expect(jsonErrorOffset('{"a":')).toBe(5);
  });
});

describe('describeInvalidJson', () => {
  it('names the line and column, and says when the text ends early', () => {
    expect(describeInvalidJson('{\n  "a": 1,,\n}')).toBe(
      'the response body is not valid JSON (it breaks at line 2, column 10)',
    );
    expect(describeInvalidJson('{"a": [1, 2')).toBe(
      'the response body is not valid JSON (it ends early at line 1, column 12)',
    );
  });
});
