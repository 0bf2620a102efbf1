import {
  findHeader,
  isSecretCookieName,
  setCookiePairs,
  type HttpRequest,
  type ScenarioCookieJar,
} from '../../http/index.js';
import type { SecretRegistry } from '../../masking/index.js';
import type { ExchangeCookies } from './redirects.js';

/**
 * The jar around one request step. A step's own `Cookie` header replaces the jar's for that request
 * (DECISIONS, "HTTP"); on a redirect the jar decides afresh for the next URL, as browsers and curl do.
 * Values of cookies whose names look secret become secrets, so every output masks them.
 */
export function exchangeCookies(
  jar: ScenarioCookieJar,
  stepHeaders: Readonly<Record<string, string | readonly string[]>>,
  secrets: SecretRegistry,
): ExchangeCookies {
  const ownCookie = findHeader(stepHeaders, 'cookie') !== undefined;
  return {
    prepare(request: HttpRequest): HttpRequest {
      if (ownCookie) return request;
      const header = jar.cookieHeader(request.url);
      if (header === undefined) return request;
      return { ...request, headers: { ...request.headers, cookie: header } };
    },
    async receive(response, url) {
      const lines = response.setCookie ?? [];
      if (lines.length === 0) return;
      for (const { name, value } of setCookiePairs(lines)) if (isSecretCookieName(name)) secrets.add(value);
      await jar.store(lines, url);
    },
  };
}
