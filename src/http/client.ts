import { ACCEPTED_ENCODINGS } from './contentDecoding.js';
import { endpointKey } from './endpoint.js';
import { HttpError } from './httpError.js';
import { collectResponse } from './collectResponse.js';
import type { ConnectionFacts } from './connectionFacts.js';
import { lookupReturning } from './connector.js';
import { createDeadlines } from './deadlines.js';
import { dialTargets } from './dialTargets.js';
import { systemResolver, type HostResolver } from './hostResolver.js';
import { nodeHttp } from './nodeModules.js';
import { findPin } from './pinnedHosts.js';
import { proxyFor } from './proxyRoute.js';
import { streamResponse } from './streamResponse.js';
import { checkHost } from './sandbox/policy.js';
import { createTransport, type Exchange } from './transport.js';
import { toHttpError, type FailureContext } from './transportErrors.js';
import { wireHeaders } from './wireHeaders.js';
import type {
  DialPlan,
  HttpClient,
  HttpClientOptions,
  HttpRequest,
  HttpResponse,
  HttpStreamHead,
  PeerCertificate,
  StreamSink,
} from './types.js';

/** Node's reason phrase for a status, for HTTP/2 answers, which carry none. */
const reasonPhrase = (status: number): string => nodeHttp().STATUS_CODES[status] ?? '';

/** `ws:`/`wss:` and `grpc:`/`grpcs:` reach hosts and ports as their HTTP twins do (dialPlan). */
const HTTP_TWINS: Readonly<Record<string, string>> = { 'http:': 'http:', 'https:': 'https:' };
const STREAM_TWINS: Readonly<Record<string, string>> = {
  'ws:': 'http:',
  'wss:': 'https:',
  'grpc:': 'http:',
  'grpcs:': 'https:',
};

function parseTarget(url: string, schemes = HTTP_TWINS): URL {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch (error) {
    throw new HttpError('protocol', `invalid URL \`${url}\``, { cause: error });
  }
  const twin = schemes[parsed.protocol];
  if (twin === undefined) {
    const names = Object.keys(schemes).map((scheme) => scheme.slice(0, -1));
    throw new HttpError(
      'protocol',
      `unsupported URL scheme \`${parsed.protocol}\` in \`${url}\` (use ${names.join(' or ')})`,
    );
  }
  return parsed;
}

/** The sandbox's domain rules and IP-literal hosts, before anything is dialled (SPEC phase 4). */
function checkTarget(options: HttpClientOptions, hostname: string): void {
  const blocked = options.sandbox === undefined ? undefined : checkHost(options.sandbox, hostname);
  if (blocked !== undefined) throw new HttpError('sandbox', blocked.message);
}

/** `host:port` of a proxy, for messages: its credentials never appear there. */
function proxyHost(proxy: string): string {
  try {
    return new URL(proxy.includes('://') ? proxy : `http://${proxy}`).host;
  } catch {
    return 'the configured proxy';
  }
}

/** What a failure message says of the target: `host:port`, and the proxy that carried the request. */
function failureContext(
  { url, proxy }: Pick<Exchange, 'url' | 'proxy'>,
  timeoutMs: number,
  progress: { timedOut: boolean; headersReceived: boolean },
): FailureContext {
  const key = endpointKey(url.protocol, url.hostname, url.port);
  return {
    target:
      key.slice(key.indexOf('//') + 2) + (proxy === undefined ? '' : ` through proxy ${proxyHost(proxy)}`),
    hostname: url.hostname,
    timeoutMs,
    timedOut: progress.timedOut,
    headersReceived: progress.headersReceived,
  };
}

/**
 * One client per run, on Node's own HTTP modules (see transport.ts): connections are kept alive per
 * origin, so steps reuse them. No redirect handling here: the engine follows redirects itself so each hop
 * can be reported.
 */
