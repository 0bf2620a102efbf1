/**
 * Cookies in output (docs/masking.md, "Cookies"): a `Cookie` or `Set-Cookie` header shows every cookie's name
 * and attributes, and the value only of cookies whose name does not look secret. A session id is as good as a
 * password; a `theme=dark` helps whoever reads a failure. Values that are known secrets go whatever the name.
 */
import { MASK } from './fields.js';

/**
 * Cookie names that carry credentials by convention (DECISIONS, "HTTP"): sessions (`JSESSIONID`, `sid`,
 * `connect.sid`), tokens, auth, JWTs, keys, passwords, secrets, CSRF tokens and "remember me" logins.
 */
const SECRET_COOKIE_NAME =
  /sess|token|auth|jwt|secret|pass|key|csrf|xsrf|remember|login|(^|[^a-z])sid($|[^a-z])/i;

export function isSecretCookieName(name: string): boolean {
  return SECRET_COOKIE_NAME.test(name);
}

/** `name=value` pairs of `set-cookie` lines, without parsing attributes (what the engine registers as secrets). */
export function setCookiePairs(setCookies: readonly string[]): { name: string; value: string }[] {
  return setCookies.map((line) => {
    const pair = line.split(';', 1)[0] ?? '';
    const equals = pair.indexOf('=');
    return equals < 0
      ? { name: '', value: pair.trim() }
      : { name: pair.slice(0, equals).trim(), value: pair.slice(equals + 1).trim() };
  });
}

export type CookieHeader = 'cookie' | 'set-cookie';

// A cookie's value holds no `;`, `,` or white space (RFC 6265, cookie-octet). In a `Set-Cookie` line only the
// first pair is the cookie (the rest are attributes); lines joined with `, ` start again after the comma,
// where an `Expires` date's comma is followed by a day number, never by `name=`.
const SET_COOKIE_PAIR = /(^|,)(\s*)([^=;,\s]+)=([^;,]*)/g;
const COOKIE_PAIR = /(^|;)(\s*)([^=;]+?)=([^;]*)/g;

/** `text` (one header value) with the values of secret-looking cookies replaced by `[MASKED]`. */
export function maskCookieHeader(
  text: string,
  header: CookieHeader,
  isSecretName: (name: string) => boolean,
): string {
  const pattern = header === 'cookie' ? COOKIE_PAIR : SET_COOKIE_PAIR;
  return text.replace(pattern, (pair, start: string, space: string, name: string, value: string) =>
    value.trim() !== '' && (isSecretCookieName(name) || isSecretName(name))
      ? `${start}${space}${name}=${MASK}`
      : pair,
  );
}
