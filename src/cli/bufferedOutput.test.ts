import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bufferOutput, FLUSH_AFTER_MS, FLUSH_AT_CHARS } from './bufferedOutput.js';

function target(isTTY: boolean) {
  const writes: string[] = [];
  return { writes, stream: { write: (text: string) => void writes.push(text), isTTY } };
}

describe('bufferOutput', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('gathers lines for a log and writes them together, in order, once the wait is over', () => {
    const { writes, stream } = target(false);
    const out = bufferOutput(stream);
    out.stream.write('one\n');
    out.stream.write('two\n');
    vi.advanceTimersByTime(FLUSH_AFTER_MS - 1);
    expect(writes).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(writes).toEqual(['one\ntwo\n']);
    out.stream.write('three\n');
    vi.advanceTimersByTime(FLUSH_AFTER_MS);
    expect(writes).toEqual(['one\ntwo\n', 'three\n']);
  });

  it('writes at once when much is waiting, or when flushed, and then has nothing left', () => {
    const { writes, stream } = target(false);
    const out = bufferOutput(stream);
    out.stream.write('x'.repeat(FLUSH_AT_CHARS));
    expect(writes).toHaveLength(1);
    out.stream.write('last\n');
    out.flush();
    out.flush();
    vi.advanceTimersByTime(FLUSH_AFTER_MS);
    expect(writes.slice(1)).toEqual(['last\n']);
  });

  it('leaves a terminal unbuffered, for the live progress line', () => {
    const { writes, stream } = target(true);
    const out = bufferOutput(stream);
    out.stream.write('… step');
    expect(writes).toEqual(['… step']);
    expect(out.stream.isTTY).toBe(true);
  });
});
