import { describe, expect, it } from 'vitest';
import { createScenarioCookieJar } from './cookieJar.js';

describe('the scenario cookie jar', () => {
  it('is empty until a cookie is set, then sends cookies by domain and path', async () => {
    const jar = createScenarioCookieJar();
    expect(jar.cookieHeader('http://api.test/')).toBeUndefined();
    await jar.store(['a=1; Path=/', 'b=2; Path=/admin', 'c=3; Domain=other.test'], 'http://api.test/login');
    expect(jar.cookieHeader('http://api.test/')).toBe('a=1');
    expect(jar.cookieHeader('http://api.test/admin/users')).toBe('b=2; a=1');
    expect(jar.cookieHeader('http://other.test/')).toBeUndefined();
  });

  it('treats localhost as a secure origin for Secure cookies (RFC 6265bis)', async () => {
    const jar = createScenarioCookieJar();
    await jar.store(['s=1; Secure; HttpOnly; SameSite=Strict'], 'http://localhost:8080/');
    expect(jar.cookieHeader('http://localhost:8080/x')).toBe('s=1');
    expect(jar.find('s', 'http://localhost:8080/')).toMatchObject({
      value: 's=1'.slice(2),
      secure: true,
      httpOnly: true,
      sameSite: 'strict',
    });
    const remote = createScenarioCookieJar();
    await remote.store(['s=1; Secure'], 'http://api.test/');
    expect(remote.cookieHeader('http://api.test/')).toBeUndefined();
  });

  it('reports expiry from Max-Age as RFC 3339, and forgets expired cookies', async () => {
    const jar = createScenarioCookieJar();
    await jar.store(['keep=1; Max-Age=60', 'gone=1; Max-Age=0'], 'http://api.test/');
    expect(jar.find('keep', 'http://api.test/')?.expires).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d/);
    expect(jar.find('keep', 'http://api.test/')?.maxAge).toBe(60);
    expect(jar.find('gone', 'http://api.test/')).toBeUndefined();
  });
});
