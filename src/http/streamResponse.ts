import type { Dispatcher } from 'undici';
import type { Dispatch } from './expectContinue.js';
import type { StreamSink } from './types.js';

/** The head of a streamed response, and how to stop the body. */
export interface StreamedHead {
  status: number;
  statusText: string;
  rawHeaders: Record<string, string | string[] | undefined>;
  cancel(): void;
}

/**
 * Sends one request through undici's dispatch API and resolves at the response head; the body then goes to
 * `sink` chunk by chunk, as it arrives, until the server ends it, it fails, or `cancel()` (Server-Sent
 * Events: the body never ends by itself). `timeoutMs` bounds connecting and the head only.
 */
export function streamResponse(
  dispatcher: Dispatch,
  options: Dispatcher.DispatchOptions,
  limits: { timeoutMs: number; signal?: AbortSignal; onTimeout: () => void },
  sink: StreamSink,
): Promise<StreamedHead> {
  return new Promise((resolve, reject) => {
    let controller: Dispatcher.DispatchController | undefined;
    let abortReason: Error | undefined;
    let headed = false;
    let finished = false;
    const finish = (error?: Error) => {
      if (finished) return;
      finished = true;
      clearTimeout(timer);
      limits.signal?.removeEventListener('abort', onSignal);
      if (!headed) reject(error ?? new Error('the response ended before its head'));
      else sink.onEnd(error);
    };
    const abort = (reason: Error) => {
      abortReason = reason;
      if (controller !== undefined && !controller.aborted) controller.abort(reason);
      finish(reason);
    };
    const timer = setTimeout(() => {
      limits.onTimeout();
      abort(new Error(`no response within ${limits.timeoutMs} ms`));
    }, limits.timeoutMs);
    function onSignal() {
      const reason = limits.signal?.reason;
      abort(reason instanceof Error ? reason : new DOMException('This operation was aborted', 'AbortError'));
    }
    if (limits.signal?.aborted) onSignal();
    else limits.signal?.addEventListener('abort', onSignal, { once: true });

    dispatcher.dispatch(options, {
      onRequestStart(started) {
        controller = started;
        if (abortReason !== undefined) started.abort(abortReason);
      },
      onResponseStart(_controller, statusCode, rawHeaders, statusMessage) {
        if (statusCode < 200) return;
        headed = true;
        clearTimeout(timer);
        resolve({
          status: statusCode,
          statusText: statusMessage ?? '',
          rawHeaders,
          // Ending the stream on purpose is not a failure: the sink hears a plain end.
          cancel: () => {
            if (finished) return;
            finish();
            if (controller !== undefined && !controller.aborted)
              controller.abort(new DOMException('stream closed by runner', 'AbortError'));
          },
        });
      },
      onResponseData(_controller, chunk) {
        if (!finished) sink.onData(chunk);
      },
      onResponseEnd() {
        finish();
      },
      onResponseError(_controller, error) {
        finish(error);
      },
    });
  });
}
