/**
 * Items pushed by a connection's callbacks, read by the collector as an async iterable: what a driver's
 * `items` is. `end()` finishes the iteration after the items already queued; `fail()` too, then throws.
 */
export interface ItemQueue<T> extends AsyncIterable<T> {
  push(item: T): void;
  end(): void;
  fail(error: Error): void;
}

export function createItemQueue<T>(): ItemQueue<T> {
  const queued: T[] = [];
  let ended = false;
  let failure: Error | undefined;
  let wake: (() => void) | undefined;
  const notify = (): void => {
    const waiting = wake;
    wake = undefined;
    waiting?.();
  };
  return {
    push(item) {
      if (ended) return;
      queued.push(item);
      notify();
    },
    end() {
      ended = true;
      notify();
    },
    fail(error) {
      if (ended) return;
      failure = error;
      ended = true;
      notify();
    },
    async *[Symbol.asyncIterator]() {
      for (;;) {
        if (queued.length > 0) {
          yield queued.shift() as T;
          continue;
        }
        if (ended) {
          if (failure !== undefined) throw failure;
          return;
        }
        await new Promise<void>((resolve) => (wake = resolve));
      }
    },
  };
}
