/**
 * An open file that stored scenarios read their sections from when a run needs them (issue 24, flat
 * memory): the parse cache file, kept open by descriptor so a newer cache written beside it (by this run or
 * another) never changes what the offsets point at. Nothing is read until asked, and nothing read is kept.
 * The descriptor is closed once no stored scenario can read from it any more (each `--watch` run and each
 * `validate` opens the cache afresh).
 */
import { closeSync, readSync } from 'node:fs';

const closeWhenUnreachable = new FinalizationRegistry<number>((fd) => {
  try {
    closeSync(fd);
  } catch {
    // Already closed (the process is ending): nothing to release.
  }
});

export class SectionFile {
  /** `fd` is open for reading; `base` is where the section area starts, `size` how long it is. */
  constructor(
    private readonly fd: number,
    private readonly base: number,
    readonly size: number,
  ) {
    closeWhenUnreachable.register(this, fd);
  }

  /**
   * `length` bytes at `at` in the section area, in a buffer the next read reuses: the caller deserializes
   * them at once (as `deserialize` below does). A fresh buffer per read left glibc's heap fragmented by
   * thousands of freed 4 KB blocks waiting for a collection (~8 MB more peak RSS at 2,000 files).
   */
  read(at: number, length: number): Uint8Array {
    if (scratch.byteLength < length)
      scratch = Buffer.allocUnsafeSlow(Math.max(length, scratch.byteLength * 2));
    const bytes = readRange(this.fd, this.base + at, length, scratch);
    if (bytes === undefined) throw new Error('the parse cache file ended before the steps it indexed');
    return bytes;
  }
}

let scratch = Buffer.allocUnsafeSlow(16 * 1024);

/** `length` bytes of `fd` at `position` (into `into` when given), or undefined when the file ends first. */
export function readRange(fd: number, position: number, length: number, into?: Buffer): Buffer | undefined {
  const bytes = into ? into.subarray(0, length) : Buffer.allocUnsafe(length);
  let done = 0;
  while (done < length) {
    const got = readSync(fd, bytes, done, length - done, position + done);
    if (got === 0) return undefined;
    done += got;
  }
  return bytes;
}
