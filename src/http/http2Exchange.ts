import type { ClientHttp2Session, IncomingHttpHeaders, OutgoingHttpHeaders } from 'node:http2';
import type { Socket } from 'node:net';
import { connectionFacts } from './connectionFacts.js';
import type { Abort, ExchangeEvents, ResponseHead } from './collectResponse.js';
import type { OutgoingRequest } from './http1Exchange.js';
import { nodeHttp2 } from './nodeModules.js';

/** Headers of one HTTP/1.1 hop that HTTP/2 forbids (RFC 9113, 8.2.2); `host` becomes `:authority`. */
const HOP_HEADERS = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
  'http2-settings',
  'host',
]);

/** An HTTP/2 connection, multiplexing every request to one origin, with what its responses report. */
export interface Http2Connection {
  session: ClientHttp2Session;
  /** `https://host:port`, the `:authority` unless a request sets `host`. */
  authority: string;
  tunnelled: boolean;
  socket: Socket;
}

/** Whether a connection can take another request (not closing, not gone away). */
export function usable(connection: Http2Connection | undefined): connection is Http2Connection {
  return connection !== undefined && !connection.session.closed && !connection.session.destroyed;
}

/**
 * Starts an HTTP/2 session over a TLS socket that negotiated `h2`. The session is forgotten by `onGone`
 * when it closes or errs, so the next request opens a new connection.
 */
export function openHttp2(
  socket: Socket,
  origin: string,
  tunnelled: boolean,
  onGone: () => void,
): Http2Connection {
  const { connect } = nodeHttp2();
  const session = connect(origin, { createConnection: () => socket });
  session.on('error', onGone);
  session.on('close', onGone);
  session.on('goaway', onGone);
  return { session, authority: new URL(origin).host, tunnelled, socket };
}

function outgoingHeaders(request: OutgoingRequest, authority: string, path: string): OutgoingHttpHeaders {
  let host = authority;
  const headers: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(request.headers.fields)) {
    const lower = name.toLowerCase();
    if (lower === 'host') host = Array.isArray(value) ? (value[0] ?? authority) : value;
    else if (lower === 'te' && value !== 'trailers') continue;
    else if (!HOP_HEADERS.has(lower)) headers[lower] = value;
  }
  return { ...headers, ':method': request.method, ':path': path, ':authority': host };
}

/** Node's response headers without pseudo-headers, repeats joined with `, `, `Set-Cookie` lines kept apart too. */
function responseHeaders(headers: IncomingHttpHeaders): Pick<ResponseHead, 'headers' | 'setCookie'> {
  const out: Record<string, string> = {};
  let setCookie: string[] = [];
  for (const name of Object.keys(headers)) {
    const value = headers[name];
    if (name.startsWith(':') || value === undefined) continue;
    out[name] = Array.isArray(value) ? value.join(', ') : value;
    if (name === 'set-cookie') setCookie = Array.isArray(value) ? [...value] : [value];
  }
  return { headers: out, setCookie };
}

/** Sends one request as a stream of an HTTP/2 session; HTTP/2 has no reason phrase (the client adds one). */
export function http2Exchange(
  connection: Http2Connection,
  path: string,
  request: OutgoingRequest,
  events: ExchangeEvents,
): Abort {
  const body = request.body;
  let stream: ReturnType<ClientHttp2Session['request']>;
  try {
    stream = connection.session.request(outgoingHeaders(request, connection.authority, path), {
      endStream: body === undefined,
    });
  } catch (error) {
    // A header HTTP/2 refuses (a single-value header given twice, a connection header), refused before
    // anything is sent: the step fails with Node's reason, as on HTTP/1.1 (http1Exchange).
    queueMicrotask(() => events.onError(error));
    return () => {};
  }
  let ended = false;
  stream.on('error', events.onError);
  // A stream reset by the server, or cut off with its session, closes without an error of its own.
  stream.on('close', () => {
    if (!ended)
      events.onError(
        Object.assign(new Error(`HTTP/2 stream closed (code ${stream.rstCode})`), { code: 'ECONNRESET' }),
      );
  });
  stream.on('response', (headers) => {
    events.onHead({
      status: Number(headers[':status']),
      statusText: '',
      ...responseHeaders(headers),
      httpVersion: '2',
      facts: connectionFacts(connection.socket, connection.tunnelled),
    });
    stream.on('data', events.onData);
    stream.on('end', () => {
      ended = true;
      events.onEnd();
    });
  });
  if (body !== undefined) stream.end(body);
  return (reason) => stream.destroy(reason);
}
