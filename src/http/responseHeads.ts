import type { Socket } from 'node:net';
import { observeReads } from './socketReads.js';

/** More than any head undici accepts (Node's header limit, 16 KiB by default): a longer one overflows first. */
const HEAD_LIMIT = 64 * 1024;
const HEAD_END = Buffer.from('\r\n\r\n');
/** undici's error for a parse failure in a head after a `content-length` line (see keepRejectedHeads). */
const LENGTH_MISMATCH = 'UND_ERR_RES_CONTENT_LENGTH_MISMATCH';

/**
 * Keeps the head of the response a connection is receiving, so a head undici's parser rejected can be
 * parsed again to learn why. undici words any parse failure that comes after a `content-length` header line
 * as "Response body length does not match content-length header" (its bytes read are 0, the length is not),
 * hiding the parser's reason. The failing error is mapped to the head it came from in `rejected`.
 *
 * A response starts with the first chunk read after the client wrote to the connection: undici sends the
 * next request on a connection only once the previous response is complete. Body bytes are not kept.
 */
export function keepRejectedHeads(socket: Socket, rejected: WeakMap<Error, Buffer>): void {
  let written = -1;
  let chunks: Buffer[] = [];
  let size = 0;
  let complete = false;
  observeReads(socket, (chunk) => {
    if (socket.bytesWritten !== written) {
      written = socket.bytesWritten;
      chunks = [];
      size = 0;
      complete = false;
    }
    if (complete || size >= HEAD_LIMIT) return;
    chunks.push(chunk);
    size += chunk.byteLength;
    let head = chunks.length === 1 ? chunk : Buffer.concat(chunks, size);
    for (let end = head.indexOf(HEAD_END); end >= 0 && !complete; end = head.indexOf(HEAD_END)) {
      // An informational answer (100 Continue, 103 Early Hints) comes before the head that matters.
      if (/^HTTP\/\d\.\d 1\d\d/.test(head.subarray(0, 13).toString('latin1')))
        head = head.subarray(end + HEAD_END.byteLength);
      else complete = true;
    }
    chunks = [head];
    size = head.byteLength;
  });
  socket.on('error', (error: Error & { code?: string }) => {
    if (error.code === LENGTH_MISMATCH && size > 0) rejected.set(error, Buffer.concat(chunks, size));
  });
}
