/**
 * The `sse` step's connection (DECISIONS, Wave 3 "Streams and RPC steps"): one GET over the run's HTTP client
 * (sandbox, pins, proxy, TLS as for any request), its body read as it arrives by eventsource-parser.
 * Reconnection is not followed: when the server ends the stream, the step has what came.
 */
import { describeBytes, HttpError } from '../../http/index.js';
import { decodeItemText } from '../decodeItem.js';
import { createItemQueue } from '../itemQueue.js';
import type { SseOpen, StreamDriver, StreamFacts, StreamIo, StreamSession } from '../types.js';

/** One event as paths read it: `events[0].data` parsed when its text is JSON, `event` `message` by default. */
interface SseEvent {
  data: unknown;
  event: string;
  id?: string;
}

function isEventStream(contentType: string | undefined): boolean {
  return (contentType ?? '').split(';')[0]?.trim().toLowerCase() === 'text/event-stream';
}

async function open(spec: SseOpen, io: StreamIo): Promise<StreamSession> {
  const { createParser } = await import('./sseParser.js');
  const items = createItemQueue<SseEvent>();
  // The SSE standard: an event without `id:` carries the last id sent before it.
  let lastId: string | undefined;
  // Bytes read since the last event or comment ended: the parser holds them until a blank line comes, so a
  // server that never sends one must not grow that buffer past the one-item limit (`http.maxResponseBytes`).
  let pendingBytes = 0;
  // The open stream, once its head has come: cut when an event overflows (before that, right after).
  const opened: { head?: Awaited<ReturnType<typeof io.http.openStream>> } = {};
  let overflowed = false;
  const parser = createParser({
    onComment() {
      pendingBytes = 0;
    },
    onEvent(message) {
      pendingBytes = 0;
      if (message.id !== undefined) lastId = message.id;
      items.push({
        data: decodeItemText(message.data),
        event: message.event ?? 'message',
        ...(lastId === undefined || lastId === '' ? {} : { id: lastId }),
      });
    },
  });
  const decoder = new TextDecoder();
  const head = await io.http.openStream(
    {
      method: 'GET',
      url: spec.url,
      headers: {
        accept: 'text/event-stream',
        'cache-control': 'no-cache',
        ...(spec.lastEventId === undefined ? {} : { 'last-event-id': spec.lastEventId }),
        ...spec.headers,
      },
      timeoutMs: io.connectTimeoutMs,
      maxResponseBytes: io.maxItemBytes,
      signal: io.signal,
    },
    {
      onData: (chunk) => {
        if (overflowed) return;
        pendingBytes += chunk.byteLength;
        parser.feed(decoder.decode(chunk, { stream: true }));
        if (pendingBytes <= io.maxItemBytes) return;
        overflowed = true;
        items.fail(
          new HttpError(
            'response-too-large',
            `an event exceeds ${describeBytes(io.maxItemBytes)} (http.maxResponseBytes) without ending`,
          ),
        );
        opened.head?.cancel();
      },
      onEnd: (error) => {
        if (overflowed) return;
        if (error === undefined) items.end();
        else items.fail(error);
      },
    },
  );
  opened.head = head;
  if (overflowed) head.cancel();
  const facts: StreamFacts = {
    status: head.status,
    headers: head.headers,
    httpVersion: head.httpVersion,
    ...(head.remoteAddress === undefined ? {} : { remoteAddress: head.remoteAddress }),
    ...(head.certificate === undefined ? {} : { certificate: head.certificate }),
    ...(head.proxy === undefined ? {} : { proxy: head.proxy }),
  };
  const type = head.headers['content-type'];
  if (head.status < 200 || head.status > 299 || !isEventStream(type)) {
    head.cancel();
    const answer = `HTTP ${head.status}${head.statusText === '' ? '' : ` ${head.statusText}`}`;
    const what = type === undefined ? 'no content type' : `\`${type}\``;
    throw new HttpError('protocol', `not an event stream: the server answered ${answer} with ${what}`);
  }
  return {
    items,
    facts: () => facts,
    close: () => {
      head.cancel();
      return Promise.resolve();
    },
  };
}

export const sseDriver: StreamDriver<SseOpen> = { open };
