import { HttpError, describeBytes } from './httpError.js';

function tooLarge(maxBytes: number): HttpError {
  return new HttpError(
    'response-too-large',
    `response body exceeds ${describeBytes(maxBytes)} (http.maxResponseBytes)`,
  );
}

interface BodyStream extends AsyncIterable<Uint8Array> {
  destroy(error?: Error): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
}

/** Stops the download. The stream re-emits the error, and nobody else is listening any more. */
function discard(stream: BodyStream, error: Error): void {
  stream.on('error', () => {});
  stream.destroy(error);
}

/**
 * Reads a response body into memory, failing as soon as it passes `maxBytes` (DECISIONS.md: larger bodies
 * fail the step with a clear message) so a huge download never fills memory. A declared Content-Length
 * above the cap fails before anything is read.
 */
export async function readCappedBody(
  stream: BodyStream,
  maxBytes: number,
  declaredLength: number | undefined,
): Promise<Uint8Array> {
  if (declaredLength !== undefined && declaredLength > maxBytes) {
    const error = tooLarge(maxBytes);
    discard(stream, error);
    throw error;
  }
  const chunks: Uint8Array[] = [];
  let total = 0;
  for await (const chunk of stream) {
    total += chunk.byteLength;
    if (total > maxBytes) {
      const error = tooLarge(maxBytes);
      discard(stream, error);
      throw error;
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, total);
}
