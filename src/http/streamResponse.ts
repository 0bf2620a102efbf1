import type { Abort, ExchangeProgress, ResponseHead, StartExchange } from './collectResponse.js';
import type { Deadline, Deadlines } from './deadlines.js';
import type { StreamSink } from './types.js';

/** The head of a streamed response, and how to stop the body. */
export interface StreamedHead extends ResponseHead {
  cancel(): void;
}

/**
 * Runs one exchange and resolves at the response head; the body then goes to `sink` chunk by chunk, as it
 * arrives, until the server ends it, it fails, or `cancel()` (Server-Sent Events: the body never ends by
 * itself). `timeoutMs` bounds connecting and the head only.
 */
export function streamResponse(
  start: StartExchange,
  limits: { timeoutMs: number; deadlines: Deadlines; signal?: AbortSignal; progress: ExchangeProgress },
  sink: StreamSink,
): Promise<StreamedHead> {
  return new Promise((resolve, reject) => {
    /** Ends the exchange; set once it has started (the deadline or an abort may come first). */
    const exchange: { abort?: Abort } = {};
    let abortReason: Error | undefined;
    let headed = false;
    let finished = false;
    const finish = (error?: Error) => {
      if (finished) return;
      finished = true;
      limits.deadlines.remove(deadline);
      limits.signal?.removeEventListener('abort', onSignal);
      if (!headed) reject(error ?? new Error('the response ended before its head'));
      else sink.onEnd(error);
    };
    const abort = (reason: Error) => {
      if (abortReason !== undefined) return;
      abortReason = reason;
      finish(reason);
      exchange.abort?.(reason);
    };
    const deadline: Deadline = {
      at: performance.now() + limits.timeoutMs,
      expire() {
        limits.progress.timedOut = true;
        abort(new Error(`no response within ${limits.timeoutMs} ms`));
      },
    };
    limits.deadlines.add(deadline);
    function onSignal() {
      const reason = limits.signal?.reason;
      abort(reason instanceof Error ? reason : new DOMException('This operation was aborted', 'AbortError'));
    }
    if (limits.signal?.aborted) onSignal();
    else limits.signal?.addEventListener('abort', onSignal, { once: true });

    exchange.abort = start({
      onHead(head) {
        if (finished) return;
        headed = true;
        limits.deadlines.remove(deadline);
        resolve({
          ...head,
          // Ending the stream on purpose is not a failure: the sink hears a plain end.
          cancel: () => {
            if (finished) return;
            finish();
            abortReason = new DOMException('stream closed by runner', 'AbortError');
            exchange.abort?.(abortReason);
          },
        });
      },
      onData(chunk) {
        if (!finished) sink.onData(chunk);
      },
      onEnd() {
        finish();
      },
      onError(error) {
        finish(error instanceof Error ? error : new Error(String(error)));
      },
    });
    if (abortReason !== undefined) exchange.abort(abortReason);
  });
}
