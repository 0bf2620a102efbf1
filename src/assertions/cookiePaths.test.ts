import { describe, expect, it } from 'vitest';
import { resolveCookiePath, splitCookiePath, type CookieAttributes } from './cookiePaths.js';

const session: CookieAttributes = {
  name: 'session',
  value: 'abc',
  domain: 'localhost',
  path: '/',
  secure: true,
  httpOnly: true,
  sameSite: 'lax',
};
const lookup = (name: string) => (name === 'session' ? session : undefined);

describe('cookies.<name> paths', () => {
  it('reads the value, and attributes by name', () => {
    expect(resolveCookiePath(lookup, 'session')).toEqual({ found: true, value: 'abc' });
    expect(resolveCookiePath(lookup, 'session.httpOnly')).toEqual({ found: true, value: true });
    expect(resolveCookiePath(lookup, 'session.sameSite')).toEqual({ found: true, value: 'lax' });
    expect(splitCookiePath('a.b')).toEqual({ name: 'a.b' });
  });

  it('says why a cookie or attribute is missing', () => {
    expect(resolveCookiePath(lookup, 'theme')).toMatchObject({
      found: false,
      message: 'no cookie `theme` in the jar for this URL',
    });
    expect(resolveCookiePath(lookup, 'session.expires')).toMatchObject({
      found: false,
      message: 'cookie `session` has no `expires` (it may be a session cookie)',
    });
    expect(resolveCookiePath(undefined, 'session')).toMatchObject({ found: false });
    expect(resolveCookiePath(lookup, '')).toMatchObject({ found: false });
  });
});
