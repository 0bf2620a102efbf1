/**
 * The shape of `report.json`: SPEC.md's record (Reports) plus our additions, each marked. docs/reports.md
 * describes every field and docs/report.schema.json is the JSON Schema the tests hold these types to.
 */
import type { StepStatus } from '../../engine/index.js';

export interface JsonAssertion {
  path: string;
  expected: unknown;
  /** `null` when the path was missing (then `available` lists the fields that were there). */
  actual: unknown;
  passed: boolean;
  /** Addition: the console line, e.g. `status = 201 (expected), got 404`. */
  message: string;
  /** Addition: when the path was missing, the fields at the deepest level reached. */
  available?: string[];
  /** Addition: the line of the expectation in the scenario file. */
  line?: number;
  /** Addition: its column. */
  col?: number;
}

export interface JsonRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  /** JSON value or text as sent; a multipart body is `{fields, files}`; `null` when there was none. */
  body: unknown;
  /** Addition: the proxy that carried the request, credentials masked. */
  proxy?: string;
  /** Addition, stream steps: the messages sent, in order (a map as written). */
  sent?: unknown[];
}

export interface JsonResponse {
  status: number;
  /** `set-cookie` is the list of its lines (RecordedResponse). */
  headers: Record<string, string | string[]>;
  /** Parsed JSON, or text; `null` when empty. */
  body: unknown;
  /** Additions. */
  statusText: string;
  httpVersion: string;
  /** Decoded body bytes. */
  sizeBytes: number;
  /** The `content-encoding` decoded (`gzip`, `deflate`, `br`) and the body's size on the wire. */
  encoding?: string;
  encodedSizeBytes?: number;
  /** Additions, stream steps: the items that came (capped like bodies), how many, and how it closed. */
  messages?: unknown[];
  events?: unknown[];
  itemCount?: number;
  close?: { code: number; reason: string; by: 'client' | 'server' };
  trailers?: Record<string, string>;
}

/** Addition: one try of a step with `retry`. Times in whole milliseconds. */
export interface JsonAttempt {
  attempt: number;
  status: StepStatus;
  httpStatus?: number;
  duration: number;
  failure?: string;
  /** The wait before the next attempt; absent on the last. */
  wait?: number;
}

/** Addition: the `timing.max` check, in whole milliseconds. */
export interface JsonTiming {
  max: number;
  actual: number;
  passed: boolean;
}

export interface JsonRedirect {
  status: number;
  from: string;
  to: string;
}

/** A Digest challenge or an OAuth2 token request the step's credentials cost (masked like the step's own). */
export interface JsonAuthExchange {
  purpose: 'digest challenge' | 'oauth2 token';
  request: JsonRequest;
  response: JsonResponse | null;
  duration?: number;
  error?: string;
}

export interface JsonStep {
  index: number;
  label: string;
  /** Whole milliseconds. */
  duration: number;
  durationLabel: string;
  /** `status === 'passed'`: a skipped step is neither passed nor failed. */
  passed: boolean;
  /** `null` when the step made no HTTP request (set, cache, loops, skipped steps). */
  curl: string | null;
  request: JsonRequest | null;
  response: JsonResponse | null;
  requestId: string | null;
  assertions: JsonAssertion[];
  // Additions from here on.
  status: StepStatus;
  kind: string;
  section: string;
  line: number;
  /** The step's column, so `report merge` can point GitHub annotations where a run does. */
  col: number;
  /** Only when the step comes from another file than its scenario (a `use`d scenario's steps). */
  file?: string;
  skipReason?: string;
  error?: string;
  timing?: JsonTiming;
  attempts?: JsonAttempt[];
  redirects?: JsonRedirect[];
  authExchanges?: JsonAuthExchange[];
  warnings?: string[];
  /** Variables the step saved. */
  saved?: Record<string, unknown>;
  /** A cache step's command and reply. */
  cache?: { connection: string; command: string; key: string; reply?: Record<string, unknown> };
  /** The file an export step wrote or an import step read. */
  spreadsheet?: { file: string; sheet: string; rows: number };
  /** Nested executions (loop passes, their steps, a `use`d scenario's steps), in the same shape. */
  children?: JsonStep[];
}

export interface JsonMetadata {
  version: string;
  /** When the run (or, inside `scenarios[]`, the execution) started, ISO 8601. */
  timestamp: string;
  /** Whole milliseconds. */
  duration: number;
  scenario: string;
  testFile: string;
  environment: string;
  // Additions.
  status: 'passed' | 'failed';
  /** When the report was written, ISO 8601. */
  generatedAt: string;
  description?: string;
  tags?: string[];
  /** Present only when an interrupt stopped the run, or this execution (DECISIONS.md, Interrupts). */
  interrupted?: true;
}

export interface JsonSummary {
  total: number;
  passed: number;
  failed: number;
  /** Addition: steps not run (`if` false, setup failed, halted by an exhausted retry). */
  skipped: number;
  /** `passed` as a whole percentage of the steps that ran (passed + failed), rounded down; 0 when none ran. */
  passedPercent: number;
}

/** SPEC.md's record of one scenario execution. */
export interface JsonScenarioRecord {
  metadata: JsonMetadata;
  summary: JsonSummary;
  steps: JsonStep[];
  /** `label: message` per step error and failed check; nested steps as `outer › inner: message`. */
  errors: string[];
}

/**
 * The whole `report.json`. One execution: exactly its record, no `scenarios`. Several (DECISIONS.md,
 * Reports): the top level aggregates the run, `steps` is empty, and `scenarios[]` holds one record each.
 */
export interface JsonReport extends JsonScenarioRecord {
  scenarios?: JsonScenarioRecord[];
}
