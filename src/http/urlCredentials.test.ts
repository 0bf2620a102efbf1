import { describe, expect, it } from 'vitest';
import { urlCredentials } from './urlCredentials.js';

describe('urlCredentials', () => {
  it('turns user:pass@ into Basic auth and gives the decoded password', () => {
    expect(urlCredentials('http://ann:p%40ss@api.test/x')).toEqual({
      authorization: `Basic ${Buffer.from('ann:p@ss').toString('base64')}`,
      password: 'p@ss',
    });
  });

  it('sends a user without a password, and nothing for a URL without userinfo', () => {
    expect(urlCredentials('http://ann@api.test/')).toEqual({
      authorization: `Basic ${Buffer.from('ann:').toString('base64')}`,
    });
    expect(urlCredentials('http://api.test/')).toEqual({});
    expect(urlCredentials('not a url')).toEqual({});
  });
});
