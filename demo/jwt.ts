import { createHmac, timingSafeEqual } from 'node:crypto';

/** The claims the demo puts into its tokens. */
export interface DemoClaims {
  sub: string;
  name: string;
  role: string;
  iat: number;
  exp: number;
}

function base64url(data: string | Buffer): string {
  return Buffer.from(data).toString('base64url');
}

function sign(input: string, secret: Uint8Array): Buffer {
  return createHmac('sha256', secret).update(input).digest();
}

/** A compact HS256 JWT (RFC 7519), so the runner's JWT decoding has something real to read. */
export function signJwt(claims: DemoClaims, secret: Uint8Array): string {
  const input = `${base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${base64url(JSON.stringify(claims))}`;
  return `${input}.${base64url(sign(input, secret))}`;
}

function isClaims(value: unknown): value is DemoClaims {
  if (value === null || typeof value !== 'object') return false;
  return 'sub' in value && typeof value.sub === 'string' && 'exp' in value && typeof value.exp === 'number';
}

/** The claims of a token this server signed and that has not expired; undefined for anything else. */
export function verifyJwt(token: string, secret: Uint8Array, nowSeconds: number): DemoClaims | undefined {
  const parts = token.split('.');
  if (parts.length !== 3) return undefined;
  const [header, payload, signature] = parts as [string, string, string];
  const expected = sign(`${header}.${payload}`, secret);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  let claims: unknown;
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
  return isClaims(claims) && claims.exp > nowSeconds ? claims : undefined;
}
