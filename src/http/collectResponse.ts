import type { ConnectionFacts } from './connectionFacts.js';
import type { Deadline, Deadlines } from './deadlines.js';
import { createStreamingDecoder, parseContentEncoding, type StreamingDecoder } from './contentDecoding.js';
import { HttpError, describeBytes } from './httpError.js';
import type { BodyEncoding, HttpVersion } from './types.js';

/** The final status line and headers of a response, as a transport hands them over. */
export interface ResponseHead {
  status: number;
  statusText: string;
  /** Lower-cased names; a repeated header joined with `, ` (see HttpResponse). */
  headers: Record<string, string>;
  /** The `Set-Cookie` lines, one item each. */
  setCookie: string[];
  /** As the response said it (`HTTP/1.0` stays 1.0), or `2` over HTTP/2. */
  httpVersion: HttpVersion;
  facts: ConnectionFacts;
}

/** What a transport reports about one exchange, in order: a head, body chunks, an end; or an error. */
export interface ExchangeEvents {
  onHead(head: ResponseHead): void;
  onData(chunk: Buffer): void;
  onEnd(): void;
  onError(error: unknown): void;
}

/** Ends an exchange early (the deadline, an abort, a body too large); its connection is not reused. */
export type Abort = (reason: Error) => void;

/** Starts one exchange: the request is already described, the events say how it goes. */
export type StartExchange = (events: ExchangeEvents) => Abort;

/** What one exchange brought back, before the client shapes it into an HttpResponse. */
export interface CollectedResponse {
  status: number;
  statusText: string;
  httpVersion: HttpVersion;
  facts: ConnectionFacts;
  headers: Record<string, string>;
  /** The `Set-Cookie` lines, one item each (see HttpResponse). */
  setCookie: string[];
  /** Decoded when `decode` was asked for and the server compressed it. */
  body: Uint8Array;
  encoding?: BodyEncoding;
}

/** Whether the deadline fired (our timer, not any other abort) and whether the response head had come. */
export interface ExchangeProgress {
  timedOut: boolean;
  headersReceived: boolean;
}

export interface CollectLimits {
  method: string;
  /** Larger bodies fail the exchange (DECISIONS.md), as soon as they pass the cap; decoded bytes count. */
  maxBytes: number;
  /** Decode gzip, deflate and br bodies (`http.compressed`). */
  decode: boolean;
  /** One deadline for connecting, the headers and the body, from `startedAt` (a performance.now() time). */
  timeoutMs: number;
  startedAt: number;
  /** The client's timer for deadlines. */
  deadlines: Deadlines;
  /** How far the exchange got, for the failure message: set before the promise rejects. */
  progress: ExchangeProgress;
  /** Ends the exchange early when it aborts. */
  signal?: AbortSignal;
}

/** From this declared length on, a body is received into one buffer (see `sized`); smaller ones are joined. */
const SIZED_BODY_BYTES = 64 * 1024;

function tooLarge(maxBytes: number): HttpError {
  return new HttpError(
    'response-too-large',
    `response body exceeds ${describeBytes(maxBytes)} (http.maxResponseBytes)`,
  );
}

/** Responses that carry no body whatever their headers say. */
function hasNoBody(method: string, status: number): boolean {
  return status === 204 || status === 304 || method.toUpperCase() === 'HEAD';
}

/** Content-Length describes a body only when one can follow (the caller rules out HEAD, 204 and 304). */
function declaredBodyLength(headers: Record<string, string>): number | undefined {
  const declared = headers['content-length'];
  if (declared === undefined) return undefined;
  const length = Number(declared);
  return Number.isFinite(length) ? length : undefined;
}

/**
 * Runs one exchange and collects the response into memory: callbacks, no body stream, no AbortController
 * and no async iterator per request, which were a fifth of the runner's own time per step
 * (bench/throughput). A declared Content-Length above the cap fails before anything is read; a body that
 * grows past it fails at that chunk.
 */
