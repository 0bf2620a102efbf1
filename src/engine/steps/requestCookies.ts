import { findHeader, type HttpRequest, type HttpResponse, type ScenarioCookieJar } from '../../http/index.js';
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
  if (own !== undefined) for (const pair of own.split(';')) registerSecretCookie(pair.split('='), secrets);
  return new StepCookies(jar, own !== undefined, secrets);
}

/** One per request step: a class, so each is one small object rather than two closures and a record. */
class StepCookies implements ExchangeCookies {
  /** Undefined when cookies are off (`http.cookies: false`). */
  readonly #jar: ScenarioCookieJar | undefined;
  /** The step sent its own `Cookie` header: the jar still keeps what servers set, but adds nothing. */
  readonly #ownHeader: boolean;
  readonly #secrets: SecretRegistry;

  constructor(jar: ScenarioCookieJar | undefined, ownHeader: boolean, secrets: SecretRegistry) {
    this.#jar = jar;
    this.#ownHeader = ownHeader;
    this.#secrets = secrets;
  }

  prepare(request: HttpRequest): HttpRequest {
    if (this.#ownHeader || this.#jar === undefined) return request;
    const header = this.#jar.cookieHeader(request.url);
    if (header === undefined) return request;
    return { ...request, headers: { ...request.headers, cookie: header } };
  }

  // Most responses set no cookie: those are done without a promise (one less turn per request).
  receive(response: HttpResponse, url: string): Promise<void> | undefined {
    const lines = response.setCookie ?? [];
    if (lines.length === 0) return undefined;
    for (const { name, value } of setCookiePairs(lines)) registerSecretCookie([name, value], this.#secrets);
    return this.#jar?.store(lines, url);
  }
}

function registerSecretCookie([name, ...value]: string[], secrets: SecretRegistry): void {
  const text = value.join('=').trim();
  if (name !== undefined && text !== '' && isSecretCookieName(name.trim())) secrets.add(text);
}
