/** The loaded workspace: configuration with defaults applied and every path absolute. */
import type { AuthSpec } from '../language/index.js';

export type ReportFormat = 'html' | 'json' | 'junit' | 'ctrf' | 'github';

/** HTTP client options (DECISIONS, "HTTP options"): config.yaml defaults, overridable per environment. */
export interface HttpOptions {
  http2: boolean;
  insecure: boolean;
  /** Absolute path of an extra CA file, added to the default roots. */
  caFile?: string;
  /** Absolute paths of the client certificate and key (PEM) for mutual TLS. */
  clientCert?: string;
  clientKey?: string;
  /** As written: usually `$accounts.<a>.<f>`, filled in when the run starts. */
  clientKeyPassphrase?: string;
  /** `host:port` (lower case, no brackets) to an address; the environment's entries win. */
  resolve: Record<string, string>;
  /** A proxy URL, `false` for none whatever the environment says; absent: the environment variables. */
  proxy?: string | false;
  compressed: boolean;
  cookies: boolean;
  maxResponseBytes: number;
  timeoutMs: number;
  maxRedirects: number;
}

export interface FailureSnapshotConfig {
  enabled: boolean;
  path: string;
  maskSensitive: boolean;
  retainCount: number;
}

export interface RunnerConfig {
  runnerVersion?: string;
  project: { name?: string; version?: string };
  environments: { default: string; path: string };
  tests: { path: string };
  schemas: { path: string };
  assets: { path: string };
  export: { path: string };
  reports: {
    path: string;
    /** From `reports.format`; used when `--report` is omitted. Absent means no reports by default. */
    formats?: ReportFormat[];
    archive: boolean;
    retention: number;
    maskSensitive: boolean;
    failures: FailureSnapshotConfig;
  };
  security: {
    mask: { enabled: boolean; fields: string[] };
    sandboxing: {
      enabled: boolean;
      allowedDomains: string[];
      blockedDomains: string[];
      blockPrivateSubnets: boolean;
    };
  };
  jwtTokenPath?: string;
  http: HttpOptions;
  /** Absolute path of the OpenAPI document every response is checked against (config `openapi:`). */
  openapi?: string;
  /** `run:` defaults for `runner run`; its flags win. */
  run: { jobs: number };
}

export interface Workspace {
  /** The project root: the directory that contains `.runner/`. */
  root: string;
  runnerDir: string;
  /** `.runner/config.yaml`, whether or not it exists. */
  configFile: string;
  /** The directory the command runs in; diagnostics show paths relative to it. */
  cwd: string;
  config: RunnerConfig;
}

export interface Environment {
  name: string;
  /** Absolute path of the environment file. */
  file: string;
  baseUrl: string;
  services: Record<string, { baseUrl: string }>;
  /** Cache connections by name (DECISIONS, "Workspace"). */
  cache: Record<string, { url: string }>;
  /** config.yaml `http` with this environment's overrides applied. */
  http: HttpOptions;
  /** `variables:` of the environment file, available to scenarios as `$name` (our addition to SPEC). */
  variables: Record<string, unknown>;
  /** `auth:` for every request of this environment unless a step says otherwise (DECISIONS, Wave 3). */
  auth?: AuthSpec;
}

export type Credentials = Record<string, Record<string, unknown>>;
