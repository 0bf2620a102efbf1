import { describe, expect, it } from 'vitest';
import { Masker, MASK, SecretRegistry } from './index.js';

function masker(fields: string[] = [], enabled = true, secrets: string[] = []): Masker {
  const registry = new SecretRegistry();
  for (const secret of secrets) registry.add(secret);
  return new Masker({ enabled, fields }, registry);
}

describe('Masker.maskValue', () => {
  it('masks built-in fields case-insensitively at any depth', () => {
    const out = masker().maskValue({
      user: { Password: 'hunter22', name: 'ann' },
      ACCESS_TOKEN: 'abc',
      list: [{ apiKey: 'k1' }],
    });
    expect(out).toEqual({
      user: { Password: MASK, name: 'ann' },
      ACCESS_TOKEN: MASK,
      list: [{ apiKey: MASK }],
    });
  });

  it('masks sensitive header names and user fields, including dotted paths', () => {
    const out = masker(['ssn', 'profile.pin']).maskValue({
      headers: { authorization: 'Bearer x', cookie: 'sid=1', accept: '*/*' },
      body: { ssn: '123-45', profile: { pin: '9999', city: 'Oslo' }, pin: 'kept' },
    });
    expect(out.headers).toEqual({ authorization: MASK, cookie: `sid=${MASK}`, accept: '*/*' });
    expect(out.body).toEqual({ ssn: MASK, profile: { pin: MASK, city: 'Oslo' }, pin: 'kept' });
  });

  it('masks cookie headers cookie by cookie, keeping a Set-Cookie list a list', () => {
    const out = masker(['tenant'], true, ['known-secret-value']).maskValue({
      'set-cookie': ['theme=dark; Path=/', 'session=abc; HttpOnly', 'tenant=acme', 'note=known-secret-value'],
      cookie: 'theme=dark; token=xyz',
    });
    expect(out).toEqual({
      'set-cookie': ['theme=dark; Path=/', `session=${MASK}; HttpOnly`, `tenant=${MASK}`, `note=${MASK}`],
      cookie: `theme=dark; token=${MASK}`,
    });
    // Listed in security.mask.fields, a cookie header is masked whole again.
    expect(masker(['set-cookie']).maskValue({ 'set-cookie': ['theme=dark'] })).toEqual({
      'set-cookie': MASK,
    });
  });

  it('keeps built-in fields masked when masking is disabled, and drops only the extra fields', () => {
    const out = masker(['ssn'], false, ['s3cret-value']).maskValue({
      password: 'plain',
      ssn: '123',
      note: 'has s3cret-value inside',
    });
    expect(out).toEqual({ password: MASK, ssn: '123', note: `has ${MASK} inside` });
  });

  it('masks numbers that are secrets', () => {
    expect(masker([], true, ['987654']).maskValue({ code: 987654, other: 12 })).toEqual({
      code: MASK,
      other: 12,
    });
  });

  it('shares what it does not change, and copies only the path to what it masks', () => {
    const clean = { a: { b: [1, 'x'] }, c: 'plain' };
    expect(masker().maskValue(clean)).toBe(clean);
    const mixed = { keep: { deep: [1, 2] }, auth: { token: 't', note: 'n' } };
    const out = masker().maskValue(mixed);
    expect(out).not.toBe(mixed);
    expect(out.keep).toBe(mixed.keep);
    expect(out.auth).toEqual({ token: MASK, note: 'n' });
    expect(mixed.auth.token).toBe('t');
  });

  it('does not modify its input', () => {
    const input = { token: 't' };
    masker().maskValue(input);
    expect(input.token).toBe('t');
  });
});

describe('Masker.maskText', () => {
  it('scrubs a secret in its raw, URL-encoded, JSON-escaped and base64 forms', () => {
    const secret = 'p@ss "word"/1';
    const m = masker([], true, [secret]);
    const text = [
      secret,
      encodeURIComponent(secret),
      JSON.stringify(secret).slice(1, -1),
      Buffer.from(secret).toString('base64'),
      Buffer.from(secret).toString('base64url'),
    ].join(' | ');
    const out = m.maskText(text);
    expect(out).toBe([MASK, MASK, MASK, MASK, MASK].join(' | '));
  });

  it('scrubs a secret used in a URL host, which the URL parser lower-cases (and turns into punycode)', () => {
    const m = masker([], true, ['Tenant-SECRET-42', 'Geheimnis-ÜBER']);
    const url = new URL('http://Tenant-SECRET-42.api.test/x');
    expect(m.maskText(url.href)).toBe(`http://${MASK}.api.test/x`);
    const idn = new URL('http://Geheimnis-ÜBER.api.test/').href;
    expect(m.maskText(idn)).toBe(`http://${MASK}.api.test/`);
  });

  it('scrubs a URL password in every place the URL shows it', () => {
    const m = masker([], true, ['p@ss:w/rd$&+,']);
    const url = new URL('http://api.test/');
    url.username = 'ann';
    url.password = 'p@ss:w/rd$&+,';
    expect(m.maskText(url.href)).toBe(`http://ann:${MASK}@api.test/`);
  });

  it('picks up secrets added after the masker was made', () => {
    const registry = new SecretRegistry();
    const m = new Masker({ enabled: true, fields: [] }, registry);
    expect(m.maskText('token-abc-123')).toBe('token-abc-123');
    registry.add('token-abc-123');
    expect(m.maskText('Bearer token-abc-123')).toBe(`Bearer ${MASK}`);
  });

  it('scrubs the encodings URLSearchParams and WHATWG URLs use, which differ from encodeURIComponent', () => {
    const secret = "pa!ss w0rd~(x)'*";
    const m = masker([], true, [secret]);
    const query = new URLSearchParams([['k', secret]]).toString();
    const path = new URL(`http://h/${secret}`).pathname;
    expect(m.maskText(`GET /echo?${query}`)).toBe(`GET /echo?k=${MASK}`);
    expect(m.maskText(path)).toBe(`/${MASK}`);
  });

  it('masks the visible start of a secret cut short by an ellipsis', () => {
    const m = masker([], true, ['SUPERSECRETKEY-1234567890']);
    expect(m.maskText('got {"k":"SUPERSEC…')).toBe(`got {"k":"${MASK}`);
    expect(m.maskText('a normal sentence…')).toBe('a normal sentence…');
  });

  it('does not mask values too short to be told apart from ordinary text', () => {
    expect(masker([], true, ['ab']).maskText('tab stab')).toBe('tab stab');
  });

  it('replaces the longer of two overlapping secrets whole', () => {
    expect(masker([], true, ['abcd', 'abcdefgh']).maskText('x abcdefgh y')).toBe(`x ${MASK} y`);
  });
});
