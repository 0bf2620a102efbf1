import type { CliIo } from './io.js';

type Output = CliIo['stdout'];

export interface BufferedOutput {
  stream: Output;
  /** Writes what waits, at once. */
  flush(): void;
}

/** How long a line may wait, and how much text, before buffered output is written. */
export const FLUSH_AFTER_MS = 50;
export const FLUSH_AT_CHARS = 64 * 1024;

/**
 * Output that is not a terminal (a CI log, a file, a pipe) is written ~20 times a second instead of once
 * per step: a system call per line was ~3% of a run of 1,000 quick requests (bench/throughput). A terminal
 * gets every line at once, as its live progress needs. The caller flushes before exit and before anything
 * else reaches the same log.
 */
export function bufferOutput(stream: Output): BufferedOutput {
  if (stream.isTTY) return { stream, flush: () => undefined };
  let pending = '';
  let timer: NodeJS.Timeout | undefined;
  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    if (pending.length === 0) return;
    const text = pending;
    pending = '';
    stream.write(text);
  };
  const write = (text: string) => {
    pending += text;
    if (pending.length >= FLUSH_AT_CHARS) flush();
    // Unreferenced: the timer alone keeps no process alive; the caller flushes at exit.
    else timer ??= setTimeout(flush, FLUSH_AFTER_MS).unref();
  };
  return { stream: { write, isTTY: false }, flush };
}
