import { brotliCompressSync, deflateRawSync, deflateSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createStreamingDecoder, parseContentEncoding } from './contentDecoding.js';

function decode(codings: Parameters<typeof createStreamingDecoder>[0], chunks: Buffer[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const out: Buffer[] = [];
    const decoder = createStreamingDecoder(codings, {
      onData: (chunk) => out.push(chunk),
      onEnd: () => resolve(Buffer.concat(out).toString()),
      onError: reject,
    });
    for (const chunk of chunks) decoder.write(chunk);
    decoder.end();
  });
}

describe('content-encoding', () => {
  it('reads the codings in the order they were applied, and refuses unknown ones', () => {
    expect(parseContentEncoding(undefined)).toEqual([]);
    expect(parseContentEncoding('identity')).toEqual([]);
    expect(parseContentEncoding('X-GZIP')).toEqual(['gzip']);
    expect(parseContentEncoding('deflate, br')).toEqual(['deflate', 'br']);
    expect(parseContentEncoding('zstd')).toBeUndefined();
  });

  it('decodes gzip, zlib and raw deflate, and br, in pieces', async () => {
    const text = 'hello '.repeat(500);
    const split = (buffer: Buffer) => [buffer.subarray(0, 7), buffer.subarray(7)];
    expect(await decode(['gzip'], split(gzipSync(text)))).toBe(text);
    expect(await decode(['deflate'], split(deflateSync(text)))).toBe(text);
    expect(await decode(['deflate'], split(deflateRawSync(text)))).toBe(text);
    expect(await decode(['br'], split(brotliCompressSync(text)))).toBe(text);
    expect(await decode(['gzip', 'br'], [brotliCompressSync(gzipSync(text))])).toBe(text);
  });

  it('says when a body is not what its encoding claims', async () => {
    await expect(decode(['gzip'], [Buffer.from('not gzip at all')])).rejects.toThrow();
  });
});
