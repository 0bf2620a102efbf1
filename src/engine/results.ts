/**
 * What a run produces. Reporters render from these finished records only (STYLE.md, "Reporters are
 * listeners"); nothing here refers back to the engine.
 */
import type { AssertionResult } from '../assertions/index.js';
import type { SourceLocation } from '../diagnostics/location.js';
import type { Section, StepKind, StreamKind } from '../language/model.js';

export type StepStatus = 'passed' | 'failed' | 'skipped';

export interface RecordedRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  /** The body as sent: parsed JSON value when JSON, else text. */
  body?: unknown;
  /** The proxy that carried the request (DECISIONS, "HTTP"); its credentials are masked in every output. */
  proxy?: string;
}

export interface RecordedResponse {
  status: number;
  statusText: string;
  httpVersion: string;
  /**
   * Names lower-cased; repeated headers joined with `, `, except `set-cookie`: one item per line, as the
   * language reads `headers.set-cookie` (lines may hold commas of their own, in `Expires`).
   */
  headers: Record<string, string | string[]>;
  /** Parsed JSON when JSON, else text; undefined when empty. */
  body?: unknown;
  /** Decoded body bytes. */
  sizeBytes: number;
  /** The `content-encoding` that was decoded, and the bytes as they came over the wire. */
  encoding?: string;
  encodedSizeBytes?: number;
}

/** One try of a step with `retry` (SPEC, `retry` object): every attempt is recorded for the reports. */
export interface AttemptRecord {
  /** 1-based. */
  attempt: number;
  status: StepStatus;
  /** The response status, when a response came. */
  httpStatus?: number;
  durationMs: number;
  /** The first failure of this attempt, as the console would print it. */
  failure?: string;
  /** The wait before the next attempt, jitter included; absent on the last. */
  waitMs?: number;
}

/** A redirect the runner followed on the way to the final response. */
export interface RedirectHop {
  status: number;
  from: string;
  to: string;
}

export interface TimingCheck {
  maxMs: number;
  actualMs: number;
  passed: boolean;
}

/** What a `cache` step asked and what came back (SPEC, `cache` object), for the reports. */
export interface CacheExchange {
  connection: string;
  command: string;
  /** The key with variables filled in. */
  key: string;
  /** `{ exists, value, ttl }` as `expect` and `save` saw them; absent when no reply came. */
  reply?: Record<string, unknown>;
}

/**
 * A stream step's connection (DECISIONS, Wave 3 "Streams and RPC steps"): what was sent, the items that came
 * (capped like bodies, recordCaps.ts) and how it ended. report.json shows the items as `messages` or
 * `events` on the step's response.
 */
export interface StreamExchange {
  kind: StreamKind;
  /** The URL with variables filled in. */
  url: string;
  /** Headers (or gRPC metadata) sent with the opening request. */
  requestHeaders?: Record<string, string>;
  /** Messages sent, in order, as written (a map stays a map). */
  sent?: unknown[];
  itemsKey: 'messages' | 'events';
  items: unknown[];
  /** The items that came, before the record's cap (`items` may hold fewer). */
  itemCount: number;
  close?: { code: number; reason: string; by: 'client' | 'server' };
  status?: number;
  /** Response headers (handshake response, SSE response, gRPC response metadata). */
  headers?: Record<string, string>;
  trailers?: Record<string, string>;
  httpVersion?: string;
  /** The proxy that carried the connection, credentials left in (masked in every output). */
  proxy?: string;
  /** From dialling to the end of collection. */
  durationMs: number;
}

/** The file an `export` step wrote or an `import` step read (SPEC, `export`/`import` objects). */
export interface SpreadsheetTransfer {
  /** Relative to the project root when inside it. */
  file: string;
  sheet: string;
  rows: number;
}

/**
 * An exchange a step's credentials cost (DECISIONS, Wave 3 "Auth"): a Digest challenge, or an OAuth2 token
 * request (on the step that made it; the steps that reuse the token have none).
 */
export interface AuthExchangeRecord {
  purpose: 'digest challenge' | 'oauth2 token';
  request: RecordedRequest;
  response?: RecordedResponse;
  durationMs?: number;
  /** Why no response came (a sandbox block, a refused connection). */
  error?: string;
}

