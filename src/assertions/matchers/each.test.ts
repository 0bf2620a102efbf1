import { describe, expect, it } from 'vitest';
import { checkExpected } from '../checkExpected.js';
import { matchExpected, parseExpected } from '../expected.js';

const check = (expected: string, actual: unknown) =>
  matchExpected(parseExpected(expected), actual, { textual: false });

describe('each', () => {
  it('passes when every item satisfies the matcher, and on an empty list', () => {
    expect(check('each gt 0', [1, 2, 3]).passed).toBe(true);
    expect(check('each gt 0', []).passed).toBe(true);
    expect(check('each startsWith A', ['Ann', 'Al']).passed).toBe(true);
    expect(check('each not empty', ['a', 'b']).passed).toBe(true);
  });

  it('names the first failing index and the item', () => {
    expect(check('each gt 0', [1, -2, -3])).toEqual({ passed: false, reason: 'item [1] is -2' });
    expect(check('each email', ['a@example.com', 'nope']).reason).toBe('item [1] is "nope"');
  });

  it('passes on a reason from the inner matcher', () => {
    expect(check('each gt 0', [1, 'x']).reason).toBe(
      'item [1] is "x": not comparable: the text "x" with the number 0',
    );
  });

  it('needs a list', () => {
    expect(check('each gt 0', 5)).toEqual({ passed: false, reason: 'a number; `each` needs a list' });
  });

  it('is only a matcher when a matcher follows, so sentences stay literals', () => {
    expect(parseExpected('each one of them').kind).toBe('literal');
    expect(parseExpected('each gt 5')).toMatchObject({ kind: 'matcher', name: 'each', display: 'each gt 5' });
  });

  it('lets validate see a broken inner matcher', () => {
    expect(checkExpected('each gt 5')).toEqual([]);
    expect(checkExpected('each gt abc')[0]?.message).toMatch(
      /^invalid matcher `each gt abc`: `gt` needs a number/,
    );
    expect(checkExpected('each gt')[0]?.message).toBe(
      'invalid matcher `each gt`: `gt` needs a value after it',
    );
  });
});
