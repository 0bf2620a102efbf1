import type { Agent, ClientRequest, IncomingMessage, RequestOptions } from 'node:http';
import { connectionFacts } from './connectionFacts.js';
import type { Abort, ExchangeEvents, ResponseHead } from './collectResponse.js';
import { findHeader } from './headers.js';
import { nodeHttp } from './nodeModules.js';
import type { WireHeaders } from './wireHeaders.js';

/** curl's wait for `100 Continue` before it sends the body anyway (its `--expect100-timeout` default). */
const CONTINUE_WAIT_MS = 1000;

/** One request as a transport sends it: headers already final (user-agent, accept-encoding, host). */
export interface OutgoingRequest {
  method: string;
  headers: WireHeaders;
  /** A string goes out as UTF-8. */
  body?: string | Uint8Array;
}

/**
 * Where an HTTP/1.1 exchange goes: a pooled connection of `agent`, or one of its own (`createConnection`);
 * one of the two is set. The request target (origin form, or absolute form to a proxy) is given apart, so
 * one route serves every request to its origin.
 */
export interface Http1Route {
  host: string;
  port: number;
  agent?: Agent;
  createConnection?: RequestOptions['createConnection'];
  /** Headers for this hop only (`proxy-authorization`). */
  extraHeaders?: Record<string, string>;
  /** Through a proxy's tunnel: the connection's address is the proxy's and is not reported. */
  tunnelled: boolean;
}

/** Header lines as received, names lower-cased, repeats joined with `, `; `Set-Cookie` lines kept apart too. */
function receivedHeaders(response: IncomingMessage): Pick<ResponseHead, 'headers' | 'setCookie'> {
  const headers: Record<string, string> = {};
  const setCookie: string[] = [];
  const raw = response.rawHeaders;
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = raw[i]!.toLowerCase();
    const value = raw[i + 1]!;
    const known = headers[name];
    headers[name] = known === undefined ? value : `${known}, ${value}`;
    if (name === 'set-cookie') setCookie.push(value);
  }
  return { headers, setCookie };
}

/** Methods Node frames without a declared length by chunks (its `useChunkedEncodingByDefault`). */
const CHUNKED_BY_DEFAULT = (method: string) =>
  method !== 'GET' &&
  method !== 'HEAD' &&
  method !== 'DELETE' &&
  method !== 'OPTIONS' &&
  method !== 'TRACE' &&
  method !== 'CONNECT';

/**
 * The head as `http.request` takes it. The lines form is written at once, with no per-header bookkeeping;
 * Node's object form is written when the body comes, so it is kept where the two differ: no agent (Node
 * then says `Connection: close`, known only after the head was stored), hop headers, or a bodiless request
 * whose method Node frames by its empty body.
 */
function headHeaders(
  route: Http1Route,
  request: OutgoingRequest,
): Record<string, string | string[]> | string[] {
  const { lines, fields } = request.headers;
  if (
    lines !== undefined &&
    route.agent !== undefined &&
    route.extraHeaders === undefined &&
    (request.body !== undefined || !CHUNKED_BY_DEFAULT(request.method))
  )
    return lines;
  return route.extraHeaders === undefined ? fields : { ...fields, ...route.extraHeaders };
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
export function http1Exchange(
  route: Http1Route,
  path: string,
  request: OutgoingRequest,
  events: ExchangeEvents,
): Abort {
  const { request: send } = nodeHttp();
  const payload = request.body;
  let exchange: ClientRequest;
  try {
    const options: RequestOptions = {
      host: route.host,
      port: route.port,
      path,
      method: request.method,
      headers: headHeaders(route, request),
    };
    // Without an agent Node uses `createConnection` for this request alone (`agent: false` would not).
    if (route.agent !== undefined) options.agent = route.agent;
    else options.createConnection = route.createConnection;
    exchange = send(options);
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
    const { headers: received, setCookie } = receivedHeaders(response);
    events.onHead({
      status: response.statusCode ?? 0,
      statusText: response.statusMessage ?? '',
      headers: received,
      setCookie,
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
  if (payload !== undefined && request.headers.expect) {
    exchange.on('continue', sendBody);
    exchange.flushHeaders();
    wait = setTimeout(sendBody, waitsForContinue(request.headers.fields) ? CONTINUE_WAIT_MS : 0);
  } else {
    sendBody();
  }
  return (reason) => {
    clearTimeout(wait);
    exchange.destroy(reason);
  };
}
