import { findHeader, type HttpRequest, type ScenarioCookieJar } from '../../http/index.js';
import { isSecretCookieName, setCookiePairs, type SecretRegistry } from '../../masking/index.js';
import type { ExchangeCookies } from './redirects.js';

/**
 * The jar around one request step. A step's own `Cookie` header replaces the jar's for that request
 * (DECISIONS, "HTTP"); on a redirect the jar decides afresh for the next URL, as browsers and curl do.
 * Values of cookies whose names look secret become secrets, so every output masks them: those a server
 * sets and those the step sends itself, with the jar off too (`http.cookies: false`).
 */
export function exchangeCookies(
  jar: ScenarioCookieJar | undefined,
  stepHeaders: Readonly<Record<string, string | readonly string[]>>,
  secrets: SecretRegistry,
): ExchangeCookies {
  const own = findHeader(stepHeaders, 'cookie');
  for (const pair of own?.split(';') ?? []) registerSecretCookie(pair.split('='), secrets);
  return {
    prepare(request: HttpRequest): HttpRequest {
      if (own !== undefined || jar === undefined) return request;
      const header = jar.cookieHeader(request.url);
      if (header === undefined) return request;
      return { ...request, headers: { ...request.headers, cookie: header } };
    },
    // Most responses set no cookie: those are done without a promise (one less turn per request).
    receive(response, url) {
      const lines = response.setCookie ?? [];
      if (lines.length === 0) return undefined;
      for (const { name, value } of setCookiePairs(lines)) registerSecretCookie([name, value], secrets);
      return jar?.store(lines, url);
    },
  };
}

function registerSecretCookie([name, ...value]: string[], secrets: SecretRegistry): void {
  const text = value.join('=').trim();
  if (name !== undefined && text !== '' && isSecretCookieName(name.trim())) secrets.add(text);
}
