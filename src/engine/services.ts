import { randomUUID } from 'node:crypto';
import type { AssertionResult } from '../assertions/index.js';
import type { ExpressionRuntime } from '../expressions/index.js';
import type { CacheConnections } from '../cache/index.js';
import type { HttpClient } from '../http/index.js';
import type { Masker, SecretRegistry } from '../masking/index.js';
import type { AuthSpec, Scenario } from '../language/index.js';
import type { TokenStore } from '../auth/index.js';
import type { AssetReader } from '../workspace/assets.js';
import type { SchemaStore } from '../workspace/index.js';
import type { RunListener } from './events.js';
import type { RunStop } from './interrupts.js';

/** Time, passed in so tests can drive it. `monotonicMs` is for durations; `now` for timestamps. */
export interface Clock {
  now(): Date;
  monotonicMs(): number;
  /** Waits `ms`, or less: an aborted `signal` ends the wait at once (an interrupt never waits out a retry). */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

export const systemClock: Clock = {
  now: () => new Date(),
  monotonicMs: () => performance.now(),
  sleep: (ms, signal) =>
    new Promise((resolve) => {
      if (signal?.aborted) return resolve();
      const done = () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      signal?.addEventListener('abort', done, { once: true });
    }),
};

export const systemRuntime: ExpressionRuntime = {
  now: () => new Date(),
  random: () => Math.random(),
  uuid: () => randomUUID(),
};

/** The environment as the engine needs it: where requests go and the limits that apply. */
export interface TargetEnvironment {
  name: string;
  baseUrl: string;
  services: Record<string, { baseUrl: string }>;
  /** Environment `variables:`, visible to every scenario as `$name`. */
  variables: Record<string, unknown>;
  timeoutMs: number;
  maxResponseBytes: number;
  /** `http.maxRedirects`: redirects followed per step; 0 leaves a 3xx as the step's response. */
  maxRedirects: number;
  /** `http.cookies`: a cookie jar per scenario execution (default true). */
  cookies?: boolean;
  /** Cache connections by name (DECISIONS, "Workspace"); URLs as written, variables not yet filled in. */
  cache?: Record<string, { url: string }>;
  /** `auth:` for every request unless a step has its own or writes `Authorization` (DECISIONS, Wave 3). */
  auth?: AuthSpec;
}

export interface RunSettings {
  environment: TargetEnvironment;
  /** `$accounts.<name>.<field>` (SPEC phase 1); every value is a secret. */
  accounts: Record<string, Record<string, unknown>>;
  userAgent: string;
  /** config `jwt_token_path`: where a JWT is looked for first (SPEC, `expect` paths). */
  jwtTokenPath?: string;
  /** `runner run --var name=value`: every scenario sees these, whatever it sets or saves. */
  variables?: Record<string, string>;
}

/** What the engine talks to. Everything outside the process goes through here. */
export interface EngineServices {
  http: HttpClient;
  clock: Clock;
  runtime: ExpressionRuntime;
  secrets: SecretRegistry;
  /** Decides which saved values become secrets (saved from a masked field). */
  masker: Masker;
  listener: RunListener;
  /** Reads a composed scenario for `use` (absolute path); throws with a readable message when it is invalid. */
  loadScenario?: (path: string) => Promise<Scenario>;
  /** Files for multipart uploads, confined to `assets.path`. */
  assets?: AssetReader;
  /** The directory that holds `.runner/`: where a grpc step's `proto:` paths start. */
  projectRoot?: string;
  /** Response schemas for `expect: { schema: <name> }`, compiled once per run. */
  schemas?: SchemaStore;
  /** OAuth2 tokens of the run, shared by every scenario and `--jobs` execution; one per run when absent. */
  tokens?: TokenStore;
  /** Read-only cache connections for `cache` steps; whoever creates them closes them. */
  cache?: CacheConnections;
  /** Spreadsheet files for `export` and `import` steps (src/spreadsheets implements it). */
  spreadsheets?: SpreadsheetAccess;
  /** Stops the run from outside; without it the run always goes to the end. */
  stop?: RunStop;
  /** The API contract every HTTP response is checked against (config `openapi:`; src/openapi implements it). */
  contract?: ContractChecker;
  /**
   * Which finished records the run result keeps (default `all`). With `failed`, listeners still see every
   * record as it ends, but the result keeps only a scenario's failed top-level steps, without nested
   * records (what failure snapshots and the console summary need): a run that writes no report then holds
   * no record it has printed, however long it grows (issue 14, flat memory).
   */
  keep?: RecordRetention;
  /**
   * A listener of one execution's events as they happen, never held back and grouped as `--jobs` groups
   * the others (the record stream: each execution keeps its own account, whatever runs beside it).
   * `position` is the execution's place in the run's plan order.
   */
  executionListener?: (position: number) => RunListener;
}

/** What the contract check sees of one exchange: the final request and its response. */
export interface ContractExchange {
  method: string;
  url: string;
  status: number;
  headers: Record<string, string>;
  /** Parsed JSON when the body is JSON, its text otherwise, undefined when empty. */
  body: unknown;
  bodyText: string;
  /** Why a body under a JSON content type was kept as text (invalid JSON, nested too deep). */
  bodyProblem?: string;
}

/**
 * Checks responses against an API contract (DECISIONS.md, "Authoring": OpenAPI): the checks join the step's
 * own; a request that matches no operation gives a warning, not a failure.
 */
export interface ContractChecker {
  check(exchange: ContractExchange): Promise<{
    /** The operation matched, `GET /pets/{petId}`, recorded on the step for coverage. */
    operation?: string;
    assertions: AssertionResult[];
    warning?: string;
  }>;
}

export type RecordRetention = 'all' | 'failed';

/**
 * Reads and writes .xlsx files for `export` and `import` steps, resolving relative paths as SPEC says; `file`
 * in the answers is the path as shown to the user. Throws with a readable message.
 */
export interface SpreadsheetAccess {
  write(request: {
    file: string;
    sheet: string;
    headers: readonly string[];
    rows: readonly (readonly unknown[])[];
  }): Promise<{ file: string }>;
  read(request: {
    file: string;
    sheet?: string;
    headerRow: number;
    dataStartRow: number;
    columns?: readonly { header: string; as: string }[];
  }): Promise<{ file: string; sheet: string; rows: Record<string, unknown>[]; warnings: string[] }>;
}
