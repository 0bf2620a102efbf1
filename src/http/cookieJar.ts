import type { CookieJar } from 'tough-cookie';

/** One cookie as the jar holds it, for `cookies.<name>` and `cookies.<name>.<attr>` paths. */
export interface CookieView {
  name: string;
  value: string;
  domain?: string;
  path?: string;
  /** RFC 3339, absent for a session cookie or one with only `max-age`. */
  expires?: string;
  maxAge?: number;
  secure: boolean;
  httpOnly: boolean;
  sameSite?: string;
}

/** The cookies of one scenario execution (DECISIONS, "HTTP": `use` fragments share it). */
export interface ScenarioCookieJar {
  /** The `cookie` header the jar would send to `url`; undefined when it holds none for it. */
  cookieHeader(url: string): string | undefined;
  /** Keeps the `set-cookie` lines of a response to `url` (RFC 6265 decides which are accepted). */
  store(setCookies: readonly string[], url: string): Promise<void>;
  /** The cookie named `name` the jar would send to `url`, attributes included. */
  find(name: string, url: string): CookieView | undefined;
}

/**
 * A jar that loads tough-cookie only when the first `set-cookie` arrives. It follows RFC 6265bis on
 * secure contexts: `localhost` and loopback count as secure, so a `Secure` cookie from a local test
 * server comes back (DECISIONS, "Finer points").
 */
export function createScenarioCookieJar(): ScenarioCookieJar {
  let jar: CookieJar | undefined;
  const cookiesFor = (url: string) => jar?.getCookiesSync(url) ?? [];
  return {
    cookieHeader(url) {
      if (jar === undefined) return undefined;
      const header = jar.getCookieStringSync(url);
      return header === '' ? undefined : header;
    },
    async store(setCookies, url) {
      if (setCookies.length === 0) return;
      if (jar === undefined) {
        const { CookieJar: Jar } = await import('./toughCookie.js');
        jar ??= new Jar(undefined, { allowSecureOnLocal: true, rejectPublicSuffixes: true });
      }
      // A malformed or refused cookie is left out, as a browser would: it is no failure of the step.
      for (const line of setCookies) jar.setCookieSync(line, url, { ignoreError: true });
    },
    find(name, url) {
      const cookie = cookiesFor(url).find((candidate) => candidate.key === name);
      if (cookie === undefined) return undefined;
      // `Max-Age` wins over `Expires` (RFC 6265 5.3): the jar's own expiry time says when it goes.
      const expiry = cookie.expiryDate();
      const expires =
        expiry !== undefined && Number.isFinite(expiry.getTime()) ? expiry.toISOString() : undefined;
      const maxAge = typeof cookie.maxAge === 'number' ? cookie.maxAge : undefined;
      return {
        name: cookie.key,
        value: cookie.value,
        ...(cookie.domain === null || cookie.domain === undefined ? {} : { domain: cookie.domain }),
        ...(cookie.path === null || cookie.path === undefined ? {} : { path: cookie.path }),
        ...(expires === undefined ? {} : { expires }),
        ...(maxAge === undefined ? {} : { maxAge }),
        secure: cookie.secure,
        httpOnly: cookie.httpOnly,
        ...(cookie.sameSite === undefined ? {} : { sameSite: cookie.sameSite }),
      };
    },
  };
}
