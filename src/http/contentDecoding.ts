import { constants, createBrotliDecompress, createGunzip, createInflate, createInflateRaw } from 'node:zlib';
import type { Transform } from 'node:stream';

/** What `accept-encoding` offers when `http.compressed` is on (DECISIONS, "HTTP"). */
export const ACCEPTED_ENCODINGS = 'gzip, deflate, br';

type Coding = 'gzip' | 'deflate' | 'br';

/** The codings of a `content-encoding` value in the order they were applied, or undefined when unknown. */
export function parseContentEncoding(value: string | undefined): Coding[] | undefined {
  if (value === undefined) return [];
  const codings: Coding[] = [];
  for (const part of value.split(',')) {
    const coding = part.trim().toLowerCase();
    if (coding === '' || coding === 'identity') continue;
    if (coding === 'gzip' || coding === 'x-gzip') codings.push('gzip');
    else if (coding === 'deflate' || coding === 'br') codings.push(coding);
    else return undefined;
  }
  return codings;
}

// Lenient like browsers and curl: a stream cut short after its last complete block still yields that block.
const LENIENT = { flush: constants.Z_SYNC_FLUSH, finishFlush: constants.Z_SYNC_FLUSH };

/**
 * "deflate" should be zlib-wrapped (RFC 9110) but some servers send the raw stream: the first byte tells
 * (a zlib header has compression method 8 in its low nibble).
 */
function inflaterFor(firstByte: number): Transform {
  return (firstByte & 0x0f) === 0x08 ? createInflate(LENIENT) : createInflateRaw(LENIENT);
}

function decoderFor(coding: Coding, firstByte: number): Transform {
  if (coding === 'gzip') return createGunzip(LENIENT);
  if (coding === 'deflate') return inflaterFor(firstByte);
  return createBrotliDecompress({
    flush: constants.BROTLI_OPERATION_FLUSH,
    finishFlush: constants.BROTLI_OPERATION_FLUSH,
  });
}

export interface StreamingDecoder {
  write(chunk: Uint8Array): void;
  end(): void;
  /** Stops decoding at once: nothing more is inflated (a compression bomb stops here). */
  destroy(): void;
}

export interface DecoderEvents {
  onData(chunk: Buffer): void;
  onEnd(): void;
  onError(error: Error): void;
}

/**
 * Decodes a body while it arrives (node:zlib streams), so the caller can count decoded bytes and stop at
 * its limit long before a small compressed body inflates into gigabytes. Codings applied in turn are
 * undone in reverse order.
 */
export function createStreamingDecoder(codings: readonly Coding[], events: DecoderEvents): StreamingDecoder {
  let stages: Transform[] | undefined;
  let stopped = false;
  const build = (firstByte: number): Transform => {
    // Only the outermost stage sees the wire bytes; an inner deflate is assumed zlib-wrapped.
    stages = [...codings].reverse().map((coding, i) => decoderFor(coding, i === 0 ? firstByte : 0x78));
    for (let i = 0; i < stages.length - 1; i++) stages[i]!.pipe(stages[i + 1]!);
    const last = stages[stages.length - 1]!;
    last.on('data', (chunk: Buffer) => {
      if (!stopped) events.onData(chunk);
    });
    last.on('end', () => {
      if (!stopped) events.onEnd();
    });
    for (const stage of stages) {
      stage.on('error', (error: Error) => {
        if (stopped) return;
        stopped = true;
        events.onError(error);
      });
    }
    return stages[0]!;
  };
  return {
    write(chunk) {
      if (stopped || chunk.byteLength === 0) return;
      (stages?.[0] ?? build(chunk[0]!)).write(chunk);
    },
    end() {
      if (stopped) return;
      if (stages === undefined) events.onEnd();
      else stages[0]!.end();
    },
    destroy() {
      stopped = true;
      for (const stage of stages ?? []) stage.destroy();
    },
  };
}
