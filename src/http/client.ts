import { STATUS_CODES } from 'node:http';
import { Socket } from 'node:net';
import { Agent, buildConnector } from 'undici';
import { findHeader } from './headers.js';
import { HttpError } from './httpError.js';
import { readCappedBody } from './readCappedBody.js';
import { toHttpError, type FailureContext } from './transportErrors.js';
import type { HttpClient, HttpClientOptions, HttpRequest, HttpResponse } from './types.js';

const DEFAULT_PORTS: Record<string, string> = { 'http:': '80', 'https:': '443' };

/** `host:port` without IPv6 brackets, so keys from URLs and from undici's connect options agree. */
function endpointKey(protocol: string, hostname: string, port: string): string {
  const bare = hostname.startsWith('[') ? hostname.slice(1, -1) : hostname;
  return `${protocol}//${bare}:${port === '' ? (DEFAULT_PORTS[protocol] ?? '') : port}`;
}

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

function joinHeaders(raw: Record<string, string | string[] | undefined>): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return headers;
}

/** Content-Length describes a body only when one can follow (not for HEAD, 204 or 304). */
function declaredBodyLength(
  method: string,
  status: number,
  headers: Record<string, string>,
): number | undefined {
  const declared = headers['content-length'];
  if (declared === undefined || method.toUpperCase() === 'HEAD' || status === 204 || status === 304)
    return undefined;
  const length = Number(declared);
  return Number.isFinite(length) ? length : undefined;
}

/**
 * One client per run: an undici Agent keeps a keep-alive pool per origin, so steps reuse connections.
 * No redirect handling here: the engine follows redirects itself so each hop can be reported.
 */
export function createHttpClient(options: HttpClientOptions): HttpClient {
  // undici does not say which protocol served a response, so remember what ALPN chose per endpoint.
  const negotiated = new Map<string, string>();
  // Sockets still connecting when the client closes would keep the process alive; track them to destroy.
  const connecting = new Set<Socket>();
  const baseConnect = buildConnector({
    rejectUnauthorized: !options.insecure,
    ...(options.ca === undefined ? {} : { ca: Buffer.from(options.ca) }),
    allowH2: options.http2,
    // The request deadline covers connecting (HttpRequest.timeoutMs); 0 disables undici's separate 10s limit.
    timeout: 0,
  });
  const connect: buildConnector.connector = (connectOptions, callback) => {
    const key = endpointKey(connectOptions.protocol, connectOptions.hostname, connectOptions.port);
    let socket: Socket | undefined;
    const result: unknown = baseConnect(connectOptions, (...args) => {
      if (socket !== undefined) connecting.delete(socket);
      const [error, connected] = args;
      if (error === null)
        negotiated.set(key, 'alpnProtocol' in connected ? String(connected.alpnProtocol) : 'http/1.1');
      callback(...args);
    });
    // buildConnector returns the socket it opened although its type says void.
    if (result instanceof Socket) {
      socket = result;
      connecting.add(socket);
    }
  };
  // Steps run one after another, so one connection per origin is enough. Without the cap undici opens a
  // second socket when the next request is dispatched in the same tick the previous body ended.
  const agent = new Agent({ connect, allowH2: options.http2, connections: 1 });

  return {
    async send(request: HttpRequest): Promise<HttpResponse> {
      const url = parseTarget(request.url);
      const key = endpointKey(url.protocol, url.hostname, url.port);
      const headers = { ...request.headers };
      if (findHeader(headers, 'user-agent') === undefined) headers['user-agent'] = options.userAgent;

      const deadline = new AbortController();
      const signal = request.signal ? AbortSignal.any([deadline.signal, request.signal]) : deadline.signal;
      const context: FailureContext = {
        target: key.slice(key.indexOf('//') + 2),
        hostname: url.hostname,
        timeoutMs: request.timeoutMs,
        timedOut: false,
        headersReceived: false,
      };
      const timer = setTimeout(() => {
        context.timedOut = true;
        deadline.abort();
      }, request.timeoutMs);

      const started = performance.now();
      try {
        const response = await agent.request({
          origin: url.origin,
          path: `${url.pathname}${url.search}`,
          method: request.method,
          headers,
          body: request.body ?? null,
          signal,
          // Our deadline is the one limit; undici's own 300s header/body timers are turned off.
          headersTimeout: 0,
          bodyTimeout: 0,
          // Keep the connection after HEAD too: undici's default closes it, and with undici 7 every later
          // request to that origin then opened a fresh connection (seen in test/integration/http-client).
          reset: false,
        });
        context.headersReceived = true;
        const responseHeaders = joinHeaders(response.headers);
        const body = await readCappedBody(
          response.body,
          request.maxResponseBytes,
          declaredBodyLength(request.method, response.statusCode, responseHeaders),
        );
        const durationMs = performance.now() - started;
        return {
          status: response.statusCode,
          statusText: response.statusText || (STATUS_CODES[response.statusCode] ?? ''),
          httpVersion: negotiated.get(key) === 'h2' ? '2' : '1.1',
          headers: responseHeaders,
          body,
          durationMs,
        };
      } catch (error) {
        throw toHttpError(error, context);
      } finally {
        clearTimeout(timer);
      }
    },

    async close(): Promise<void> {
      for (const socket of connecting) socket.destroy();
      connecting.clear();
      await agent.destroy();
    },
  };
}
