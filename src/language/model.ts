/**
 * The scenario language as typed data. Every node keeps where it came from, so diagnostics and failed steps
 * can point at the source (STYLE.md, "Source positions everywhere"). Values the user writes as templates stay
 * raw strings here; the engine interpolates them at execution time (SPEC, phase 3).
 */
import type { SourceLocation } from '../diagnostics/location.js';
import type { AuthSpec } from './authSpec.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH' | 'OPTIONS' | 'HEAD';
export const HTTP_METHODS: readonly HttpMethod[] = [
  'GET',
  'POST',
  'PUT',
  'DELETE',
  'PATCH',
  'OPTIONS',
  'HEAD',
];

export type StepKind =
  'request' | 'cache' | StreamKind | 'use' | 'set' | 'export' | 'import' | 'repeat' | 'for_each';

/** Steps that open a connection and collect what it streams (DECISIONS, Wave 3 "Streams and RPC steps"). */
export type StreamKind = 'websocket' | 'sse' | 'subscription' | 'grpc';
export const STREAM_KINDS: readonly StreamKind[] = ['websocket', 'sse', 'subscription', 'grpc'];

/** How reports name each stream kind. */
export const STREAM_KIND_NAMES: Readonly<Record<StreamKind, string>> = {
  websocket: 'WebSocket',
  sse: 'SSE',
  subscription: 'GraphQL subscription',
  grpc: 'gRPC',
};

export const STEP_KINDS: readonly StepKind[] = [
  'request',
  'cache',
  ...STREAM_KINDS,
  'use',
  'set',
  'export',
  'import',
  'repeat',
  'for_each',
];

export type Section = 'setup' | 'steps' | 'teardown';

export interface MultipartFile {
  path: string;
  filename?: string;
  contentType?: string;
}

export interface Multipart {
  fields: Record<string, string>;
  files: Record<string, MultipartFile>;
  /** `files` is written before `fields`: the file parts are sent first (parts go in the order written). */
  filesFirst?: boolean;
}

export interface Transform {
  from: string;
  filter?: string;
  slice?: string;
  map?: unknown;
  into?: string;
}

/** `graphql` (DECISIONS, Wave 2 "Language additions"): sent as the JSON body `{query, variables, operationName}`. */
export interface GraphqlSpec {
  query: string;
  variables?: unknown;
  operationName?: string;
}

/** A header or query value: one text, or a list sent as repeated lines / parameters (`tag=a&tag=b`). */
export type TextOrList = string | string[];

export interface RequestSpec {
  method: HttpMethod;
  url: string;
  service?: string;
  headers: Record<string, TextOrList>;
  query: Record<string, TextOrList>;
  /** JSON-able value or a raw string; absent when there is no body. */
  body?: unknown;
  hasBody: boolean;
  transform?: Transform;
  multipart?: Multipart;
  /** `form`: name/value pairs in the order written, sent urlencoded. */
  form?: [string, string][];
  graphql?: GraphqlSpec;
  /** Milliseconds, parsed from the duration string. */
  timeoutMs?: number;
  /** The step's `auth:`; the environment's applies when absent (DECISIONS, Wave 3 "Auth"). */
  auth?: AuthSpec;
}

export type CacheCommand = 'get' | 'exists' | 'ttl' | 'hgetall';
export const CACHE_COMMANDS: readonly CacheCommand[] = ['get', 'exists', 'ttl', 'hgetall'];

export interface CacheSpec {
  connection: string;
  command: CacheCommand;
  key: string;
}

/**
 * How a stream step collects (DECISIONS, "Finer points (wave 3)", Stream collection): `count` and `until` are
 * goals, `timeoutMs` bounds the wait. `until` is a condition in the `if` language, evaluated after each item
 * with `$message` (`$event` for SSE) bound to it.
 */
export interface CollectSpec {
  count?: number;
  until?: string;
  /** Milliseconds, parsed from the duration string. */
  timeoutMs?: number;
}

/** One `send` item of a websocket step: a map or list goes out as one JSON text frame, text as it is. */
export type WebSocketSend = unknown;

export interface WebSocketSpec {
  /** `ws:` or `wss:`; variables interpolated. */
  url: string;
  headers: Record<string, string>;
  subprotocols: string[];
  send: WebSocketSend[];
  receive: CollectSpec;
}

export interface SseSpec extends CollectSpec {
  /** `http:` or `https:`; variables interpolated. */
  url: string;
  headers: Record<string, string>;
  /** Sent as `Last-Event-ID`. */
  lastEventId?: string;
}

