import { describe, expect, it } from 'vitest';
import { bypassesProxy, proxyFor, proxySettingsFromEnvironment } from './proxyRoute.js';

const url = (text: string) => new URL(text);

describe('proxy settings from the environment', () => {
  it('reads either case, lower case first, as curl does', () => {
    expect(
      proxySettingsFromEnvironment({ HTTP_PROXY: 'http://upper:1', http_proxy: 'http://lower:2' }),
    ).toEqual({ mode: 'environment', httpProxy: 'http://lower:2' });
    expect(proxySettingsFromEnvironment({ HTTPS_PROXY: 'p:3', NO_PROXY: 'a.test' })).toEqual({
      mode: 'environment',
      httpsProxy: 'p:3',
      noProxy: 'a.test',
    });
    expect(proxySettingsFromEnvironment({ NO_PROXY: '*' })).toEqual({ mode: 'off' });
  });

  it('picks the proxy by scheme, and none for NO_PROXY hosts', () => {
    const settings = proxySettingsFromEnvironment({
      http_proxy: 'http://plain:1',
      https_proxy: 'http://tls:2',
      no_proxy: 'internal.test',
    });
    expect(proxyFor(settings, url('http://api.test/x'))).toBe('http://plain:1');
    expect(proxyFor(settings, url('https://api.test/x'))).toBe('http://tls:2');
    expect(proxyFor(settings, url('https://db.internal.test/x'))).toBeUndefined();
    expect(proxyFor({ mode: 'off' }, url('https://api.test/'))).toBeUndefined();
    expect(proxyFor({ mode: 'fixed', url: 'http://p:3' }, url('https://internal.test/'))).toBe('http://p:3');
  });
});

describe("NO_PROXY, curl's way", () => {
  it('matches names and their sub-domains, with or without a leading dot', () => {
    expect(bypassesProxy('example.com', url('http://example.com/'))).toBe(true);
    expect(bypassesProxy('example.com', url('http://api.example.com/'))).toBe(true);
    expect(bypassesProxy('.example.com', url('http://api.example.com/'))).toBe(true);
    expect(bypassesProxy('*.example.com', url('http://api.example.com/'))).toBe(true);
    expect(bypassesProxy('example.com', url('http://notexample.com/'))).toBe(false);
  });

  it('matches every host with *, ports when given, and IP addresses exactly', () => {
    expect(bypassesProxy(' * ', url('http://anything.test/'))).toBe(true);
    expect(bypassesProxy('api.test:8080', url('http://api.test:8080/'))).toBe(true);
    expect(bypassesProxy('api.test:8080', url('http://api.test:9090/'))).toBe(false);
    expect(bypassesProxy('api.test:443', url('https://api.test/'))).toBe(true);
    expect(bypassesProxy('127.0.0.1', url('http://127.0.0.1:3000/'))).toBe(true);
    expect(bypassesProxy('::1', url('http://[::1]:3000/'))).toBe(true);
    expect(bypassesProxy('[::1]:3000', url('http://[::1]:3000/'))).toBe(true);
    expect(bypassesProxy('', url('http://api.test/'))).toBe(false);
    expect(bypassesProxy(undefined, url('http://api.test/'))).toBe(false);
  });
});
