import type { Socket } from 'node:net';
import type { HttpVersion } from './types.js';

/**
 * undici reports no HTTP version, and a server answering `HTTP/1.0` must not be shown as 1.1 (issue 12).
 * The first bytes a connection receives are its first status line, so they are read as they pass: a
 * `data` listener added next to undici's `readable` one only observes the chunks undici reads (Node
 * streams: with a `readable` listener, `data` fires on each `read()` and never starts flowing mode).
 */
export function watchHttp1Version(socket: Socket, onVersion: (version: HttpVersion) => void): void {
  const sniff = (chunk: Buffer | string) => {
    socket.off('data', sniff);
    const head = (typeof chunk === 'string' ? chunk : chunk.subarray(0, 12).toString('latin1')).slice(0, 12);
    const match = /^HTTP\/1\.([01])\s/.exec(head);
    if (match !== null) onVersion(match[1] === '0' ? '1.0' : '1.1');
  };
  // Added once undici listens for `readable`: before that, a `data` listener would set the socket flowing
  // and its bytes would bypass undici.
  const watch = (event: string | symbol) => {
    if (event !== 'readable') return;
    socket.off('newListener', watch);
    queueMicrotask(() => {
      if (socket.listenerCount('readable') > 0) socket.on('data', sniff);
    });
  };
  socket.on('newListener', watch);
}
