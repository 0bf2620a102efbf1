import { describe, expect, it } from 'vitest';
import { isSecretCookieName, maskCookieHeader, setCookiePairs } from './cookies.js';

const none = () => false;

describe('cookie masking', () => {
  it('recognises secret-looking cookie names', () => {
    for (const name of [
      'session',
      'JSESSIONID',
      'PHPSESSID',
      'sid',
      'connect.sid',
      'auth_token',
      'jwt',
      'XSRF-TOKEN',
      'api_key',
      'remember_pass',
      'client-secret',
      'remember_web_59ba36',
    ])
      expect(isSecretCookieName(name), name).toBe(true);
    for (const name of ['theme', 'side', 'lang', 'consent', 'tz'])
      expect(isSecretCookieName(name), name).toBe(false);
    expect(setCookiePairs(['a=b=c; Path=/', 'flag'])).toEqual([
      { name: 'a', value: 'b=c' },
      { name: '', value: 'flag' },
    ]);
  });

  it('masks only the values of secret-looking cookies in a Set-Cookie line, attributes kept', () => {
    expect(maskCookieHeader('theme=dark; Path=/', 'set-cookie', none)).toBe('theme=dark; Path=/');
    expect(maskCookieHeader('session=s3cr3t; HttpOnly; Path=/', 'set-cookie', none)).toBe(
      'session=[MASKED]; HttpOnly; Path=/',
    );
    // Attributes are never cookies, even when their names look secret.
    expect(maskCookieHeader('lang=en; Domain=auth.example.com', 'set-cookie', none)).toBe(
      'lang=en; Domain=auth.example.com',
    );
  });

  it('masks joined Set-Cookie lines one by one, dates with commas included', () => {
    const joined = 'theme=dark; Expires=Thu, 01 Jan 2037 00:00:00 GMT; Path=/, sid=abc123; HttpOnly, lang=en';
    expect(maskCookieHeader(joined, 'set-cookie', none)).toBe(
      'theme=dark; Expires=Thu, 01 Jan 2037 00:00:00 GMT; Path=/, sid=[MASKED]; HttpOnly, lang=en',
    );
  });

  it('masks every secret-looking pair of a Cookie header, and names the caller marks secret', () => {
    expect(maskCookieHeader('theme=dark; session=xyz; tenant=acme', 'cookie', none)).toBe(
      'theme=dark; session=[MASKED]; tenant=acme',
    );
    expect(maskCookieHeader('theme=dark; tenant=acme', 'cookie', (name) => name === 'tenant')).toBe(
      'theme=dark; tenant=[MASKED]',
    );
    expect(maskCookieHeader('session=; theme=dark', 'cookie', none)).toBe('session=; theme=dark');
  });
});
