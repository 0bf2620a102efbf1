import type { ConnectionFacts } from './connectionFacts.js';
import { createStreamingDecoder, parseContentEncoding, type StreamingDecoder } from './contentDecoding.js';
import { HttpError, describeBytes } from './httpError.js';
import type { BodyEncoding, HttpVersion } from './types.js';

/** The final status line and headers of a response, as a transport hands them over. */
export interface ResponseHead {
  status: number;
  statusText: string;
  /** Lower-cased names; a repeated header as a list of its values. */
  headers: Record<string, string | string[] | undefined>;
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

export interface CollectLimits {
  method: string;
  /** Larger bodies fail the exchange (DECISIONS.md), as soon as they pass the cap; decoded bytes count. */
  maxBytes: number;
  /** Decode gzip, deflate and br bodies (`http.compressed`). */
  decode: boolean;
  /** One deadline for connecting, the headers and the body. */
  timeoutMs: number;
  /** Called when the deadline passes, before the exchange fails. */
  onTimeout: () => void;
  /** Called when the final status line and headers have arrived. */
  onHeaders: () => void;
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

export function joinHeaders(raw: Record<string, string | string[] | undefined>): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const name of Object.keys(raw)) {
    const value = raw[name];
    if (value === undefined) continue;
    headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return headers;
}

function setCookieLines(raw: Record<string, string | string[] | undefined>): string[] {
  const value = raw['set-cookie'];
  return value === undefined ? [] : Array.isArray(value) ? [...value] : [value];
}

/** Responses that carry no body whatever their headers say. */
function hasNoBody(method: string, status: number): boolean {
  return method.toUpperCase() === 'HEAD' || status === 204 || status === 304;
}

/** Content-Length describes a body only when one can follow (not for HEAD, 204 or 304). */
function declaredBodyLength(
  method: string,
  status: number,
  headers: Record<string, string>,
): number | undefined {
  const declared = headers['content-length'];
  if (declared === undefined || hasNoBody(method, status)) return undefined;
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
      clearTimeout(timer);
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
    const startDecoding = (method: string) => {
      const codings = parseContentEncoding(headers['content-encoding']);
      // An unknown coding is kept as received: checks then see the bytes the server sent.
      if (!limits.decode || hasNoBody(method, status) || codings === undefined || codings.length === 0)
        return;
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
        limits.onHeaders();
        status = head.status;
        statusText = head.statusText;
        httpVersion = head.httpVersion;
        facts = head.facts;
        headers = joinHeaders(head.headers);
        setCookie = setCookieLines(head.headers);
        // A compressed body is at most about as large as what it decodes to, so its length already tells.
        const declared = declaredBodyLength(limits.method, status, headers);
        if (declared !== undefined && declared > limits.maxBytes) return fail(tooLarge(limits.maxBytes));
        startDecoding(limits.method);
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
