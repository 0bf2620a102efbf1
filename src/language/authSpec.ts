/**
 * `auth:` on a step or an environment (DECISIONS, Wave 3 "Auth"), as typed data. Values stay templates
 * (usually `$accounts.<account>.<field>`); the engine fills them in when the request is compiled.
 */
import type { SourceLocation } from '../diagnostics/location.js';

export const AUTH_SCHEMES = ['basic', 'bearer', 'digest', 'awsSigV4', 'oauth2'] as const;

export const OAUTH2_GRANTS = ['client_credentials', 'password', 'refresh_token'] as const;
export type OAuth2Grant = (typeof OAUTH2_GRANTS)[number];

/** How the client proves itself to the token endpoint (DECISIONS, "Finer points (wave 3)": basic by default). */
export type OAuth2ClientAuth = 'basic' | 'body';

export interface OAuth2Spec {
  grant: OAuth2Grant;
  tokenUrl: string;
  clientId: string;
  clientSecret?: string;
  scope?: string;
  audience?: string;
  username?: string;
  password?: string;
  refreshToken?: string;
  clientAuth: OAuth2ClientAuth;
}

export interface AwsSigV4Spec {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
  region: string;
  service: string;
}

export type AuthSpec = (
  | { scheme: 'none' }
  | { scheme: 'basic'; username: string; password: string }
  | { scheme: 'bearer'; token: string }
  | { scheme: 'digest'; username: string; password: string }
  | ({ scheme: 'awsSigV4' } & AwsSigV4Spec)
  | ({ scheme: 'oauth2' } & OAuth2Spec)
) & { loc: SourceLocation };

/** Schemes users ask for that runner does not speak; `validate`, `convert` and imports name them. */
export const REFUSED_AUTH_SCHEMES: Readonly<Record<string, string>> = {
  ntlm: 'NTLM',
  negotiate: 'Negotiate (SPNEGO)',
  kerberos: 'Kerberos',
  hawk: 'Hawk',
};

/** The sentence that refuses one of REFUSED_AUTH_SCHEMES. */
export function refusedAuthMessage(name: string): string {
  return `${name} authentication is not supported: runner speaks basic, bearer, digest, awsSigV4 and oauth2`;
}

/**
 * The auth that applies to a request (DECISIONS, Wave 3 "Auth"): the step's own wins; the environment's
 * applies unless the step writes `Authorization` itself; `none` sends nothing (undefined).
 */
export function chooseAuth(
  own: AuthSpec | undefined,
  environment: AuthSpec | undefined,
  headers: Readonly<Record<string, unknown>>,
): Exclude<AuthSpec, { scheme: 'none' }> | undefined {
  const writesAuthorization = Object.keys(headers).some((name) => name.toLowerCase() === 'authorization');
  const chosen = own ?? (writesAuthorization ? undefined : environment);
  return chosen === undefined || chosen.scheme === 'none' ? undefined : chosen;
}

const text = (value: unknown): string | undefined =>
  value === undefined || value === null ? undefined : String(value);

function optionalTexts<K extends string>(
  source: Record<string, unknown>,
  keys: readonly K[],
): Partial<Record<K, string>> {
  const out: Partial<Record<K, string>> = {};
  for (const key of keys) {
    const value = text(source[key]);
    if (value !== undefined) out[key] = value;
  }
  return out;
}

/**
 * The `auth` value of a step or an environment after its shape was checked (plain data, as `toPlain` gives
 * it); undefined when there is none.
 */
export function buildAuth(value: unknown, loc: SourceLocation): AuthSpec | undefined {
  if (value === 'none') return { scheme: 'none', loc };
  if (value === null || typeof value !== 'object') return undefined;
  const map = value as Record<string, unknown>;
  const scheme = AUTH_SCHEMES.find((name) => map[name] !== undefined);
  if (scheme === undefined) return undefined;
  const inner = map[scheme];
  if (scheme === 'bearer') return { scheme, token: text(inner) ?? '', loc };
  const fields = (inner ?? {}) as Record<string, unknown>;
  const get = (key: string): string => text(fields[key]) ?? '';
  switch (scheme) {
    case 'basic':
    case 'digest':
      return { scheme, username: get('username'), password: get('password'), loc };
    case 'awsSigV4':
      return {
        scheme,
        accessKeyId: get('accessKeyId'),
        secretAccessKey: get('secretAccessKey'),
        region: get('region'),
        service: get('service'),
        ...optionalTexts(fields, ['sessionToken']),
        loc,
      };
    case 'oauth2':
      return {
        scheme,
        grant: get('grant') as OAuth2Grant,
        tokenUrl: get('tokenUrl'),
        clientId: get('clientId'),
        clientAuth: fields.clientAuth === 'body' ? 'body' : 'basic',
        ...optionalTexts(fields, [
          'clientSecret',
          'scope',
          'audience',
          'username',
          'password',
          'refreshToken',
        ]),
        loc,
      };
  }
}
