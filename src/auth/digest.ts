/**
 * HTTP Digest access authentication, RFC 7616: the `Authorization` answer to a server's `Digest` challenge,
 * with `qop=auth` (or RFC 2069's form when the server offers no qop), algorithms MD5, SHA-256 and
 * SHA-512-256 and their `-sess` variants. `auth-int` is refused with a clear message rather than sent wrong.
 */
import { createHash } from 'node:crypto';
import type { Challenge } from './challenges.js';

const HASHES: Record<string, string> = { md5: 'md5', 'sha-256': 'sha256', 'sha-512-256': 'sha512-256' };

/** Strongest first: a server offering several Digest challenges gets the best one we speak (RFC 7616 3.7). */
const PREFERENCE = ['sha-512-256', 'sha-256', 'md5'];

function baseAlgorithm(challenge: Challenge): string {
  return (challenge.params.algorithm ?? 'MD5').toLowerCase().replace(/-sess$/, '');
}

/** `basic` as servers write it: `Basic`. */
const schemeName = (scheme: string): string => scheme.charAt(0).toUpperCase() + scheme.slice(1, 40);

/** The Digest challenge to answer, or a reason why none can be. */
export function pickDigestChallenge(challenges: readonly Challenge[]): Challenge | string {
  const digests = challenges.filter((challenge) => challenge.scheme === 'digest');
  if (digests.length === 0) {
    // Say what the server did offer: a Basic or Bearer realm is a different fix than a missing header.
    const offered = [...new Set(challenges.map((challenge) => challenge.scheme))].slice(0, 5);
    return offered.length === 0
      ? 'the server answered 401 without a challenge (no WWW-Authenticate header)'
      : `the server answered 401 offering ${offered.map(schemeName).join(', ')}, not Digest`;
  }
  const usable = digests.filter(
    (challenge) => HASHES[baseAlgorithm(challenge)] !== undefined && offersAuth(challenge) !== false,
  );
  if (usable.length === 0) {
    const offered = digests.map(
      (challenge) => `${challenge.params.algorithm ?? 'MD5'}/${challenge.params.qop ?? '-'}`,
    );
    return `no Digest challenge runner can answer (offered ${offered.join(', ')}; runner speaks MD5, SHA-256 and SHA-512-256 with qop=auth)`;
  }
  return usable.sort(
    (a, b) => PREFERENCE.indexOf(baseAlgorithm(a)) - PREFERENCE.indexOf(baseAlgorithm(b)),
  )[0]!;
}

/** true: `qop` offers `auth`; undefined: no `qop` at all (RFC 2069); false: only what we do not speak. */
function offersAuth(challenge: Challenge): boolean | undefined {
  const qop = challenge.params.qop;
  if (qop === undefined) return undefined;
  return qop
    .split(',')
    .map((option) => option.trim().toLowerCase())
    .includes('auth');
}

const quoted = (value: string): string => `"${value.replace(/(["\\])/g, '\\$1')}"`;

export interface DigestInputs {
  username: string;
  password: string;
  method: string;
  /** The request target as sent: path and query. */
  uri: string;
  /** A fresh client nonce (hex); passed in so tests can fix it. */
  cnonce: string;
}

/** The `Authorization` header value answering `challenge` (RFC 7616 section 3.4). */
export function digestAuthorization(challenge: Challenge, inputs: DigestInputs): string {
  const { params } = challenge;
  const algorithmName = params.algorithm ?? 'MD5';
  const algorithm = HASHES[baseAlgorithm(challenge)] ?? 'md5';
  const hash = (text: string): string => createHash(algorithm).update(text, 'utf8').digest('hex');
  const realm = params.realm ?? '';
  const nonce = params.nonce ?? '';
  const nc = '00000001';
  let ha1 = hash(`${inputs.username}:${realm}:${inputs.password}`);
  if (/-sess$/i.test(algorithmName)) ha1 = hash(`${ha1}:${nonce}:${inputs.cnonce}`);
  const ha2 = hash(`${inputs.method}:${inputs.uri}`);
  const withQop = offersAuth(challenge) === true;
  const response = withQop
    ? hash(`${ha1}:${nonce}:${nc}:${inputs.cnonce}:auth:${ha2}`)
    : hash(`${ha1}:${nonce}:${ha2}`);
  const fields = [
    `username=${quoted(inputs.username)}`,
    `realm=${quoted(realm)}`,
    `nonce=${quoted(nonce)}`,
    `uri=${quoted(inputs.uri)}`,
    `algorithm=${algorithmName}`,
    `response=${quoted(response)}`,
    ...(withQop ? ['qop=auth', `nc=${nc}`, `cnonce=${quoted(inputs.cnonce)}`] : []),
    ...(params.opaque === undefined ? [] : [`opaque=${quoted(params.opaque)}`]),
  ];
  return `Digest ${fields.join(', ')}`;
}
