/**
 * Each stream step kind's part of the one executor (stream.ts): its spec with every template filled in,
 * what the record shows as sent, how it collects, and its driver, loaded with import() only when a step of
 * the kind runs (plain HTTP runs and `--version` never load ws or eventsource-parser).
 */
import { interpolate, interpolateDeep, valueAsText } from '../../expressions/index.js';
import type { CollectSpec, Step } from '../../language/model.js';
import type { Subject } from '../../assertions/index.js';
import type { GrpcOpen, StreamDriver, StreamFacts } from '../../streams/types.js';
import { resolveUrl } from '../../http/index.js';
import type { StepContext } from './context.js';

export type StreamStep = Step & { kind: 'websocket' | 'sse' | 'subscription' | 'grpc' };

export interface PreparedStream {
  kind: StreamStep['kind'];
  /** The spec as the driver takes it. */
  open: unknown;
  url: string;
  headers: Record<string, string>;
  /** What the record lists as sent (websocket messages as written, maps kept as maps). */
  sent?: unknown[];
  collect: CollectSpec;
  itemsKey: 'messages' | 'events';
  /** The variable `until` reads the item through, and the noun messages use. */
  itemName: 'message' | 'event';
  /** Where `count`, `until` and `timeout` sit under the kind's key, for messages. */
  keyPrefix: string;
  load(): Promise<StreamDriver<unknown>>;
  /**
   * What `expect` and `save` read beyond the items under `itemsKey` and the facts (status, headers, close,
   * trailers): a kind whose answer is a `body` (grpc) fills it here. Merged over the default subject.
   */
  subject?(items: unknown[], facts: StreamFacts): Partial<Subject>;
}

function filler(context: StepContext) {
  const { store, services } = context;
  return {
    text: (template: string): string => valueAsText(interpolate(template, store, services.runtime)),
    deep: (value: unknown): unknown => interpolateDeep(value, store, services.runtime),
  };
}

function textMap(map: Record<string, string>, text: (template: string) => string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(map)) out[name] = text(value);
  return out;
}

/**
 * A stream URL written as a path (`/events`) resolves against the environment's `baseUrl`, as a request's
 * does; WebSocket kinds take the base's scheme across (`http:` to `ws:`, `https:` to `wss:`), so one
 * environment serves a service's requests and its streams.
 */
function streamTarget(url: string, kind: StreamStep['kind'], context: StepContext): string {
  if (!url.startsWith('/')) return url;
  const resolved = resolveUrl(url, undefined, context.settings.environment);
  if (kind === 'sse') return resolved;
  return resolved.replace(/^http(s?):/i, (_, secure: string) => `ws${secure}:`);
}

/** GraphQL variables and connection params are maps, also when a variable filled them in. */
function aMap(value: unknown): Record<string, unknown> {
  if (typeof value === 'object' && value !== null && !Array.isArray(value))
    return value as Record<string, unknown>;
  const got = Array.isArray(value) ? 'a list' : value === null ? 'null' : `a ${typeof value}`;
  throw new Error(`must be a map, got ${got}`);
}

