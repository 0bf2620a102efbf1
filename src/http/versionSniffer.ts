import type { Socket } from 'node:net';
import { observeReads } from './socketReads.js';
import type { HttpVersion } from './types.js';

/**
 * undici reports no HTTP version, and a server answering `HTTP/1.0` must not be shown as 1.1 (issue 12).
 * The first bytes a connection receives are its first status line, so they are read as they pass.
 */
export function watchHttp1Version(socket: Socket, onVersion: (version: HttpVersion) => void): void {
  const stop = observeReads(socket, (chunk) => {
    stop();
    const match = /^HTTP\/1\.([01])\s/.exec(chunk.subarray(0, 12).toString('latin1'));
    if (match !== null) onVersion(match[1] === '0' ? '1.0' : '1.1');
  });
}
