/**
 * The `websocket` step's connection (DECISIONS, Wave 3 "Streams and RPC steps"), over the `ws` library:
 * the host is judged by the sandbox and resolved (pins first) before anything is dialled, the socket gets
 * only those addresses and the run's TLS trust, and the `send` frames go out in order once it is open.
 */
import type { IncomingMessage } from 'node:http';
import type { RawData, WebSocket as WsSocket } from 'ws';
import { HttpError, toHttpError } from '../../http/index.js';
import { decodeBinaryItem, decodeItemText } from '../decodeItem.js';
import { createItemQueue } from '../itemQueue.js';
import type { StreamDriver, StreamFacts, StreamIo, StreamSession, WebSocketOpen } from '../types.js';

/** RFC 6455: the code runner closes with, and the one that says no close frame came at all. */
const NORMAL_CLOSURE = 1000;

function frameBytes(data: RawData): Buffer {
  if (Buffer.isBuffer(data)) return data;
  return Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data);
}

function headerText(headers: IncomingMessage['headers']): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

function connectFailure(url: URL, error: unknown, timeoutMs: number, timedOut: boolean): Error {
  if (error instanceof HttpError) return error;
  const port = url.port || (url.protocol === 'wss:' ? '443' : '80');
  return toHttpError(error, {
    target: `${url.hostname}:${port}`,
    hostname: url.hostname,
    timeoutMs,
    timedOut,
    headersReceived: false,
  });
}

async function open(spec: WebSocketOpen, io: StreamIo): Promise<StreamSession> {
  const url = new URL(spec.url);
  const plan = await io.http.dialPlan(spec.url);
  const { WebSocket } = await import('./wsLibrary.js');
  const facts: StreamFacts = {};
  const items = createItemQueue<unknown>();
  let closingByClient = false;
  let settled = false;

  const socket: WsSocket = new WebSocket(spec.url, spec.subprotocols, {
    headers: spec.headers,
    handshakeTimeout: io.connectTimeoutMs,
    maxPayload: io.maxItemBytes,
    // The checked addresses only (or the pin); the URL's own host stays the socket's name for TLS.
    ...(plan.lookup === undefined ? {} : { lookup: plan.lookup }),
    rejectUnauthorized: plan.tls.rejectUnauthorized,
    ...(plan.tls.secureContext === undefined ? {} : { secureContext: plan.tls.secureContext }),
    // Redirects would reach hosts the sandbox has not judged; a 3xx answer fails the step instead.
    followRedirects: false,
  });

  socket.on('upgrade', (response: IncomingMessage) => {
    facts.status = response.statusCode ?? 101;
    facts.headers = headerText(response.headers);
    const address = response.socket.remoteAddress;
    if (address !== undefined) facts.remoteAddress = address;
  });
  socket.on('message', (data: RawData, isBinary: boolean) => {
    const bytes = frameBytes(data);
    items.push(isBinary ? decodeBinaryItem(bytes) : decodeItemText(bytes.toString('utf8')));
  });
  socket.on('close', (code: number, reason: Buffer) => {
    facts.close = { code, reason: reason.toString('utf8'), by: closingByClient ? 'client' : 'server' };
    items.end();
  });

  const onAbort = () => socket.terminate();
  io.signal.addEventListener('abort', onAbort, { once: true });

  await new Promise<void>((resolve, reject) => {
    const fail = (error: Error) => {
      if (settled) {
        items.fail(error);
        return;
      }
      settled = true;
      reject(error);
    };
    socket.on('error', (error: Error) => {
      const timedOut = /timed out/i.test(error.message);
      fail(connectFailure(url, error, io.connectTimeoutMs, timedOut));
    });
    socket.on('unexpected-response', (_request, response: IncomingMessage) => {
      const status = response.statusCode ?? 0;
      socket.terminate();
      fail(
        new HttpError(
          'protocol',
          `the server answered the WebSocket handshake with HTTP ${status} ${response.statusMessage ?? ''}`.trim(),
        ),
      );
    });
    socket.on('open', () => {
      settled = true;
      resolve();
    });
  }).catch((error: unknown) => {
    io.signal.removeEventListener('abort', onAbort);
    throw error;
  });

  for (const frame of spec.send) socket.send(frame);

  return {
    items,
    facts: () => facts,
    async close() {
      io.signal.removeEventListener('abort', onAbort);
      if (socket.readyState === socket.CLOSED) return;
      await new Promise<void>((resolve) => {
        socket.once('close', () => resolve());
        if (socket.readyState === socket.OPEN) {
          closingByClient = true;
          socket.close(NORMAL_CLOSURE);
          // A server that never answers the close frame does not hold the run.
          setTimeout(() => socket.terminate(), Math.min(io.connectTimeoutMs, 2000)).unref();
        } else if (socket.readyState !== socket.CLOSING) {
          socket.terminate();
        }
      });
    },
  };
}

export const websocketDriver: StreamDriver<WebSocketOpen> = { open };
