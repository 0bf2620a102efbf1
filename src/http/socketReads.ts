import type { Socket } from 'node:net';

/**
 * Calls `onChunk` with each chunk undici reads from a socket, without taking the bytes from it. A `data`
 * listener added next to undici's `readable` one only observes the chunks undici reads (Node streams: with a
 * `readable` listener, `data` fires on each `read()` and never starts flowing mode). It is added once undici
 * listens for `readable`: before that, a `data` listener would set the socket flowing and its bytes would
 * bypass undici. Returns a function that stops observing.
 */
export function observeReads(socket: Socket, onChunk: (chunk: Buffer) => void): () => void {
  const listener = (chunk: Buffer | string) =>
    onChunk(typeof chunk === 'string' ? Buffer.from(chunk, 'latin1') : chunk);
  const watch = (event: string | symbol) => {
    if (event !== 'readable') return;
    socket.off('newListener', watch);
    queueMicrotask(() => {
      if (socket.listenerCount('readable') > 0) socket.on('data', listener);
    });
  };
  socket.on('newListener', watch);
  return () => {
    socket.off('newListener', watch);
    socket.off('data', listener);
  };
}