/** Fills in the step's templates; throws (with the key named) when one cannot be. */
export function prepareStream(step: StreamStep, context: StepContext): PreparedStream {
  const { text, deep } = filler(context);
  const at = <T>(key: string, fill: () => T): T => {
    try {
      return fill();
    } catch (error) {
      throw new Error(`${step.kind}.${key}: ${error instanceof Error ? error.message : String(error)}`, {
        cause: error,
      });
    }
  };
  switch (step.kind) {
    case 'websocket': {
      const spec = step.websocket;
      const url = at('url', () => streamTarget(text(spec.url), 'websocket', context));
      const headers = at('headers', () => textMap(spec.headers, text));
      const subprotocols = at('subprotocols', () => spec.subprotocols.map(text));
      const sent = at('send', () => spec.send.map(deep));
      // DECISIONS, "Finer points (wave 3)": a map (or list) goes out as one JSON text frame, text as it is.
      const frames = sent.map((message) => (typeof message === 'string' ? message : JSON.stringify(message)));
      return {
        kind: 'websocket',
        open: { url, headers, subprotocols, send: frames },
        url,
        headers,
        sent,
        collect: spec.receive,
        itemsKey: 'messages',
        itemName: 'message',
        keyPrefix: 'receive.',
        load: async () =>
          (await import('../../streams/websocket/websocketDriver.js'))
            .websocketDriver as StreamDriver<unknown>,
      };
    }
    case 'sse': {
      const spec = step.sse;
      const url = at('url', () => streamTarget(text(spec.url), 'sse', context));
      const headers = at('headers', () => textMap(spec.headers, text));
      const lastEventId =
        spec.lastEventId === undefined ? undefined : at('lastEventId', () => text(spec.lastEventId ?? ''));
      return {
        kind: 'sse',
        open: { url, headers, ...(lastEventId === undefined ? {} : { lastEventId }) },
        url,
        headers,
        collect: spec,
        itemsKey: 'events',
        itemName: 'event',
        keyPrefix: '',
        load: async () => (await import('../../streams/sse/sseDriver.js')).sseDriver as StreamDriver<unknown>,
      };
    }
    case 'subscription': {
      const spec = step.subscription;
      const url = at('url', () => streamTarget(text(spec.url), 'subscription', context));
      const headers = at('headers', () => textMap(spec.headers, text));
      const query = at('query', () => text(spec.query));
      const variables =
        spec.variables === undefined ? undefined : at('variables', () => aMap(deep(spec.variables)));
      const operationName =
        spec.operationName === undefined
          ? undefined
          : at('operationName', () => text(spec.operationName ?? ''));
      const connectionParams =
        spec.connectionParams === undefined
          ? undefined
          : at('connectionParams', () => aMap(deep(spec.connectionParams)));
      const payload = {
        query,
        ...(variables === undefined ? {} : { variables }),
        ...(operationName === undefined ? {} : { operationName }),
      };
      return {
        kind: 'subscription',
        open: { url, headers, ...payload, ...(connectionParams === undefined ? {} : { connectionParams }) },
        url,
        headers,
        // The record shows the operation sent, not the connection params (often a token).
        sent: [payload],
        collect: spec,
        itemsKey: 'messages',
        itemName: 'message',
        keyPrefix: '',
        load: async () =>
          (await import('../../streams/subscription/subscriptionDriver.js'))
            .subscriptionDriver as StreamDriver<unknown>,
      };
    }
    case 'grpc': {
      const spec = step.grpc;
      const url = at('url', () => text(spec.url));
      const metadata = at('metadata', () => textMap(spec.metadata, text));
      const message = spec.message === undefined ? undefined : at('message', () => deep(spec.message));
      const service = at('service', () => text(spec.service));
      const method = at('method', () => text(spec.method));
      const open: GrpcOpen = {
        url,
        service,
        method,
        ...(message === undefined ? {} : { message }),
        metadata,
        proto: at('proto', () => spec.proto.map(text)),
        projectRoot: context.services.projectRoot ?? '.',
        userAgent: context.settings.userAgent,
      };
      return {
        kind: 'grpc',
        open,
        // Reports and `url` show the call as HTTP/2 sends it: the method's path on the server.
        url: `${url.replace(/\/+$/, '')}/${service}/${method}`,
        headers: metadata,
        ...(message === undefined ? {} : { sent: [message] }),
        collect: spec,
        itemsKey: 'messages',
        itemName: 'message',
        keyPrefix: '',
        load: async () =>
          (await import('../../streams/grpc/grpcDriver.js')).grpcDriver as StreamDriver<unknown>,
        // A call's messages are its `body`: the one message of a unary call, the list of a server stream.
        subject: (items, facts) => ({ body: facts.unary === true ? items[0] : items }),
      };
    }
  }
}

/** How a stream step reads before it runs: `websocket ws://host/chat`. */
export function streamLabel(step: StreamStep): string {
  if (step.kind === 'grpc') return `grpc ${step.grpc.service}/${step.grpc.method}`;
  const url =
    step.kind === 'websocket'
      ? step.websocket.url
      : step.kind === 'sse'
        ? step.sse.url
        : step.subscription.url;
  return `${step.kind} ${url}`;
}
