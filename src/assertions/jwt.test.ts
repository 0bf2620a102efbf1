import { describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { decodeJwtClaims, findJwt, jwtSearchPaths, withJwt } from './jwt.js';
import { resolveSubjectPath, type Subject } from './subject.js';

function base64url(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

/** An unsigned-looking token built by hand: header.payload.signature. */
function handMadeJwt(claims: Record<string, unknown>): string {
  return `${base64url({ alg: 'HS256', typ: 'JWT' })}.${base64url(claims)}.c2lnbmF0dXJl`;
}

const jsonHeaders = { 'content-type': 'application/json' };

describe('jwtSearchPaths', () => {
  it('puts the configured path first, then the body fields of SPEC, without repeats', () => {
    expect(jwtSearchPaths()).toEqual(['body.token', 'body.accessToken', 'body.access_token']);
    expect(jwtSearchPaths('headers.authorization')).toEqual([
      'headers.authorization',
      'body.token',
      'body.accessToken',
      'body.access_token',
    ]);
    expect(jwtSearchPaths('body.token')).toEqual(['body.token', 'body.accessToken', 'body.access_token']);
  });

  it('reads a configured path without a subject root as a body path', () => {
    expect(jwtSearchPaths('data.jwt')[0]).toBe('body.data.jwt');
  });
});

describe('findJwt', () => {
  const token = handMadeJwt({ sub: 'u-1' });

  it('finds the token in token, accessToken or access_token at the top of the body', () => {
    for (const field of ['token', 'accessToken', 'access_token']) {
      const subject: Subject = { headers: jsonHeaders, body: { [field]: token } };
      expect(findJwt(subject)).toEqual({ token, source: `body.${field}` });
    }
  });

  it('prefers the configured jwt_token_path and strips a Bearer prefix', () => {
    const other = handMadeJwt({ sub: 'u-2' });
    const subject: Subject = {
      headers: { ...jsonHeaders, authorization: `Bearer ${other}` },
      body: { token },
    };
    expect(findJwt(subject, 'headers.authorization')).toEqual({
      token: other,
      source: 'headers.authorization',
    });
    expect(findJwt({ headers: jsonHeaders, body: { data: { jwt: token } } }, 'body.data.jwt')).toEqual({
      token,
      source: 'body.data.jwt',
    });
  });

  it('falls back to the body fields when the configured path is absent', () => {
    expect(findJwt({ headers: jsonHeaders, body: { accessToken: token } }, 'body.auth.token')).toEqual({
      token,
      source: 'body.accessToken',
    });
  });

  it('skips values that are not compact JWS tokens', () => {
    const subject: Subject = { headers: jsonHeaders, body: { token: 'opaque-123', access_token: token } };
    expect(findJwt(subject)).toEqual({ token, source: 'body.access_token' });
    expect(findJwt({ headers: jsonHeaders, body: { token: { value: token } } })).toBeUndefined();
    expect(findJwt({ headers: jsonHeaders, body: { id: 1 } })).toBeUndefined();
    expect(findJwt({})).toBeUndefined();
  });
});

describe('decodeJwtClaims', () => {
  it('decodes the claims of a hand-made token without checking its signature', () => {
    const claims = { sub: 'u-1', role: 'admin', exp: 1_900_000_000 };
    expect(decodeJwtClaims(handMadeJwt(claims))).toEqual({ claims });
  });

  it('refuses claims nested too deep for the checks and reporters to walk, naming the limit', () => {
    const payload = Buffer.from(`{"a":${'['.repeat(5000)}${']'.repeat(5000)}}`).toString('base64url');
    const token = `${base64url({ alg: 'HS256' })}.${payload}.c2ln`;
    expect(decodeJwtClaims(token)).toEqual({ error: 'its claims are nested deeper than 1000 levels' });
  });

  it('decodes a token signed with jose, whatever the key', async () => {
    const key = new TextEncoder().encode('a-test-secret-of-at-least-32-bytes!!');
    const token = await new SignJWT({ role: 'viewer', scopes: ['read'] })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('user-42')
      .setIssuedAt(1_700_000_000)
      .setExpirationTime(1_700_003_600)
      .sign(key);
    expect(decodeJwtClaims(token)).toEqual({
      claims: { role: 'viewer', scopes: ['read'], sub: 'user-42', iat: 1_700_000_000, exp: 1_700_003_600 },
    });
  });

  it('explains a token that does not decode', () => {
    const header = base64url({ alg: 'none' });
    expect(decodeJwtClaims('a.b')).toEqual({ error: 'Invalid JWT' });
    expect(decodeJwtClaims(`${header}.${Buffer.from('not json').toString('base64url')}.`)).toEqual({
      error: 'Failed to parse the decoded payload as JSON',
    });
    expect(decodeJwtClaims(`${header}.${base64url([1, 2])}.`)).toEqual({ error: 'Invalid JWT Claims Set' });
  });
});

describe('withJwt', () => {
  it('puts the claims and their source on the subject, readable as jwt.<claim>', () => {
    const subject = withJwt({ headers: jsonHeaders, body: { token: handMadeJwt({ sub: 'u-1', n: 2 }) } });
    expect(subject.jwt).toEqual({ sub: 'u-1', n: 2 });
    expect(subject.jwtSource).toBe('body.token');
    expect(resolveSubjectPath(subject, 'jwt.sub')).toEqual({ found: true, value: 'u-1' });
  });

  it('says where it looked when there is no JWT', () => {
    const subject = withJwt({ headers: jsonHeaders, body: { id: 1 } });
    expect(subject.jwt).toBeUndefined();
    expect(resolveSubjectPath(subject, 'jwt.sub')).toMatchObject({
      found: false,
      message: 'no JWT in the response: looked at body.token, body.accessToken, body.access_token',
    });
  });

  it('names the configured path and the values that were not JWTs', () => {
    const subject = withJwt(
      { headers: { ...jsonHeaders, authorization: 'Basic dTpw' }, body: { token: 42 } },
      'headers.authorization',
    );
    expect(subject.jwtProblem).toBe(
      'no JWT in the response: looked at headers.authorization, body.token, body.accessToken, body.access_token' +
        ' (`headers.authorization` is text that is not a JWT; `body.token` is a number)',
    );
  });

  it('reports a token that looks like a JWT but does not decode', () => {
    const broken = `${base64url({ alg: 'none' })}.${Buffer.from('{oops').toString('base64url')}.`;
    const subject = withJwt({ headers: jsonHeaders, body: { token: broken } });
    expect(subject.jwt).toBeUndefined();
    expect(resolveSubjectPath(subject, 'jwt.sub')).toMatchObject({
      message: 'the token at body.token is not a readable JWT: Failed to parse the decoded payload as JSON',
    });
  });

  it('says the signature was not verified when a claim is missing', () => {
    const subject = withJwt({ headers: jsonHeaders, body: { accessToken: handMadeJwt({ sub: 'u-1' }) } });
    expect(resolveSubjectPath(subject, 'jwt.role')).toMatchObject({
      found: false,
      message:
        'path not found; available fields: sub (claims of the JWT at body.accessToken; signature not verified)',
      available: ['sub'],
    });
  });
});
