/**
 * The `websocket` step's connection (DECISIONS, Wave 3 "Streams and RPC steps"), over the `ws` library:
 * the host is judged by the sandbox and resolved (pins first) before anything is dialled, the socket gets
 * only those addresses and the run's TLS trust, and the `send` frames go out in order once it is open.
 */
import type { RawData, WebSocket as WsSocket } from 'ws';
import { decodeBinaryItem, decodeItemText } from '../decodeItem.js';
import { createItemQueue } from '../itemQueue.js';
import type { StreamDriver, StreamFacts, StreamIo, StreamSession, WebSocketOpen } from '../types.js';
import { dialledWebSocket, handshakeFacts } from './dialledWebSocket.js';

/** RFC 6455: the code runner closes with, and the one that says no close frame came at all. */
const NORMAL_CLOSURE = 1000;

function frameBytes(data: RawData): Buffer {
  if (Buffer.isBuffer(data)) return data;
  return Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data);
}

async function open(spec: WebSocketOpen, io: StreamIo): Promise<StreamSession> {
  const facts: StreamFacts = {};
  const items = createItemQueue<unknown>();
  let closingByClient = false;
  let settled = false;
  // Set below, once the connection is awaited; failures are only ever emitted after that.
  let onFailure: (error: Error) => void = () => undefined;

  const WebSocket = await dialledWebSocket(spec.url, spec.headers, io, {
    upgrade: (response) => Object.assign(facts, handshakeFacts(response)),
    failed: (error) => onFailure(error),
  });
  const socket: WsSocket = new WebSocket(spec.url, spec.subprotocols);
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
    onFailure = (error: Error) => {
      if (settled) {
        items.fail(error);
        return;
      }
      settled = true;
      reject(error);
    };
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