export interface StepResult {
  /** 0-based position in the scenario execution, counting setup, steps and teardown in order. */
  index: number;
  section: Section;
  kind: StepKind;
  /** `name`, or `METHOD url` for requests, or a description of the operation. */
  label: string;
  status: StepStatus;
  durationMs: number;
  loc: SourceLocation;
  request?: RecordedRequest;
  response?: RecordedResponse;
  assertions: AssertionResult[];
  /** Variables this step stored (after a successful step only — SPEC phase 7). */
  saved: Record<string, unknown>;
  warnings: string[];
  /** A failure that is not an assertion: a network error, an undefined variable, a sandbox block. */
  error?: string;
  /** Why the step did not run. */
  skipReason?: string;
  timing?: TimingCheck;
  requestId?: string;
  /** The OpenAPI operation the request matched (config `openapi:`), `GET /pets/{petId}`: coverage counts it. */
  operation?: string;
  /**
   * Nested executions (loops, composed scenarios), in order. Read them by iterating: a run whose records
   * streamed to disk (issue 14, flat memory) reads each one back only as it is reached.
   */
  children?: StepList;
  /**
   * How the nested records went, all of them: a run that keeps only failed records (see recordList) keeps
   * only the failed ones in `children`, and a failure text still says `Nested executions: 20000 (...)`.
   */
  childCounts?: StepCounts;
  /** With `retry`: every attempt, in order. */
  attempts?: AttemptRecord[];
  /** Redirects followed before the final response. */
  redirects?: RedirectHop[];
  /** Exchanges made for the step's credentials before or around its request. */
  authExchanges?: AuthExchangeRecord[];
  /** A `cache` step's question and reply. */
  cache?: CacheExchange;
  /** A stream step's connection: what was sent, what came, how it ended. */
  stream?: StreamExchange;
  /** An `export` or `import` step's file, sheet and row count. */
  spreadsheet?: SpreadsheetTransfer;
  /** An exhausted retry halts the scenario: later main steps are skipped (DECISIONS.md). */
  haltsScenario?: boolean;
  /** The variables when a failed step ended, for its failure snapshot (SPEC: variableStoreAtFailure). */
  variablesAtFailure?: Record<string, unknown>;
}

/** A list of records that may be read one at a time: an array, or records read back from disk. */
export interface StepList extends Iterable<StepResult> {
  readonly length: number;
}

export interface StepCounts {
  passed: number;
  failed: number;
  skipped: number;
  total: number;
}

export interface ScenarioResult {
  /** The scenario name; with examples, `<name> [<n>]` or the data set's `name` (DECISIONS.md). */
  name: string;
  file: string;
  description?: string;
  tags: string[];
  environment: string;
  status: 'passed' | 'failed';
  startedAt: string;
  durationMs: number;
  steps: StepResult[];
  counts: StepCounts;
  /** The variable store when the scenario ended (for failure snapshots). */
  variables: Record<string, unknown>;
  /**
   * An interrupt came `during` this execution (the steps it kept from running are skipped), or `before` it
   * started (every step is skipped).
   */
  interrupted?: 'during' | 'before';
  /** `--bail` stopped the run after another execution failed, before this one started (every step skipped). */
  notRun?: 'bail';
}

export interface RunResult {
  environment: string;
  status: 'passed' | 'failed';
  startedAt: string;
  durationMs: number;
  scenarios: ScenarioResult[];
  counts: StepCounts;
  /** The run was stopped from outside (Ctrl-C, SIGTERM, a cancelled MCP call): DECISIONS.md, Interrupts. */
  interrupted?: true;
}

/** Counts the steps of a list (top-level records; nested executions are part of their parent step). */
export function countSteps(steps: readonly StepResult[]): StepCounts {
  const counts: StepCounts = { passed: 0, failed: 0, skipped: 0, total: steps.length };
  for (const step of steps) counts[step.status]++;
  return counts;
}

export function addCounts(a: StepCounts, b: StepCounts): StepCounts {
  return {
    passed: a.passed + b.passed,
    failed: a.failed + b.failed,
    skipped: a.skipped + b.skipped,
    total: a.total + b.total,
  };
}
