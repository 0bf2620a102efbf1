import { describe, expect, it } from 'vitest';
import { cacheSubject, decodeCachedText } from './cacheSubject.js';

describe('decodeCachedText', () => {
  it('decodes JSON and keeps any other text', () => {
    expect(decodeCachedText('{"a":[1,true,null]}')).toEqual({ a: [1, true, null] });
    expect(decodeCachedText('42')).toBe(42);
    expect(decodeCachedText('-1.5')).toBe(-1.5);
    expect(decodeCachedText('true')).toBe(true);
    expect(decodeCachedText('"quoted"')).toBe('quoted');
    expect(decodeCachedText('plain text')).toBe('plain text');
    expect(decodeCachedText('007')).toBe('007');
    expect(decodeCachedText('')).toBe('');
  });

  it('keeps integers that a number cannot hold exactly as text', () => {
    expect(decodeCachedText('12345678901234567890')).toBe('12345678901234567890');
    expect(decodeCachedText('1e400')).toBe('1e400');
    expect(decodeCachedText('9007199254740991')).toBe(9007199254740991);
  });
});

describe('cacheSubject', () => {
  it('shapes each reply into cache.exists / cache.value / cache.ttl', () => {
    expect(cacheSubject({ command: 'get', value: '{"id":1}' })).toEqual({ exists: true, value: { id: 1 } });
    expect(cacheSubject({ command: 'get', value: null })).toEqual({ exists: false, value: null });
    expect(cacheSubject({ command: 'exists', count: 1 })).toEqual({ exists: true });
    expect(cacheSubject({ command: 'exists', count: 0 })).toEqual({ exists: false });
    expect(cacheSubject({ command: 'ttl', seconds: 30 })).toEqual({ exists: true, ttl: 30 });
    expect(cacheSubject({ command: 'ttl', seconds: -1 })).toEqual({ exists: true, ttl: -1 });
    expect(cacheSubject({ command: 'ttl', seconds: -2 })).toEqual({ exists: false, ttl: -2 });
    expect(cacheSubject({ command: 'hgetall', fields: { a: '1' } })).toEqual({
      exists: true,
      value: { a: '1' },
    });
    expect(cacheSubject({ command: 'hgetall', fields: {} })).toEqual({ exists: false, value: {} });
  });
});
