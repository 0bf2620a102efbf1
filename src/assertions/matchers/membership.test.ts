import { describe, expect, it } from 'vitest';
import { matchExpected, parseExpected } from '../expected.js';

const check = (expected: string, actual: unknown, textual = false) =>
  matchExpected(parseExpected(expected), actual, { textual });

describe('oneOf', () => {
  it('compares text with text and numbers numerically, items trimmed', () => {
    expect(check('oneOf active, pending ,done', 'pending').passed).toBe(true);
    expect(check('oneOf active,pending', 'Active').passed).toBe(false);
    expect(check('oneOf 200,201', 201).passed).toBe(true);
    expect(check('oneOf 200,201', '201').passed).toBe(true);
    expect(check('oneOf 1.0,2', 1).passed).toBe(true);
    expect(check('oneOf true,false', true).passed).toBe(true);
    expect(check('oneOf a,null', null).passed).toBe(true);
    expect(check('oneOf 200,201', 404).passed).toBe(false);
  });

  it('negates with `not`', () => {
    expect(check('not oneOf a,b', 'c').passed).toBe(true);
    expect(check('not oneOf a,b', 'a').passed).toBe(false);
  });

  it('does not apply to arrays and objects', () => {
    expect(check('oneOf a,b', ['a'])).toEqual({
      passed: false,
      reason: 'an array; `oneOf` compares text and numbers',
    });
  });

  it('rejects empty items', () => {
    expect(check('oneOf a,,b', 'a').invalid).toContain('empty item');
  });
});

describe('in', () => {
  it('is literal equality with any item, keeping YAML types', () => {
    expect(check('in [1, 2, "three"]', 2).passed).toBe(true);
    expect(check('in [1, 2, "three"]', 'three').passed).toBe(true);
    expect(check('in [1, 2, "three"]', '2').passed).toBe(false);
    expect(check('in [active, pending]', 'active').passed).toBe(true);
    expect(check('in []', 'x').passed).toBe(false);
  });

  it('compares header text with numbers in the list', () => {
    expect(check('in [200, 201]', '201', true).passed).toBe(true);
  });

  it('negates with `not`', () => {
    expect(check('not in [1, 2]', 3).passed).toBe(true);
    expect(check('not in [1, 2]', 2).passed).toBe(false);
  });

  it('is a literal without `[`, and invalid with a broken list', () => {
    expect(parseExpected('in stock')).toEqual({ kind: 'literal', value: 'in stock' });
    expect(check('in [1, 2', 1).invalid).toContain('missing `]`');
    expect(check('in', 1).invalid).toBe('`in` needs a list such as `in [1, 2, "three"]`');
  });
});
