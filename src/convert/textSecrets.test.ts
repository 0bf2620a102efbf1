import { describe, expect, it } from 'vitest';
import { scopeFromObject } from '../expressions/scope.js';
import { Template, type DraftRequest } from './draftRequest.js';
import { replaceSecrets } from './replaceSecrets.js';
import { resolveKnownText } from './resolveKnown.js';
import { SecretFields, secretNamePredicate } from './secretNames.js';
import { jsonTextSecrets, urlQuerySecrets } from './textSecrets.js';

const isSensitive = secretNamePredicate();

/** The template filled in with the values the user would store gives the original text back. */
function filled(template: string, api: Record<string, string>): string {
  return resolveKnownText(template, scopeFromObject({ accounts: { api } }));
}

describe('jsonTextSecrets', () => {
  it('replaces secret values of JSON kept as text, and the template sends the same text again', () => {
    const text = '{"user":"a$b","password":"pw\\"1","pin": 1234,"amount":1.0,"nested":{"token":"t"}}';
    const fields = new SecretFields();
    const template = jsonTextSecrets(text, isSensitive, fields);
    expect(template).toBe(
      '{"user":"a$$b","password":"$accounts.api.password","pin": 1234,"amount":1.0,"nested":{"token":"$accounts.api.token"}}',
    );
    expect(template).not.toMatch(/pw|"t"/);
    expect(fields.slots.map((slot) => slot.field)).toEqual(['password', 'token']);
    expect(filled(template ?? '', { password: 'pw\\"1', token: 't' })).toBe(text);
  });

  it('replaces a number under a secret name without quotes', () => {
    const text = '{"otp_secret":123456,"x":[1.0]}';
    const template = jsonTextSecrets(text, isSensitive, new SecretFields()) ?? '';
    expect(template).toBe('{"otp_secret":$accounts.api.otpSecret,"x":[1.0]}');
    expect(filled(template, { otpSecret: '123456' })).toBe(text);
  });

  it('leaves text that is not JSON, or JSON without secrets, to the caller', () => {
    expect(jsonTextSecrets('password=x', isSensitive, new SecretFields())).toBeUndefined();
    expect(jsonTextSecrets('{"password":"x"', isSensitive, new SecretFields())).toBeUndefined();
    expect(jsonTextSecrets('{"a":"password"}', isSensitive, new SecretFields())).toBeUndefined();
  });
});

describe('urlQuerySecrets', () => {
  it('replaces secret values left in the URL (repeated or undecodable parameters)', () => {
    const url = 'https://a.test/p$?token=AAA&token=B%2BB&api_key=%ZZ&x=1';
    const template = urlQuerySecrets(url, isSensitive, new SecretFields()) ?? '';
    expect(template).toBe(
      'https://a.test/p$$?token=$accounts.api.token&token=$accounts.api.token2&api_key=$accounts.api.apiKey&x=1',
    );
    expect(filled(template, { token: 'AAA', token2: 'B%2BB', apiKey: '%ZZ' })).toBe(url);
    expect(urlQuerySecrets('https://a.test/?x=1&x=2', isSensitive, new SecretFields())).toBeUndefined();
  });
});

describe('replaceSecrets on text that stays text', () => {
  const base: DraftRequest = { method: 'POST', url: 'https://a.test/', query: [], headers: [] };

  it('replaces secrets in a JSON body kept as text (not faithful JSON, or sent as text/plain)', () => {
    const out = replaceSecrets(
      {
        ...base,
        headers: [['content-type', 'text/plain;charset=UTF-8']],
        body: { kind: 'text', value: '{"password":"hunter2","amount":1.0}' },
      },
      isSensitive,
    );
    expect(out.request.body).toEqual({
      kind: 'text',
      value: new Template('{"password":"$accounts.api.password","amount":1.0}'),
    });
  });

  it('replaces secrets in the query kept in the URL', () => {
    const out = replaceSecrets({ ...base, url: 'https://a.test/?sig=S1&sig=S2' }, isSensitive);
    expect(out.request.urlTemplate).toEqual(
      new Template('https://a.test/?sig=$accounts.api.sig&sig=$accounts.api.sig2'),
    );
    expect(out.slots.map((slot) => slot.field)).toEqual(['sig', 'sig2']);
  });

  it('replaces a form secret that does not decode, as written', () => {
    const out = replaceSecrets(
      {
        ...base,
        headers: [['Content-Type', 'application/x-www-form-urlencoded']],
        body: { kind: 'text', value: 'password=%ZZpw&a=1' },
      },
      isSensitive,
    );
    expect(out.request.body).toEqual({
      kind: 'text',
      value: new Template('password=$accounts.api.password&a=1'),
    });
  });
});