/**
 * A GraphQL subscription over the `graphql-transport-ws` protocol (DECISIONS, "Finer points (wave 3)"): each
 * result the server sends is one of `messages`, whole (`messages[0].data.<field>`).
 */
export interface SubscriptionSpec extends CollectSpec {
  /** `ws:` or `wss:`; variables interpolated. */
  url: string;
  /** Headers of the opening handshake. */
  headers: Record<string, string>;
  query: string;
  variables?: unknown;
  operationName?: string;
  /** The `connection_init` payload (a map), where many servers read a token. */
  connectionParams?: unknown;
}

/**
 * One gRPC call (DECISIONS, "Streams and RPC steps"): unary, or server streaming collected like any stream.
 * Every text is a template, filled in when the step runs.
 */
export interface GrpcSpec extends CollectSpec {
  /** `grpc:` (plain HTTP/2) or `grpcs:` (TLS). */
  url: string;
  /** Fully qualified: `package.Service`. */
  service: string;
  method: string;
  /** The request message as written (a map; its strings are templates); absent sends an empty message. */
  message?: unknown;
  metadata: Record<string, string>;
  /** `.proto` files relative to the project root; none: the server's reflection describes the service. */
  proto: string[];
}

export interface ExportColumn {
  header: string;
  value: string;
}

export interface ExportSpec {
  file: string;
  from: string;
  sheet: string;
  columns: ExportColumn[];
}

export interface ImportSpec {
  file: string;
  as: string;
  sheet?: string;
  headerRow: number;
  dataStartRow: number;
  columns?: { header: string; as: string }[];
}

export interface RepeatSpec {
  attempts: number;
  until: string;
  steps: Step[];
}

export interface ForEachSpec {
  from: string;
  as: string;
  steps: Step[];
}

export type Backoff = 'constant' | 'linear' | 'exponential';

export interface RetrySpec {
  attempts: number;
  intervalMs: number;
  backoff: Backoff;
  maxDurationMs?: number;
  onStatus?: number[];
}

/** One `expect` entry: the path as written (`status`, `body.items[0].id`, ...) and the expected value as written. */
export interface Expectation {
  path: string;
  expected: unknown;
  loc: SourceLocation;
}

/** One `save` entry: variable name and source (`body.id`, `headers.x-id`, `count(body.items)`, ...). */
export interface SaveRule {
  variable: string;
  source: string;
  loc: SourceLocation;
}

interface StepBase {
  name?: string;
  if?: string;
  expect: Expectation[];
  /** `expect` was written as a list: checked in the order written (DECISIONS, Wave 2), not SPEC's phase order. */
  expectInOrder?: boolean;
  save: SaveRule[];
  retry?: RetrySpec;
  timingMaxMs?: number;
  /** `delay`: milliseconds to wait before the step's first attempt. */
  delayMs?: number;
  loc: SourceLocation;
}

export type Step =
  | (StepBase & { kind: 'request'; request: RequestSpec })
  | (StepBase & { kind: 'cache'; cache: CacheSpec })
  | (StepBase & { kind: 'websocket'; websocket: WebSocketSpec })
  | (StepBase & { kind: 'sse'; sse: SseSpec })
  | (StepBase & { kind: 'subscription'; subscription: SubscriptionSpec })
  | (StepBase & { kind: 'grpc'; grpc: GrpcSpec })
  | (StepBase & {
      kind: 'use';
      use: string;
      with: Record<string, string>;
      /** Absolute path of the target, when the loader resolved it (relative to this file's directory). */
      usePath?: string;
    })
  | (StepBase & { kind: 'set'; set: Record<string, string> })
  | (StepBase & { kind: 'export'; export: ExportSpec })
  | (StepBase & { kind: 'import'; import: ImportSpec })
  | (StepBase & { kind: 'repeat'; repeat: RepeatSpec })
  | (StepBase & { kind: 'for_each'; forEach: ForEachSpec });

export interface Scenario {
  name: string;
  description?: string;
  tags: string[];
  setup: Step[];
  steps: Step[];
  teardown: Step[];
  /** Each map is one data set; the scenario runs once per map (SPEC, Scenario). */
  examples?: Record<string, unknown>[];
  /**
   * `parallel: false`: with `--jobs` above 1, this file's executions run alone, after the others
   * (DECISIONS.md, "Running at scale"). Absent means it may run beside others.
   */
  parallel?: false;
  /** The scenario file as messages show it (relative to the working directory). */
  file: string;
  /** The file's absolute path, set by the workspace loader (composition resolves and detects cycles with it). */
  path?: string;
  loc: SourceLocation;
}
