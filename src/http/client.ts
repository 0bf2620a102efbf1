import { createRequire } from 'node:module';
import { ACCEPTED_ENCODINGS } from './contentDecoding.js';
import { createDispatchers } from './dispatchers.js';
import { endpointKey } from './endpoint.js';
import { hasExpectHeader } from './expectContinue.js';
import { findHeader } from './headers.js';
import { HttpError } from './httpError.js';
import { collectResponse } from './collectResponse.js';
import { parserReason } from './parserReason.js';
import { checkHost } from './sandbox/policy.js';
import { toHttpError, type FailureContext } from './transportErrors.js';
import type { HttpClient, HttpClientOptions, HttpRequest, HttpResponse } from './types.js';

/**
 * Node's reason phrases, for HTTP/2 answers, which carry none. Read through `require`: an ES import of
 * node:http builds its module namespace, which reads every export, and Node 22's lazy `http.WebSocket`
 * then loads Node's internal copy of undici at every run (~30 ms of CPU, bench/README.md).
 */
const { STATUS_CODES } = createRequire(import.meta.url)('node:http') as typeof import('node:http');

function parseTarget(url: string): URL {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch (error) {
    throw new HttpError('protocol', `invalid URL \`${url}\``, { cause: error });
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new HttpError(
      'protocol',
      `unsupported URL scheme \`${parsed.protocol}\` in \`${url}\` (use http or https)`,
    );
  }
  return parsed;
}

/** `host:port` of a proxy, for messages: its credentials never appear there. */
function proxyHost(proxy: string): string {
  try {
    return new URL(proxy.includes('://') ? proxy : `http://${proxy}`).host;
  } catch {
    return 'the configured proxy';
  }
}

/**
 * DECISIONS, Platform: header values go on the wire as their UTF-8 bytes, as curl sends them. undici writes
 * header text as Latin-1 (one byte per character), so a value is handed over as the string whose characters
 * are its UTF-8 bytes. ASCII values, nearly all of them, are passed through untouched.
 */
/** Every character below 0x80 (a header value has no control characters left by now). */
function isAscii(text: string): boolean {
  for (let index = 0; index < text.length; index++) if (text.charCodeAt(index) > 0x7f) return false;
  return true;
}

function wireHeaders(
  headers: Readonly<Record<string, string | readonly string[]>>,
): Record<string, string | string[]> {
  const toWire = (value: string): string =>
    isAscii(value) ? value : Buffer.from(value, 'utf8').toString('latin1');
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) {
    out[name] = typeof value === 'string' ? toWire(value) : value.map(toWire);
  }
  return out;
}

/**
 * One client per run: an undici Agent keeps a keep-alive pool per origin, so steps reuse connections.
 * No redirect handling here: the engine follows redirects itself so each hop can be reported.
 */
export function createHttpClient(options: HttpClientOptions): HttpClient {
  const dispatchers = createDispatchers(options);
  const compressed = options.compressed ?? true;

  return {
    async send(request: HttpRequest): Promise<HttpResponse> {
      const url = parseTarget(request.url);
      // SPEC phase 4, before dispatch: the domain rules and IP-literal hosts. Addresses a name resolves to
      // are checked by the connector, on every new connection (see dialTargets).
      const blocked = options.sandbox === undefined ? undefined : checkHost(options.sandbox, url.hostname);
      if (blocked !== undefined) throw new HttpError('sandbox', blocked.message);
      const key = endpointKey(url.protocol, url.hostname, url.port);
      const headers = wireHeaders(request.headers);
      if (findHeader(headers, 'user-agent') === undefined) headers['user-agent'] = options.userAgent;
      // DECISIONS, `http.compressed`: a step's own accept-encoding wins; whatever was asked for is decoded.
      if (compressed && findHeader(headers, 'accept-encoding') === undefined)
        headers['accept-encoding'] = ACCEPTED_ENCODINGS;
      const route = dispatchers.route(url, { expect: hasExpectHeader(headers) });

      const context: FailureContext = {
        target:
          key.slice(key.indexOf('//') + 2) +
          (route.proxy === undefined ? '' : ` through proxy ${proxyHost(route.proxy)}`),
        hostname: url.hostname,
        timeoutMs: request.timeoutMs,
        timedOut: false,
        headersReceived: false,
      };
      const started = performance.now();
      try {
        const response = await collectResponse(
          route.dispatcher,
          {
            origin: url.origin,
            path: `${url.pathname}${url.search}`,
            method: request.method,
            headers,
            body: request.body ?? null,
            // Our deadline is the one limit; undici's own 300s header/body timers are turned off.
            headersTimeout: 0,
            bodyTimeout: 0,
            // Keep the connection after HEAD too: undici's default closes it, and with undici 7 every later
            // request to that origin then opened a fresh connection (seen in test/integration/http-client).
            reset: false,
          },
          {
            method: request.method,
            maxBytes: request.maxResponseBytes,
            decode: compressed,
            timeoutMs: request.timeoutMs,
            onTimeout: () => void (context.timedOut = true),
            onHeaders: () => void (context.headersReceived = true),
            signal: request.signal,
          },
        );
        const connection =
          route.proxy === undefined ? route.connector?.connection(key) : route.connector?.tunnel(key);
        return {
          status: response.status,
          statusText: response.statusText || (STATUS_CODES[response.status] ?? ''),
          // Plain http through a proxy speaks to the proxy: only HTTP/1.1 can be assumed, and nothing is known.
          httpVersion: connection?.httpVersion ?? '1.1',
          ...(connection?.remoteAddress === undefined ? {} : { remoteAddress: connection.remoteAddress }),
          ...(connection?.certificate === undefined ? {} : { certificate: connection.certificate }),
          headers: response.headers,
          setCookie: response.setCookie,
          body: response.body,
          ...(response.encoding === undefined ? {} : { encoding: response.encoding }),
          ...(route.proxy === undefined ? {} : { proxy: route.proxy }),
          durationMs: performance.now() - started,
        };
      } catch (error) {
        const head = route.connector?.rejectedHead(error);
        if (head !== undefined) context.parserReason = await parserReason(head);
        throw toHttpError(route.connector?.takeTlsAlert(key) ?? error, context);
      }
    },

    async close(): Promise<void> {
      await dispatchers.close();
    },
  };
}
