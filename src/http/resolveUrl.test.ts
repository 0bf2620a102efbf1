import { describe, expect, it } from 'vitest';
import { RunnerError } from '../diagnostics/errors.js';
import { applyQuery, resolveUrl } from './resolveUrl.js';

const env = {
  baseUrl: 'http://h/api',
  services: { auth: { baseUrl: 'https://auth.example.test/v2/' }, payments: { baseUrl: 'http://pay:8080' } },
};

describe('resolveUrl', () => {
  it.each([
    ['users', 'http://h/api/users'],
    ['/users', 'http://h/api/users'],
    ['users/7?full=1', 'http://h/api/users/7?full=1'],
    ['', 'http://h/api'],
    ['?page=2', 'http://h/api?page=2'],
  ])('joins %j onto the root baseUrl', (url, expected) => {
    expect(resolveUrl(url, undefined, env)).toBe(expected);
  });

  it('keeps the base path when the base ends with a slash', () => {
    expect(resolveUrl('/users', undefined, { baseUrl: 'http://h/api/', services: {} })).toBe(
      'http://h/api/users',
    );
    expect(resolveUrl('users', undefined, { baseUrl: 'http://h', services: {} })).toBe('http://h/users');
  });

  it('uses an absolute url as it is, even with a service', () => {
    expect(resolveUrl('https://other.test/x', 'auth', env)).toBe('https://other.test/x');
    expect(resolveUrl('HTTP://other.test/x', undefined, env)).toBe('HTTP://other.test/x');
  });

  it('resolves a relative url through the named service', () => {
    expect(resolveUrl('/token', 'auth', env)).toBe('https://auth.example.test/v2/token');
    expect(resolveUrl('charges', 'payments', env)).toBe('http://pay:8080/charges');
  });

  it('names the known services and suggests a close one for an unknown service', () => {
    let caught: unknown;
    try {
      resolveUrl('/x', 'payment', env);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(RunnerError);
    expect((caught as RunnerError).code).toBe('http.unknown-service');
    expect((caught as RunnerError).message).toBe(
      'unknown service `payment` (did you mean `payments`?); known services: auth, payments',
    );
  });

  it('says when the environment has no services at all', () => {
    expect(() => resolveUrl('/x', 'auth', { baseUrl: 'http://h', services: {} })).toThrow(
      'unknown service `auth`; the environment defines no services',
    );
  });
});

describe('applyQuery', () => {
  it('adds parameters with URLSearchParams encoding', () => {
    expect(
      applyQuery('http://h/s', [
        ['q', 'a b&c'],
        ['lang', 'é'],
      ]),
    ).toBe('http://h/s?q=a+b%26c&lang=%C3%A9');
  });

  it('appends to an existing query and leaves it untouched', () => {
    expect(applyQuery('http://h/s?x=%20y', [['page', '2']])).toBe('http://h/s?x=%20y&page=2');
    expect(applyQuery('http://h/s?', [['page', '2']])).toBe('http://h/s?page=2');
    expect(applyQuery('http://h/s?a=1&', [['page', '2']])).toBe('http://h/s?a=1&page=2');
  });

  it('puts the query before a fragment', () => {
    expect(applyQuery('http://h/s#top', [['page', '2']])).toBe('http://h/s?page=2#top');
  });

  it('leaves the URL alone when there is nothing to add', () => {
    expect(applyQuery('http://h/s?x=1', [])).toBe('http://h/s?x=1');
    expect(
      applyQuery('http://h/s', [
        ['tag', 'a'],
        ['tag', 'b'],
      ]),
    ).toBe('http://h/s?tag=a&tag=b');
  });
});