export function createHttpClient(options: HttpClientOptions): HttpClient {
  const transport = createTransport(options);
  const deadlines = createDeadlines();
  const compressed = options.compressed ?? true;

  /** What `send` and `openStream` share: the checked target, the headers on the wire, the route. */
  const prepare = (request: HttpRequest, decode: boolean): Exchange => {
    const url = parseTarget(request.url);
    // Addresses a name resolves to are checked by the connector, on every new connection (see dialTargets).
    checkTarget(options, url.hostname);
    const body = request.body;
    return {
      url,
      proxy: transport.proxyFor(url),
      method: request.method,
      headers: wireHeaders(request.headers, {
        userAgent: options.userAgent,
        acceptEncoding: decode ? ACCEPTED_ENCODINGS : undefined,
        host: url.host,
        body,
      }),
      body,
    };
  };

  /** What the connection that served the response was, and the proxy that carried it. */
  const served = (
    into: { remoteAddress?: string; certificate?: PeerCertificate; proxy?: string },
    facts: ConnectionFacts,
    proxy: string | undefined,
  ): void => {
    if (facts.remoteAddress !== undefined) into.remoteAddress = facts.remoteAddress;
    if (facts.certificate !== undefined) into.certificate = facts.certificate;
    if (proxy !== undefined) into.proxy = proxy;
  };

  /** Any failure as an HttpError; after close() every request in flight was aborted by it. */
  const failure = (error: unknown, context: FailureContext): HttpError => {
    if (transport.closed && !(error instanceof HttpError))
      return new HttpError('aborted', `request to ${context.target} aborted: the HTTP client was closed`, {
        cause: error,
      });
    return toHttpError(error, context);
  };

  return {
    async send(request: HttpRequest): Promise<HttpResponse> {
      const exchange = prepare(request, compressed);
      const progress = { timedOut: false, headersReceived: false };
      const started = performance.now();
      try {
        const response = await collectResponse(transport.start(exchange), {
          method: request.method,
          maxBytes: request.maxResponseBytes,
          decode: compressed,
          timeoutMs: request.timeoutMs,
          startedAt: started,
          deadlines,
          progress,
          signal: request.signal,
        });
        const result: HttpResponse = {
          status: response.status,
          statusText: response.statusText || reasonPhrase(response.status),
          httpVersion: response.httpVersion,
          headers: response.headers,
          setCookie: response.setCookie,
          body: response.body,
          durationMs: performance.now() - started,
        };
        served(result, response.facts, exchange.proxy);
        if (response.encoding !== undefined) result.encoding = response.encoding;
        return result;
      } catch (error) {
        throw failure(error, failureContext(exchange, request.timeoutMs, progress));
      }
    },

    async openStream(request: HttpRequest, sink: StreamSink): Promise<HttpStreamHead> {
      // Undecoded: an event stream is read as it arrives, and compressing one defeats that.
      const exchange = prepare(request, false);
      const progress = { timedOut: false, headersReceived: false };
      try {
        const head = await streamResponse(
          transport.start(exchange),
          { timeoutMs: request.timeoutMs, deadlines, signal: request.signal, progress },
          sink,
        );
        const result: HttpStreamHead = {
          status: head.status,
          statusText: head.statusText || reasonPhrase(head.status),
          httpVersion: head.httpVersion,
          headers: head.headers,
          cancel: head.cancel,
        };
        served(result, head.facts, exchange.proxy);
        return result;
      } catch (error) {
        throw failure(error, failureContext(exchange, request.timeoutMs, progress));
      }
    },

    async dialPlan(target: string): Promise<DialPlan> {
      const url = parseTarget(target, { ...HTTP_TWINS, ...STREAM_TWINS });
      checkTarget(options, url.hostname);
      const secure = (STREAM_TWINS[url.protocol] ?? url.protocol) === 'https:';
      const pinned = findPin(options.pinnedHosts, url.hostname, url.port || (secure ? '443' : '80'));
      const resolver: HostResolver =
        pinned === undefined ? (options.resolve ?? systemResolver) : () => Promise.resolve([pinned]);
      const { host, addresses } = await dialTargets(url.hostname, resolver, options.sandbox);
      const proxy = proxyFor(options.proxy, new URL(`${secure ? 'https:' : 'http:'}//${url.host}/`));
      return {
        host,
        addresses,
        ...(addresses.length === 0 ? {} : { lookup: lookupReturning(addresses) }),
        tls: transport.tls,
        ...(proxy === undefined ? {} : { proxy }),
      };
    },

    async close(): Promise<void> {
      await transport.close();
    },
  };
}
