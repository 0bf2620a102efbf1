import type { ClientRequest, IncomingMessage, RequestOptions } from 'node:http';
import { createRequire } from 'node:module';
import type { Socket } from 'node:net';
import type { Dispatcher } from 'undici';
import type { Connector } from './connector.js';
import { findHeader } from './headers.js';
import { proxyEndpoint, tunnelThroughProxy } from './proxyTunnel.js';
import type { TlsConnectOptions } from './tlsTrust.js';

/** curl's wait for `100 Continue` before it sends the body anyway (its `--expect100-timeout` default). */
const CONTINUE_WAIT_MS = 1000;

/** The part of an undici dispatcher that collectResponse uses. */
export type Dispatch = Pick<Dispatcher, 'dispatch'>;

/**
 * Whether a request goes out through sendWithExpect: undici refuses any `Expect` header on HTTP/1.1 ("expect
 * header not supported") and has no option for it there (its `expectContinue` is HTTP/2 only).
 */
export function hasExpectHeader(headers: Readonly<Record<string, string | readonly string[]>>): boolean {
  return findHeader(headers, 'expect') !== undefined;
}

/** A controller as undici hands one to a dispatch handler: here it can only abort. */
class ExchangeController implements Dispatcher.DispatchController {
  #reason: Error | null = null;
  /** Set once the request is created: an abort before that only marks the controller. */
  exchange: ClientRequest | undefined;
  get aborted() {
    return this.#reason !== null;
  }
  get paused() {
    return false;
  }
  get reason() {
    return this.#reason;
  }
  abort(reason: Error) {
    if (this.#reason !== null) return;
    this.#reason = reason;
    this.exchange?.destroy(reason);
  }
  pause() {}
  resume() {}
}

/** Header lines as received, names lower-cased, repeats kept as lists (collectResponse joins them). */
function receivedHeaders(response: IncomingMessage): Record<string, string[]> {
  const headers: Record<string, string[]> = {};
  for (let i = 0; i + 1 < response.rawHeaders.length; i += 2) {
    const name = (response.rawHeaders[i] ?? '').toLowerCase();
    (headers[name] ??= []).push(response.rawHeaders[i + 1] ?? '');
  }
  return headers;
}

/** Where an `Expect` request goes through a proxy: its URI and the TLS settings for the target. */
export interface ExpectProxy {
  uri: string;
  tls: TlsConnectOptions;
}

/**
 * How Node's client reaches `target`: over `connector` (the same sandbox checks, pinned hosts, DNS and TLS
 * settings as every request, offering HTTP/1.1 only); through a proxy, plain http in absolute form and
 * https through a `CONNECT` tunnel, as undici's proxy agent does for every other request.
 */
function routeTo(
  target: URL,
  path: string,
  connector: Connector,
  proxy: ExpectProxy | undefined,
): RequestOptions {
  if (proxy !== undefined && target.protocol === 'http:') {
    const endpoint = proxyEndpoint(proxy.uri);
    return {
      host: endpoint.host,
      port: endpoint.port,
      path: `${target.origin}${path}`,
      headers: {
        host: target.host,
        ...(endpoint.authorization ? { 'proxy-authorization': endpoint.authorization } : {}),
      },
    };
  }
  return {
    host: target.hostname,
    port: target.port,
    path,
    createConnection: (_options, oncreate) => {
      // Node reads no socket when the connection failed (node:http docs, agent.createConnection).
      const ready = (error: Error | null, socket?: Socket) =>
        socket === undefined
          ? oncreate(error ?? new Error('no connection'), null as never)
          : oncreate(null, socket);
      if (proxy !== undefined) tunnelThroughProxy(proxy.uri, target, proxy.tls, ready);
      else
        connector.connect(
          { hostname: target.hostname, host: target.host, protocol: target.protocol, port: target.port },
          (error, socket) => (error === null ? ready(null, socket) : ready(error)),
        );
      return undefined;
    },
  };
}

/**
 * A dispatcher for requests that carry `Expect`, through Node's HTTP/1.1 client (see routeTo). As curl does,
 * with `Expect: 100-continue` the head goes first and the body follows the server's `100 Continue`, or
 * CONTINUE_WAIT_MS without an answer; a final answer that comes first means the body is not sent. Each such
 * request has a connection of its own, closed after the response.
 */
export function expectDispatcher(connector: Connector, proxy?: ExpectProxy): Dispatch {
  // Loaded on the first such request only (see client.ts on what importing node:http costs at start-up).
  const { request: send } = createRequire(import.meta.url)('node:http') as typeof import('node:http');
  return {
    dispatch(options, handler) {
      const target = new URL(options.origin ?? '');
      const controller = new ExchangeController();
      handler.onRequestStart?.(controller, {});
      if (controller.aborted) return true;
      const body = options.body === null || options.body === undefined ? undefined : options.body;
      const payload = typeof body === 'string' ? Buffer.from(body) : (body as Uint8Array | undefined);
      const headers = { ...(options.headers as Record<string, string | string[]>) };
      // Node would send a body after an early head in chunks; curl declares its length.
      if (payload !== undefined && findHeader(headers, 'content-length') === undefined)
        headers['content-length'] = String(payload.byteLength);
      const waits = /^\s*100-continue\s*$/i.test(findHeader(headers, 'expect') ?? '');

      const route = routeTo(target, options.path, connector, proxy);
      const exchange = send({ ...route, method: options.method, headers: { ...headers, ...route.headers } });
      controller.exchange = exchange;
      let sent = false;
      const sendBody = () => {
        clearTimeout(wait);
        if (sent) return;
        sent = true;
        exchange.end(payload);
      };
      const wait = setTimeout(sendBody, waits && payload !== undefined ? CONTINUE_WAIT_MS : 0);
      exchange.on('continue', sendBody);
      exchange.on('error', (error) => {
        clearTimeout(wait);
        handler.onResponseError?.(controller, controller.reason ?? error);
      });
      exchange.on('response', (response) => {
        // An answer before the body was asked for: the body stays unsent (curl's behaviour).
        if (!sent) {
          clearTimeout(wait);
          sent = true;
          exchange.end();
        }
        handler.onResponseStart?.(
          controller,
          response.statusCode ?? 0,
          receivedHeaders(response),
          response.statusMessage,
        );
        response.on('data', (chunk: Buffer) => {
          if (!controller.aborted) handler.onResponseData?.(controller, chunk);
        });
        response.on('end', () => {
          if (!controller.aborted) handler.onResponseEnd?.(controller, {});
          exchange.destroy();
        });
        response.on('error', (error) => handler.onResponseError?.(controller, error));
      });
      exchange.flushHeaders();
      return true;
    },
  };
}
