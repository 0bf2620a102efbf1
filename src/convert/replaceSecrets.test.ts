import { describe, expect, it } from 'vitest';
import { Template, type DraftRequest } from './draftRequest.js';
import { replaceSecrets } from './replaceSecrets.js';
import { fieldName, secretNamePredicate } from './secretNames.js';

const isSensitive = secretNamePredicate();

function request(overrides: Partial<DraftRequest>): DraftRequest {
  return { method: 'POST', url: 'https://a.test', query: [], headers: [], ...overrides };
}

describe('secretNamePredicate', () => {
  it("knows the masker's fields and sensitive headers, and names that carry credentials in practice", () => {
    for (const name of [
      'Authorization',
      'cookie',
      'X-API-Key',
      'password',
      'X-Auth-Token',
      'session_id',
      'x-csrf-token',
      'key',
      'sig',
      'client_secret',
      'Ocp-Apim-Subscription-Key',
      'X-Access-Key',
    ]) {
      expect(isSensitive(name)).toBe(true);
    }
    for (const name of ['accept', 'author', 'bypass', 'page', 'monkey', 'content-type'])
      expect(isSensitive(name)).toBe(false);
  });

  it("follows the workspace's extra mask fields through the masker", () => {
    const custom = secretNamePredicate({ isSensitive: (path) => path[0] === 'ssn' });
    expect(custom('ssn')).toBe(true);
  });

  it('makes field names the bare `$accounts.api.<field>` form can reach', () => {
    expect(fieldName('X-API-Key')).toBe('xApiKey');
    expect(fieldName('client_secret')).toBe('clientSecret');
    expect(fieldName('2fa')).toBe('fa');
    expect(fieldName('--')).toBe('secret');
  });
});

describe('replaceSecrets', () => {
  it('replaces credentials in headers, keeping the authorization scheme, and says what each field holds', () => {
    const { request: out, slots } = replaceSecrets(
      request({
        headers: [
          ['Authorization', 'Bearer tok-123'],
          ['Cookie', 'sid=abc; theme=dark'],
          ['X-API-Key', 'key-456'],
          ['Accept', 'application/json'],
        ],
      }),
      isSensitive,
    );
    expect(out.headers).toEqual([
      ['Authorization', new Template('Bearer $accounts.api.token')],
      ['Cookie', new Template('$accounts.api.cookie')],
      ['X-API-Key', new Template('$accounts.api.xApiKey')],
      ['Accept', 'application/json'],
    ]);
    expect(slots.map((slot) => slot.field)).toEqual(['token', 'cookie', 'xApiKey']);
    expect(JSON.stringify(out)).not.toMatch(/tok-123|abc|key-456/);
  });

  it('describes Basic credentials with the user name, never the password', () => {
    const basic = Buffer.from('alice:pw-secret').toString('base64');
    const { request: out, slots } = replaceSecrets(
      request({ headers: [['authorization', `Basic ${basic}`]] }),
      isSensitive,
    );
    expect(out.headers[0]?.[1]).toEqual(new Template('Basic $accounts.api.basic'));
    expect(slots[0]?.what).toContain('alice:<password>');
    expect(JSON.stringify(slots)).not.toContain('pw-secret');
  });

  it('uses one field for the same secret in two places, and numbered fields for different ones', () => {
    const { request: out, slots } = replaceSecrets(
      request({
        headers: [['X-Token', 'same']],
        query: [
          ['token', 'same'],
          ['access_token', 'other'],
          ['api_key', ''],
        ],
        body: {
          kind: 'json',
          value: { user: { password: 'p1', name: 'n' }, list: [{ password: 'p2' }], pin: 1234 },
        },
      }),
      isSensitive,
    );
    expect(out.query).toEqual([
      ['token', new Template('$accounts.api.xToken')],
      ['access_token', new Template('$accounts.api.accessToken')],
      ['api_key', ''],
    ]);
    expect(out.body).toEqual({
      kind: 'json',
      value: {
        user: { password: new Template('$accounts.api.password'), name: 'n' },
        list: [{ password: new Template('$accounts.api.password2') }],
        pin: 1234,
      },
    });
    expect(slots.map((slot) => slot.field)).toEqual(['xToken', 'accessToken', 'password', 'password2']);
  });

  it('replaces secret fields of a form body, escaping the rest of it', () => {
    const { request: out } = replaceSecrets(
      request({
        headers: [['Content-Type', 'application/x-www-form-urlencoded']],
        body: { kind: 'text', value: 'user=al$ice&password=p%26w&x' },
        multipart: {
          fields: [
            ['client_secret', 'cs'],
            ['title', 't'],
          ],
          files: [],
        },
      }),
      isSensitive,
    );
    expect(out.body).toEqual({
      kind: 'text',
      value: new Template('user=al$$ice&password=$accounts.api.password&x'),
    });
    expect(out.multipart?.fields).toEqual([
      ['client_secret', new Template('$accounts.api.clientSecret')],
      ['title', 't'],
    ]);
  });

  it('leaves a text body that is not a form alone', () => {
    const body = { kind: 'text' as const, value: 'password=visible' };
    expect(replaceSecrets(request({ body }), isSensitive).request.body).toEqual(body);
  });
});
