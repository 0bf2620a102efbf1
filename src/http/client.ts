import { ACCEPTED_ENCODINGS } from './contentDecoding.js';
import { endpointKey } from './endpoint.js';
import { findHeader } from './headers.js';
import { HttpError } from './httpError.js';
import { collectResponse, joinHeaders, type ResponseHead } from './collectResponse.js';
import { lookupReturning } from './connector.js';
import { dialTargets } from './dialTargets.js';
import { systemResolver, type HostResolver } from './hostResolver.js';
import { nodeHttp } from './nodeModules.js';
import { findPin } from './pinnedHosts.js';
import { proxyFor } from './proxyRoute.js';
import { streamResponse } from './streamResponse.js';
import { checkHost } from './sandbox/policy.js';
import { createTransport } from './transport.js';
import { toHttpError, type FailureContext } from './transportErrors.js';
import type {
  DialPlan,
  HttpClient,
  HttpClientOptions,
  HttpRequest,
  HttpResponse,
  HttpStreamHead,
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

/** Every character below 0x80 (a header value has no control characters left by now). */
function isAscii(text: string): boolean {
  for (let index = 0; index < text.length; index++) if (text.charCodeAt(index) > 0x7f) return false;
  return true;
}

/**
 * DECISIONS, Platform: header values go on the wire as their UTF-8 bytes, as curl sends them. Node writes
 * header text as Latin-1 (one byte per character), so a value is handed over as the string whose characters
 * are its UTF-8 bytes. ASCII values, nearly all of them, are passed through untouched.
 */
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
 * The length of a request body on the wire (a string goes out as UTF-8). A string body is handed to Node as
 * it is: Node then writes the head and the body in one piece, where a buffer takes a second write.
 */
function bodyLength(body: string | Uint8Array): number {
  return typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength;
}

/**
 * One client per run, on Node's own HTTP modules (see transport.ts): connections are kept alive per
 * origin, so steps reuse them. No redirect handling here: the engine follows redirects itself so each hop
 * can be reported.
 */
export function createHttpClient(options: HttpClientOptions): HttpClient {
  const transport = createTransport(options);
  const compressed = options.compressed ?? true;

  /** What `send` and `openStream` share: the checked target, the headers on the wire, the exchange. */
  const prepare = (request: HttpRequest, decode: boolean) => {
    const url = parseTarget(request.url);
    // Addresses a name resolves to are checked by the connector, on every new connection (see dialTargets).
    checkTarget(options, url.hostname);
    const key = endpointKey(url.protocol, url.hostname, url.port);
    const headers = wireHeaders(request.headers);
    if (findHeader(headers, 'user-agent') === undefined) headers['user-agent'] = options.userAgent;
    // DECISIONS, `http.compressed`: a step's own accept-encoding wins; whatever was asked for is decoded.
    if (decode && findHeader(headers, 'accept-encoding') === undefined)
      headers['accept-encoding'] = ACCEPTED_ENCODINGS;
    if (findHeader(headers, 'host') === undefined) headers.host = url.host;
    const body = request.body;
    // A declared length, as curl sends it, rather than chunks (unless the step chose its own framing).
    if (
      body !== undefined &&
      findHeader(headers, 'content-length') === undefined &&
      findHeader(headers, 'transfer-encoding') === undefined
    )
      headers['content-length'] = String(bodyLength(body));
    const proxy = transport.proxyFor(url);
    const context: FailureContext = {
      target:
        key.slice(key.indexOf('//') + 2) + (proxy === undefined ? '' : ` through proxy ${proxyHost(proxy)}`),
      hostname: url.hostname,
      timeoutMs: request.timeoutMs,
      timedOut: false,
      headersReceived: false,
    };
    const exchange = {
      url,
      method: request.method,
      headers,
      ...(body === undefined ? {} : { body }),
      expect: findHeader(headers, 'expect') !== undefined,
    };
    return { proxy, context, exchange };
  };

  /** What the connection that served the response was, and the proxy that carried it. */
  const served = (head: Pick<ResponseHead, 'httpVersion' | 'facts'>, proxy: string | undefined) => ({
    httpVersion: head.httpVersion,
    ...(head.facts.remoteAddress === undefined ? {} : { remoteAddress: head.facts.remoteAddress }),
    ...(head.facts.certificate === undefined ? {} : { certificate: head.facts.certificate }),
    ...(proxy === undefined ? {} : { proxy }),
  });

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
      const { proxy, context, exchange } = prepare(request, compressed);
      const started = performance.now();
      try {
        const response = await collectResponse(transport.start(exchange), {
          method: request.method,
          maxBytes: request.maxResponseBytes,
          decode: compressed,
          timeoutMs: request.timeoutMs,
          onTimeout: () => void (context.timedOut = true),
          onHeaders: () => void (context.headersReceived = true),
          signal: request.signal,
        });
        return {
          status: response.status,
          statusText: response.statusText || reasonPhrase(response.status),
          ...served(response, proxy),
          headers: response.headers,
          setCookie: response.setCookie,
          body: response.body,
          ...(response.encoding === undefined ? {} : { encoding: response.encoding }),
          durationMs: performance.now() - started,
        };
      } catch (error) {
        throw failure(error, context);
      }
    },

    async openStream(request: HttpRequest, sink: StreamSink): Promise<HttpStreamHead> {
      // Undecoded: an event stream is read as it arrives, and compressing one defeats that.
      const { proxy, context, exchange } = prepare(request, false);
      try {
        const head = await streamResponse(
          transport.start(exchange),
          {
            timeoutMs: request.timeoutMs,
            signal: request.signal,
            onTimeout: () => void (context.timedOut = true),
          },
          sink,
        );
        return {
          status: head.status,
          statusText: head.statusText || reasonPhrase(head.status),
          ...served(head, proxy),
          headers: joinHeaders(head.headers),
          cancel: head.cancel,
        };
      } catch (error) {
        throw failure(error, context);
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
