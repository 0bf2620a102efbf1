import type { HttpClient, HttpRequest, HttpResponse } from '../../http/index.js';
import type { Masker } from '../../masking/index.js';
import type { RedirectHop } from '../results.js';

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

export interface FollowedResponse {
  response: HttpResponse;
  /** The URL that gave the final response. */
  url: string;
  hops: RedirectHop[];
  /** Latency of every exchange together: the budget `timing.max` is compared with. */
  totalMs: number;
  /** The request that got the final response (a 303 turns it into a GET), for the contract check. */
  method: string;
}

/** A failure on the way: the hops followed so far stay with it, so the report shows how it got there. */
export class RedirectFailure extends Error {
  constructor(
    message: string,
    readonly hops: RedirectHop[],
  ) {
    super(message);
  }
}

/** Names that carry credentials by convention, beyond the masked fields (`X-Auth-Token`, `X-Session-Id`). */
const CREDENTIAL_LIKE_NAME = /auth|token|secret|password|session|cookie|api-?key/i;

/**
 * The headers of a hop, always taken from the step's own request: on a hop to an origin other than the step's,
 * credentials stay behind (headers with a masked name such as authorization or cookie, names that look like
 * credentials, any header whose value carries a known secret); a hop back to the step's origin sends them
 * again, as curl and Hurl do (DECISIONS, "Finer points (wave 3)").
 */
function headersForHop(
  stepHeaders: HttpRequest['headers'],
  toStepOrigin: boolean,
  masker: Masker,
): HttpRequest['headers'] {
  if (toStepOrigin) return { ...stepHeaders };
  return Object.fromEntries(
    Object.entries(stepHeaders).filter(
      ([name, value]) =>
        !masker.isSensitive([name]) &&
        !CREDENTIAL_LIKE_NAME.test(name) &&
        [value].flat().every((item) => masker.maskText(item) === item),
    ),
  );
}

/** 303 turns any method but HEAD into GET; 301 and 302 turn POST into GET, as browsers and curl do. */
function methodForHop(status: number, method: string): { method: string; keepsBody: boolean } {
  if ((status === 303 && method !== 'HEAD') || ((status === 301 || status === 302) && method === 'POST')) {
    return { method: 'GET', keepsBody: false };
  }
  return { method, keepsBody: true };
}

/** What the cookie jar does around each exchange, redirects included (DECISIONS, "HTTP", `cookies`). */
export interface ExchangeCookies {
  /** The request with the jar's cookies added, unless the step sent its own `Cookie` header. */
  prepare(request: HttpRequest): HttpRequest;
  /** Keeps what the response set; a promise only when there was something to store. */
  receive(response: HttpResponse, url: string): Promise<void> | undefined;
}

/**
 * Sends a request and follows redirects itself, at most `maxRedirects` hops (0: not at all), so every hop
 * is reported and goes through the client again, where the sandbox checks it like any request.
 */
export async function sendFollowingRedirects(
  http: HttpClient,
  request: HttpRequest,
  maxRedirects: number,
  masker: Masker,
  cookies?: ExchangeCookies,
): Promise<FollowedResponse> {
  let current = request;
  const hops: RedirectHop[] = [];
  let totalMs = 0;
  /** Worked out at the first redirect: most requests have none, and parsing the URL showed per request. */
  let stepOrigin: string | undefined;
  /** Once a hop turned the request into a bodiless GET, every later hop is one too. */
  let bodyDropped = false;
  for (;;) {
    let response: HttpResponse;
    try {
      response = await http.send(cookies === undefined ? current : cookies.prepare(current));
      const storing = cookies?.receive(response, current.url);
      if (storing !== undefined) await storing;
    } catch (error) {
      if (hops.length === 0) throw error;
      const reason = error instanceof Error ? error.message : String(error);
      throw new RedirectFailure(`following the redirect to ${current.url}: ${reason}`, hops);
    }
    totalMs += response.durationMs;
    const location = response.headers.location;
    if (maxRedirects === 0 || !REDIRECT_STATUSES.has(response.status) || location === undefined) {
      return { response, url: current.url, hops, totalMs, method: current.method };
    }
    const next = new URL(location, current.url).toString();
    if (hops.length >= maxRedirects) {
      throw new RedirectFailure(
        `more than ${maxRedirects} redirects (http.maxRedirects); the last one pointed to ${next}`,
        hops,
      );
    }
    hops.push({ status: response.status, from: current.url, to: next });
    stepOrigin ??= new URL(request.url).origin;
    const toStepOrigin = new URL(next).origin === stepOrigin;
    const { method, keepsBody } = methodForHop(response.status, current.method);
    if (!toStepOrigin && keepsBody && carriesSecret(current.body, masker)) {
      throw new RedirectFailure(
        `not following the ${response.status} redirect to ${new URL(next).origin}: it would send the request body, which carries credentials, to another origin`,
        hops,
      );
    }
    if (!keepsBody) bodyDropped = true;
    const headers = headersForHop(request.headers, toStepOrigin, masker);
    if (bodyDropped) {
      for (const name of Object.keys(headers))
        if (/^content-(type|length)$/i.test(name)) delete headers[name];
    }
    current = { ...current, method, url: next, headers, body: keepsBody ? current.body : undefined };
  }
}

function carriesSecret(body: HttpRequest['body'], masker: Masker): boolean {
  if (body === undefined) return false;
  const text = typeof body === 'string' ? body : Buffer.from(body).toString('latin1');
  return masker.maskText(text) !== text;
}
