import { describe, expect, it } from 'vitest';
import { scopeFromObject } from './scope.js';

describe('scopeFromObject', () => {
  it('answers has/get/names from own keys only', () => {
    const scope = scopeFromObject({ a: 1, nothing: null, '1-userId': 'x' });
    expect(scope.has('a')).toBe(true);
    expect(scope.has('nothing')).toBe(true);
    expect(scope.get('nothing')).toBeNull();
    expect(scope.has('toString')).toBe(false);
    expect(scope.get('toString')).toBeUndefined();
    expect([...scope.names()]).toEqual(['a', 'nothing', '1-userId']);
  });

  it('sees later changes to the object', () => {
    const values: Record<string, unknown> = {};
    const scope = scopeFromObject(values);
    values.token = 't';
    expect(scope.get('token')).toBe('t');
  });
});