export function collectResponse(start: StartExchange, limits: CollectLimits): Promise<CollectedResponse> {
  return new Promise((resolve, reject) => {
    /** Ends the exchange; set once it has started (the deadline or an abort may come first). */
    const exchange: { abort?: Abort } = {};
    /** Why the exchange ended early, kept in case it ends before the exchange has started. */
    let abortReason: Error | undefined;
    let settled = false;
    let status = 0;
    let statusText = '';
    let httpVersion: HttpVersion = '1.1';
    let facts: ConnectionFacts = {};
    let headers: Record<string, string> = {};
    let setCookie: string[] = [];
    const chunks: Buffer[] = [];
    let total = 0;
    /**
     * A body whose length is declared goes straight into one buffer of that length: collecting chunks and
     * joining them at the end would hold a large body twice (a 512 MiB download needed 1 GiB).
     */
    let sized: Buffer | undefined;
    /** Set when the body is compressed: wire bytes go through it, and `total` counts what comes out. */
    let decoder: StreamingDecoder | undefined;
    let encoding: BodyEncoding | undefined;

    const settle = (outcome: { error: unknown } | { response: CollectedResponse }) => {
      if (settled) return;
      settled = true;
      limits.deadlines.remove(deadline);
      decoder?.destroy();
      limits.signal?.removeEventListener('abort', onSignal);
      if ('error' in outcome) reject(outcome.error);
      else resolve(outcome.response);
    };
    const fail = (reason: Error) => {
      if (abortReason !== undefined) return;
      abortReason = reason;
      settle({ error: reason });
      exchange.abort?.(reason);
    };
    const deadline: Deadline = {
      at: limits.startedAt + limits.timeoutMs,
      expire() {
        limits.progress.timedOut = true;
        // Not an HttpError: the client words the message, knowing how far the exchange got.
        fail(new Error(`no complete response within ${limits.timeoutMs} ms`));
      },
    };
    limits.deadlines.add(deadline);
    function onSignal() {
      const reason = limits.signal?.reason;
      fail(reason instanceof Error ? reason : new DOMException('This operation was aborted', 'AbortError'));
    }
    if (limits.signal?.aborted) onSignal();
    else limits.signal?.addEventListener('abort', onSignal, { once: true });

    const keep = (chunk: Buffer) => {
      const at = total;
      total += chunk.byteLength;
      if (total > limits.maxBytes) return fail(tooLarge(limits.maxBytes));
      if (sized !== undefined && total <= sized.byteLength) return void chunk.copy(sized, at);
      // More than declared (the parser fails such a body anyway): back to collecting chunks.
      if (sized !== undefined) chunks.push(sized.subarray(0, at));
      sized = undefined;
      chunks.push(chunk);
    };
    const finish = () => {
      const body = sized === undefined ? Buffer.concat(chunks, total) : sized.subarray(0, total);
      settle({
        response: {
          status,
          statusText,
          httpVersion,
          facts,
          headers,
          setCookie,
          body,
          ...(encoding ? { encoding } : {}),
        },
      });
    };
    const startDecoding = () => {
      const codings = parseContentEncoding(headers['content-encoding']);
      // An unknown coding is kept as received: checks then see the bytes the server sent.
      if (!limits.decode || codings === undefined || codings.length === 0) return;
      encoding = { name: headers['content-encoding'] ?? '', encodedBytes: 0 };
      decoder = createStreamingDecoder(codings, {
        onData: keep,
        onEnd: finish,
        onError: (error) =>
          fail(
            new HttpError(
              'protocol',
              `cannot decode the ${encoding?.name ?? ''} response body: ${error.message}`,
              {
                cause: error,
              },
            ),
          ),
      });
    };

    exchange.abort = start({
      onHead(head) {
        if (settled) return;
        limits.progress.headersReceived = true;
        status = head.status;
        statusText = head.statusText;
        httpVersion = head.httpVersion;
        facts = head.facts;
        headers = head.headers;
        setCookie = head.setCookie;
        if (hasNoBody(limits.method, status)) return;
        // A compressed body is at most about as large as what it decodes to, so its length already tells.
        const declared = declaredBodyLength(headers);
        if (declared !== undefined && declared > limits.maxBytes) return fail(tooLarge(limits.maxBytes));
        startDecoding();
        if (decoder === undefined && declared !== undefined && declared >= SIZED_BODY_BYTES)
          sized = Buffer.allocUnsafe(declared);
      },
      onData(chunk) {
        if (settled) return;
        if (decoder === undefined || encoding === undefined) {
          keep(chunk);
          return;
        }
        encoding.encodedBytes += chunk.byteLength;
        decoder.write(chunk);
      },
      onEnd() {
        if (settled) return;
        if (decoder === undefined) finish();
        else decoder.end();
      },
      onError(error) {
        settle({ error });
      },
    });
    if (abortReason !== undefined) exchange.abort(abortReason);
  });
}
