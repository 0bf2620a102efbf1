/**
 * A `ws` WebSocket class whose every socket dials the way the run's HTTP client does: the sandbox has judged
 * the host and its addresses (or its `http.resolve` pin) before anything is dialled, the socket gets only
 * those addresses, and TLS uses the run's trust. The websocket step's socket, and the class graphql-ws
 * constructs its own from (`webSocketImpl`, the subscription step).
 */
import type { IncomingMessage } from 'node:http';
import type { ClientOptions } from 'ws';
import { HttpError, toHttpError } from '../../http/index.js';
import type { StreamFacts, StreamIo } from '../types.js';

/** What the socket tells its caller beyond the WebSocket events a library listens to. */
export interface DialledSocketEvents {
  /** The handshake's answer (status 101, headers, the peer's address). */
  upgrade?(response: IncomingMessage): void;
  /** Why the connection failed, in the run's words (refused, timed out, an HTTP answer to the handshake). */
  failed?(error: Error): void;
}

function connectFailure(url: URL, error: unknown, timeoutMs: number): Error {
  if (error instanceof HttpError) return error;
  const port = url.port || (url.protocol === 'wss:' ? '443' : '80');
  return toHttpError(error, {
    target: `${url.hostname}:${port}`,
    hostname: url.hostname,
    timeoutMs,
    timedOut: error instanceof Error && /timed out/i.test(error.message),
    headersReceived: false,
  });
}

function headerText(headers: IncomingMessage['headers']): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

/** What the handshake's answer tells `status`, `headers` and `ip`. */
export function handshakeFacts(
  response: IncomingMessage,
): Pick<StreamFacts, 'status' | 'headers' | 'remoteAddress'> {
  const address = response.socket.remoteAddress;
  return {
    status: response.statusCode ?? 101,
    headers: headerText(response.headers),
    ...(address === undefined ? {} : { remoteAddress: address }),
  };
}

/** Rejects (an HttpError: `sandbox`, `connect`) before any connection when the host may not be reached. */
export async function dialledWebSocket(
  url: string,
  headers: Record<string, string>,
  io: StreamIo,
  events: DialledSocketEvents = {},
) {
  const plan = await io.http.dialPlan(url);
  const { WebSocket } = await import('./wsLibrary.js');
  const target = new URL(url);
  const options: ClientOptions = {
    headers,
    handshakeTimeout: io.connectTimeoutMs,
    maxPayload: io.maxItemBytes,
    // The checked addresses only (or the pin); the URL's own host stays the socket's name for TLS.
    ...(plan.lookup === undefined ? {} : { lookup: plan.lookup }),
    rejectUnauthorized: plan.tls.rejectUnauthorized,
    ...(plan.tls.secureContext === undefined ? {} : { secureContext: plan.tls.secureContext }),
    // Redirects would reach hosts the sandbox has not judged; a 3xx answer fails the step instead.
    followRedirects: false,
  };
  return class DialledWebSocket extends WebSocket {
    constructor(address: string | URL, protocols?: string | string[]) {
      super(address, protocols, options);
      this.on('upgrade', (response: IncomingMessage) => events.upgrade?.(response));
      this.on('error', (error: Error) => events.failed?.(connectFailure(target, error, io.connectTimeoutMs)));
      this.on('unexpected-response', (_request, response: IncomingMessage) => {
        const status = `HTTP ${response.statusCode ?? 0} ${response.statusMessage ?? ''}`.trim();
        events.failed?.(
          new HttpError('protocol', `the server answered the WebSocket handshake with ${status}`),
        );
        this.terminate();
      });
    }
  };
}
