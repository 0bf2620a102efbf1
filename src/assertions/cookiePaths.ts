import type { Resolved } from './subject.js';

/**
 * One cookie as the step's jar holds it. src/assertions may not import src/http, so this mirrors the jar's
 * CookieView; the engine hands the jar's lookup over as it is (steps/request.ts), so TypeScript fails the
 * build if the two drift apart.
 */
export interface CookieAttributes {
  name: string;
  value: string;
  domain?: string;
  path?: string;
  /** RFC 3339; absent for a session cookie. */
  expires?: string;
  maxAge?: number;
  secure: boolean;
  httpOnly: boolean;
  sameSite?: string;
}

/** The cookie of that name the jar would send to the step's final URL (DECISIONS, "Finer points"). */
export type CookieLookup = (name: string) => CookieAttributes | undefined;

/** `cookies.<name>.<attr>` (DECISIONS, "Language additions"). */
const COOKIE_ATTRIBUTES = ['domain', 'path', 'expires', 'maxAge', 'secure', 'httpOnly', 'sameSite'] as const;
type CookieAttribute = (typeof COOKIE_ATTRIBUTES)[number];

function isAttribute(text: string): text is CookieAttribute {
  return (COOKIE_ATTRIBUTES as readonly string[]).includes(text);
}

/** `session.httpOnly` → name `session`, attribute `httpOnly`; `a.b` (no attribute) → the cookie `a.b`. */
export function splitCookiePath(rest: string): { name: string; attribute?: CookieAttribute } {
  const dot = rest.lastIndexOf('.');
  const last = rest.slice(dot + 1);
  return dot > 0 && isAttribute(last) ? { name: rest.slice(0, dot), attribute: last } : { name: rest };
}

const missing = (message: string): Resolved => ({ found: false, message, available: [] });

/** The value of `cookies.<rest>`: the cookie's value, or one of its attributes. */
export function resolveCookiePath(lookup: CookieLookup | undefined, rest: string): Resolved {
  if (rest === '') return missing('name a cookie: `cookies.<name>` or `cookies.<name>.<attribute>`');
  if (lookup === undefined) return missing('this step has no cookie jar (`http.cookies: false`)');
  const { name, attribute } = splitCookiePath(rest);
  const cookie = lookup(name);
  if (cookie === undefined) return missing(`no cookie \`${name}\` in the jar for this URL`);
  if (attribute === undefined) return { found: true, value: cookie.value };
  const value = cookie[attribute];
  if (value === undefined) {
    return missing(
      attribute === 'expires' || attribute === 'maxAge'
        ? `cookie \`${name}\` has no \`${attribute}\` (it may be a session cookie)`
        : `cookie \`${name}\` has no \`${attribute}\``,
    );
  }
  return { found: true, value };
}
