/**
 * The one interface every stream step kind plugs into (websocket, sse, subscription, grpc): a driver opens a
 * connection for an already interpolated spec and hands back the items as they arrive; the engine's one
 * executor (src/engine/steps/stream.ts) collects them (collect.ts), checks and reports them. A driver module
 * is loaded with `import()` only when a step of its kind runs, so plain HTTP runs never load its library.
 */
import type { HttpClient, PeerCertificate } from '../http/index.js';

/** What a driver may use to connect: the run's HTTP client (sandbox, pins, TLS, proxy), and the deadlines. */
export interface StreamIo {
  /** Ends the connection when the run is interrupted. */
  signal: AbortSignal;
  /** `dialPlan` for drivers that open their own socket (websocket), `openStream` for HTTP streams (sse). */
  http: HttpClient;
  /** Deadline for connecting and the opening handshake; collection has its own bound (collect.ts). */
  connectTimeoutMs: number;
  /** `http.maxResponseBytes`: the largest single message or event a driver accepts. */
  maxItemBytes: number;
}

/** How a WebSocket connection ended (`close.code`, `close.reason`, `close.by`). */
export interface StreamCloseFacts {
  code: number;
  reason: string;
  by: 'client' | 'server';
}

/** What a session knows about its connection, for paths (`close.code`, `status`, `headers.x`) and reports. */
export interface StreamFacts {
  close?: StreamCloseFacts;
  /** HTTP status (sse), or the gRPC status code. */
  status?: number;
  /** Response headers (sse), handshake response headers (websocket), response metadata (grpc). */
  headers?: Record<string, string>;
  trailers?: Record<string, string>;
  httpVersion?: string;
  remoteAddress?: string;
  /** The server certificate of a TLS connection (`certificate.<field>` on sse steps). */
  certificate?: PeerCertificate;
  /** The proxy that carried the connection (sse through the HTTP proxy setting). */
  proxy?: string;
  /** grpc: a unary call, whose `body` is its one response message rather than the list a stream gives. */
  unary?: boolean;
}

export interface StreamSession {
  /**
   * Each message, event or result, already decoded (DECISIONS, "Finer points (wave 3)"): text whose whole is
   * valid JSON is parsed, other text stays text, a binary frame is `{ data: <base64>, binary: true }`. The
   * iteration ends when the server ends the stream; it throws when the connection fails.
   */
  items: AsyncIterable<unknown>;
  /** runner ends the stream (websocket: close code 1000, `by: client`); resolves once it is closed. */
  close(): Promise<void>;
  facts(): StreamFacts;
}

export interface StreamDriver<Spec> {
  /** Connects (the sandbox checked before dialling) and sends what the spec sends; rejects on failure. */
  open(spec: Spec, io: StreamIo): Promise<StreamSession>;
}

/** A websocket step as its driver gets it: every template filled in, every frame already text. */
export interface WebSocketOpen {
  url: string;
  headers: Record<string, string>;
  subprotocols: string[];
  /** Text frames, sent in order once connected. */
  send: string[];
}

/** An sse step as its driver gets it. */
export interface SseOpen {
  url: string;
  headers: Record<string, string>;
  lastEventId?: string;
}

/** A subscription step as its driver gets it: every template filled in. */
export interface SubscriptionOpen {
  /** `ws:` or `wss:`. */
  url: string;
  headers: Record<string, string>;
  query: string;
  variables?: Record<string, unknown>;
  operationName?: string;
  /** The `connection_init` payload, where servers commonly read a token. */
  connectionParams?: Record<string, unknown>;
}

/** A grpc step as its driver gets it: every template filled in (DECISIONS, "Streams and RPC steps"). */
export interface GrpcOpen {
  /** `grpc://host:port` or `grpcs://host:port`. */
  url: string;
  /** Fully qualified: `package.Service`. */
  service: string;
  method: string;
  /** The request message; absent sends an empty one. */
  message?: unknown;
  metadata: Record<string, string>;
  /** `.proto` files relative to `projectRoot`; none: the server's reflection describes the service. */
  proto: readonly string[];
  /** The directory that holds `.runner/`. */
  projectRoot: string;
  /** runner's user agent, sent before grpc-js's own. */
  userAgent?: string;
}
