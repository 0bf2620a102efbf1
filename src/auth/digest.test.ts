import { describe, expect, it } from 'vitest';
import { parseChallenges } from './challenges.js';
import { digestAuthorization, pickDigestChallenge } from './digest.js';

// RFC 7616 section 3.9.1: the worked example (Mufasa), with its published responses for MD5 and SHA-256.
const challengeHeader = (algorithm: string) =>
  `Digest realm="http-auth@example.org", qop="auth, auth-int", algorithm=${algorithm}, nonce="7ypf/xlj9XXwfDPEoM4URrv/xwf94BcCAzFZH4GiTo0v", opaque="FQhe/qaU925kfnzjCev0ciny7QMkPqMAFRtzCUYo5tdS"`;
const inputs = {
  username: 'Mufasa',
  password: 'Circle of Life',
  method: 'GET',
  uri: '/dir/index.html',
  cnonce: 'f2/wE4q74E6zIJEtWaHKaf5wv/H5QzzpXusqGemxURZJ',
};

describe('Digest (RFC 7616)', () => {
  it('answers the RFC example with its published MD5 and SHA-256 responses', () => {
    for (const [algorithm, response] of [
      ['MD5', '8ca523f5e9506fed4657c9700eebdbec'],
      ['SHA-256', '753927fa0e85d155564e2e272a28d1802ca10daf4496794697cf8db5856cb6c1'],
    ]) {
      const challenge = pickDigestChallenge(parseChallenges(challengeHeader(algorithm!)));
      if (typeof challenge === 'string') throw new Error(challenge);
      const header = digestAuthorization(challenge, inputs);
      expect(header).toContain(`response="${response}"`);
      expect(header).toContain(
        'qop=auth, nc=00000001, cnonce="f2/wE4q74E6zIJEtWaHKaf5wv/H5QzzpXusqGemxURZJ"',
      );
      expect(header).toContain('opaque="FQhe/qaU925kfnzjCev0ciny7QMkPqMAFRtzCUYo5tdS"');
    }
  });

  it('picks the strongest of several challenges, and refuses what it cannot answer', () => {
    const both = parseChallenges(`${challengeHeader('MD5')}, ${challengeHeader('SHA-256')}, Basic realm="x"`);
    expect(both.map((challenge) => challenge.scheme)).toEqual(['digest', 'digest', 'basic']);
    const picked = pickDigestChallenge(both);
    expect(typeof picked === 'string' ? picked : picked.params.algorithm).toBe('SHA-256');
    expect(pickDigestChallenge(parseChallenges('Digest realm="r", nonce="n", qop="auth-int"'))).toMatch(
      /no Digest challenge runner can answer \(offered MD5\/auth-int/,
    );
    expect(pickDigestChallenge(parseChallenges('Bearer realm="r"'))).toBe(
      'the server answered 401 offering Bearer, not Digest',
    );
    expect(pickDigestChallenge(parseChallenges(''))).toBe(
      'the server answered 401 without a challenge (no WWW-Authenticate header)',
    );
  });

  it('reads quoted strings with commas and escaped quotes', () => {
    expect(parseChallenges('Bearer realm="a, \\"b\\"", error="invalid_token"')).toEqual([
      { scheme: 'bearer', params: { realm: 'a, "b"', error: 'invalid_token' } },
    ]);
  });
});
