import type { Agent, ClientRequest, IncomingMessage, RequestOptions } from 'node:http';
import { connectionFacts } from './connectionFacts.js';
import type { Abort, ExchangeEvents } from './collectResponse.js';
import { findHeader } from './headers.js';
import { nodeHttp } from './nodeModules.js';

/** curl's wait for `100 Continue` before it sends the body anyway (its `--expect100-timeout` default). */
const CONTINUE_WAIT_MS = 1000;

/** One request as a transport sends it: headers already final (user-agent, accept-encoding, host). */
export interface OutgoingRequest {
  method: string;
  headers: Record<string, string | string[]>;
  /** A string goes out as UTF-8. */
  body?: string | Uint8Array;
}

/** Where an HTTP/1.1 exchange goes: a pooled connection of `agent`, or one of its own (`createConnection`); one of the two is set. */
export interface Http1Route {
  host: string;
  port: number;
  /** The request target: origin form, or absolute form to a proxy. */
  path: string;
  agent?: Agent;
  createConnection?: RequestOptions['createConnection'];
  /** Headers for this hop only (`proxy-authorization`). */
  extraHeaders?: Record<string, string>;
  /** Through a proxy's tunnel: the connection's address is the proxy's and is not reported. */
  tunnelled: boolean;
}

/** Header lines as received, names lower-cased, repeats kept as lists (collectResponse joins them). */
function receivedHeaders(response: IncomingMessage): Record<string, string | string[]> {
  const headers: Record<string, string | string[]> = {};
  const raw = response.rawHeaders;
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = raw[i]!.toLowerCase();
    const value = raw[i + 1]!;
    const known = headers[name];
    if (known === undefined) headers[name] = value;
    else if (typeof known === 'string') headers[name] = [known, value];
    else known.push(value);
  }
  return headers;
}

/** Whether the request asks to wait for `100 Continue` before its body goes out. */
function waitsForContinue(headers: Readonly<Record<string, string | readonly string[]>>): boolean {
  return /^\s*100-continue\s*$/i.test(findHeader(headers, 'expect') ?? '');
}

/**
 * Sends one request with Node's HTTP/1.1 client. The response version is the one the server wrote, so a
 * server answering `HTTP/1.0` is reported as 1.0, and a head the parser rejects fails with the parser's
 * own reason (`Parse Error: Invalid header token`, code `HPE_...`).
 *
 * With `Expect: 100-continue`, as curl does, the head goes first and the body follows the server's
 * `100 Continue`, or CONTINUE_WAIT_MS without an answer; a final answer that comes first means the body is
 * not sent, so that connection cannot be reused: such a request gets a connection of its own.
 */
export function http1Exchange(route: Http1Route, request: OutgoingRequest, events: ExchangeEvents): Abort {
  const { request: send } = nodeHttp();
  const headers =
    route.extraHeaders === undefined ? request.headers : { ...request.headers, ...route.extraHeaders };
  const payload = request.body;
  let exchange: ClientRequest;
  try {
    exchange = send({
      host: route.host,
      port: route.port,
      path: route.path,
      method: request.method,
      headers,
      // Without an agent Node uses `createConnection` for this request alone (`agent: false` would not).
      ...(route.agent === undefined ? {} : { agent: route.agent }),
      ...(route.createConnection === undefined ? {} : { createConnection: route.createConnection }),
    });
  } catch (error) {
    // An invalid header name or value, refused before anything is sent.
    queueMicrotask(() => events.onError(error));
    return () => {};
  }
  let sent = false;
  let wait: NodeJS.Timeout | undefined;
  const sendBody = () => {
    clearTimeout(wait);
    if (sent) return;
    sent = true;
    exchange.end(payload);
  };
  exchange.on('error', (error) => {
    clearTimeout(wait);
    events.onError(error);
  });
  exchange.on('response', (response) => {
    // An answer before the body was asked for: the body stays unsent (curl's behaviour).
    if (!sent) {
      clearTimeout(wait);
      sent = true;
      exchange.end();
    }
    events.onHead({
      status: response.statusCode ?? 0,
      statusText: response.statusMessage ?? '',
      headers: receivedHeaders(response),
      httpVersion: response.httpVersion === '1.0' ? '1.0' : '1.1',
      facts: connectionFacts(response.socket, route.tunnelled),
    });
    response.on('data', events.onData);
    response.on('end', () => {
      events.onEnd();
      if (route.agent === undefined) exchange.destroy();
    });
    response.on('error', events.onError);
  });
  if (payload !== undefined && findHeader(headers, 'expect') !== undefined) {
    exchange.on('continue', sendBody);
    exchange.flushHeaders();
    wait = setTimeout(sendBody, waitsForContinue(headers) ? CONTINUE_WAIT_MS : 0);
  } else {
    sendBody();
  }
  return (reason) => {
    clearTimeout(wait);
    exchange.destroy(reason);
  };
}
