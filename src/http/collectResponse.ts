import type { Dispatcher } from 'undici';
import { HttpError, describeBytes } from './httpError.js';

/** What one exchange brought back, before the client shapes it into an HttpResponse. */
export interface CollectedResponse {
  status: number;
  statusText: string;
  headers: Record<string, string>;
  /** The `Set-Cookie` lines, one item each (see HttpResponse). */
  setCookie: string[];
  body: Uint8Array;
}

export interface CollectLimits {
  method: string;
  /** Larger bodies fail the exchange (DECISIONS.md), as soon as they pass the cap. */
  maxBytes: number;
  /** One deadline for connecting, the headers and the body. */
  timeoutMs: number;
  /** Called when the deadline passes, before the exchange fails. */
  onTimeout: () => void;
  /** Called when the final status line and headers have arrived. */
  onHeaders: () => void;
  /** Ends the exchange early when it aborts. */
  signal?: AbortSignal;
}

function tooLarge(maxBytes: number): HttpError {
  return new HttpError(
    'response-too-large',
    `response body exceeds ${describeBytes(maxBytes)} (http.maxResponseBytes)`,
  );
}

function joinHeaders(raw: Record<string, string | string[] | undefined>): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const name of Object.keys(raw)) {
    const value = raw[name];
    if (value === undefined) continue;
    headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return headers;
}

/** Content-Length describes a body only when one can follow (not for HEAD, 204 or 304). */
function declaredBodyLength(
  method: string,
  status: number,
  headers: Record<string, string>,
): number | undefined {
  const declared = headers['content-length'];
  if (declared === undefined || method.toUpperCase() === 'HEAD' || status === 204 || status === 304)
    return undefined;
  const length = Number(declared);
  return Number.isFinite(length) ? length : undefined;
}

/**
 * Sends one request through undici's dispatch API and collects the response into memory. Lower than
 * `request()` on purpose: no body stream, no AbortController and no async iterator per request, which was
 * a fifth of the runner's own time per step (bench/throughput). A declared Content-Length above the cap
 * fails before anything is read; a body that grows past it fails at that chunk.
 */
export function collectResponse(
  dispatcher: Dispatcher,
  options: Dispatcher.DispatchOptions,
  limits: CollectLimits,
): Promise<CollectedResponse> {
  return new Promise((resolve, reject) => {
    let controller: Dispatcher.DispatchController | undefined;
    /** Why the exchange ended early, kept until undici hands over a controller to abort with it. */
    let abortReason: Error | undefined;
    let settled = false;
    let status = 0;
    let statusText = '';
    let headers: Record<string, string> = {};
    let setCookie: string[] = [];
    const chunks: Buffer[] = [];
    let total = 0;

    const settle = (outcome: { error: unknown } | { response: CollectedResponse }) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      limits.signal?.removeEventListener('abort', onSignal);
      if ('error' in outcome) reject(outcome.error);
      else resolve(outcome.response);
    };
    const fail = (reason: Error) => {
      abortReason = reason;
      settle({ error: reason });
      if (controller !== undefined && !controller.aborted) controller.abort(reason);
    };
    const timer = setTimeout(() => {
      limits.onTimeout();
      // Not an HttpError: the client words the message, knowing how far the exchange got.
      fail(new Error(`no complete response within ${limits.timeoutMs} ms`));
    }, limits.timeoutMs);
    function onSignal() {
      const reason = limits.signal?.reason;
      fail(reason instanceof Error ? reason : new DOMException('This operation was aborted', 'AbortError'));
    }
    if (limits.signal?.aborted) onSignal();
    else limits.signal?.addEventListener('abort', onSignal, { once: true });

    dispatcher.dispatch(options, {
      onRequestStart(started) {
        controller = started;
        if (abortReason !== undefined) started.abort(abortReason);
      },
      onResponseStart(_controller, statusCode, rawHeaders, statusMessage) {
        // 1xx informational answers come before the real one.
        if (statusCode < 200) return;
        limits.onHeaders();
        status = statusCode;
        statusText = statusMessage ?? '';
        headers = joinHeaders(rawHeaders);
        setCookie = [rawHeaders['set-cookie'] ?? []].flat();
        const declared = declaredBodyLength(limits.method, statusCode, headers);
        if (declared !== undefined && declared > limits.maxBytes) fail(tooLarge(limits.maxBytes));
      },
      onResponseData(_controller, chunk) {
        total += chunk.byteLength;
        if (total > limits.maxBytes) fail(tooLarge(limits.maxBytes));
        else chunks.push(chunk);
      },
      onResponseEnd() {
        settle({ response: { status, statusText, headers, setCookie, body: Buffer.concat(chunks, total) } });
      },
      onResponseError(_controller, error) {
        settle({ error });
      },
    });
  });
}
