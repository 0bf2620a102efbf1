import { describe, expect, it } from 'vitest';
import { relativeTo } from './relativeUrl.js';

const targets = {
  baseUrl: 'https://API.example.test/v1/',
  services: {
    auth: { baseUrl: 'https://api.example.test/v1/auth' },
    files: { baseUrl: 'https://files.example.test' },
  },
};

describe('relativeTo', () => {
  it('makes a URL under baseUrl relative, comparing scheme and host case-insensitively', () => {
    expect(relativeTo('https://api.example.test/v1/users?x=1', targets)).toEqual({ url: '/users?x=1' });
    expect(relativeTo('https://api.example.test/v1?x=1', targets)).toEqual({ url: '?x=1' });
  });

  it('prefers the longest matching base, setting the service', () => {
    expect(relativeTo('https://api.example.test/v1/auth/login', targets)).toEqual({
      url: '/login',
      service: 'auth',
    });
    expect(relativeTo('https://files.example.test/a.pdf', targets)).toEqual({
      url: '/a.pdf',
      service: 'files',
    });
  });

  it('matches only at a path boundary, and leaves other URLs and the base itself absolute', () => {
    for (const url of [
      'https://api.example.test/v10/users',
      'https://other.test/v1/users',
      'https://api.example.test/v1',
    ]) {
      expect(relativeTo(url, targets)).toEqual({ url });
    }
  });

  it('never matches a base that holds variables, or a path that differs in case', () => {
    expect(relativeTo('https://h.test/a', { baseUrl: 'https://$host', services: {} })).toEqual({
      url: 'https://h.test/a',
    });
    expect(relativeTo('https://api.example.test/V1/users', targets)).toEqual({
      url: 'https://api.example.test/V1/users',
    });
  });
});
