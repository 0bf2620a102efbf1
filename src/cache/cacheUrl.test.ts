import { describe, expect, it } from 'vitest';
import { CacheError } from './cacheError.js';
import { parseCacheUrl } from './cacheUrl.js';

function failure(url: string): string {
  try {
    parseCacheUrl('main', url);
  } catch (error) {
    expect(error).toBeInstanceOf(CacheError);
    return (error as CacheError).message;
  }
  throw new Error(`${url} parsed`);
}

describe('parseCacheUrl', () => {
  it('reads host, port, database and defaults', () => {
    expect(parseCacheUrl('main', 'redis://cache.internal')).toEqual({
      tls: false,
      host: 'cache.internal',
      port: 6379,
      database: 0,
      display: 'redis://cache.internal/0',
    });
    expect(parseCacheUrl('main', 'rediss://10.0.0.5:6380/4')).toMatchObject({
      tls: true,
      host: '10.0.0.5',
      port: 6380,
      database: 4,
    });
  });

  it('decodes credentials and leaves the password out of the display form', () => {
    const target = parseCacheUrl('main', 'redis://app%40svc:p%40ss%2Fw0rd@127.0.0.1:7000/2');
    expect(target).toMatchObject({ username: 'app@svc', password: 'p@ss/w0rd', database: 2 });
    expect(target.display).toBe('redis://app%40svc@127.0.0.1:7000/2');
    expect(parseCacheUrl('main', 'redis://:only-password@h').username).toBeUndefined();
    expect(parseCacheUrl('main', 'redis://:only-password@h').display).toBe('redis://h/0');
  });

  it('takes IPv6 hosts without their brackets', () => {
    expect(parseCacheUrl('main', 'redis://[::1]:6390')).toMatchObject({
      host: '::1',
      display: 'redis://[::1]:6390/0',
    });
  });

  it('rejects what it cannot use, without echoing the URL', () => {
    expect(failure('not a url with secret-pw')).toBe(
      'cache connection `main`: invalid URL: expected `redis://[user[:password]@]host[:port][/db]` or `rediss://...`',
    );
    expect(failure('memcached://u:secret-pw@h')).toBe(
      'cache connection `main`: invalid URL: unsupported scheme `memcached:` (use redis:// or rediss://)',
    );
    expect(failure('redis://u:secret-pw@h/sessions')).toBe(
      'cache connection `main`: invalid URL: the path `/sessions` is not a database number such as `/0`',
    );
    // A password with an unencoded `/` (`1234/tail`) leaves its tail in the path: never echoed.
    for (const url of [
      'redis://admin:1234/pw-tail@h:6379',
      'redis://admin:1234?pw-tail@h',
      'redis://a:12#pw-tail@h',
    ]) {
      const message = failure(url);
      expect(message).not.toContain('pw-tail');
      expect(message).toContain('percent-encoded');
    }
    expect(failure('redis://u:secret-pw@h/0?timeout=1')).toBe(
      'cache connection `main`: invalid URL: query parameters and fragments are not supported',
    );
  });
});
