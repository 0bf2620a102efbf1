/**
 * config.yaml data (already shape-checked) to a RunnerConfig with the defaults of SPEC and DECISIONS applied
 * and every path resolved against the project root.
 */
import { isAbsolute, join, resolve } from 'node:path';
import { RunnerError } from '../diagnostics/errors.js';
import { parseDuration } from '../language/index.js';
import type { HttpOptions, ReportFormat, RunnerConfig } from './types.js';

/** config.yaml as written; optional everywhere, types guaranteed by the CONFIG_SHAPE check. */
export interface ConfigFile {
  runner_version?: string | number;
  project?: { name?: string | number; version?: string | number };
  environments?: { default?: string; path?: string };
  tests?: { path?: string };
  schemas?: { path?: string };
  assets?: { path?: string };
  export?: { path?: string };
  reports?: {
    path?: string;
    directory?: string;
    format?: string;
    archive?: boolean;
    retention?: number;
    maskSensitive?: boolean;
    failures?: { enabled?: boolean; path?: string; maskSensitive?: boolean; retainCount?: number };
  };
  security?: {
    mask?: { enabled?: boolean; fields?: string[] };
    sandboxing?: {
      enabled?: boolean;
      allowedDomains?: string[];
      blockedDomains?: string[];
      blockPrivateSubnets?: boolean;
    };
  };
  jwt_token_path?: string;
  http?: HttpFile;
  openapi?: string;
  run?: { jobs?: number };
}

export interface HttpFile {
  http2?: boolean;
  insecure?: boolean;
  caFile?: string;
  clientCert?: string;
  clientKey?: string;
  clientKeyPassphrase?: string | number;
  resolve?: Record<string, string>;
  proxy?: string | boolean;
  compressed?: boolean;
  cookies?: boolean;
  maxResponseBytes?: number;
  timeout?: string;
  maxRedirects?: number;
}

const DEFAULT_HTTP: HttpOptions = {
  http2: true,
  insecure: false,
  maxResponseBytes: 10 * 1024 * 1024,
  timeoutMs: 30_000,
  maxRedirects: 10,
  resolve: {},
  compressed: true,
  cookies: true,
};

/** `host:port` keys as the client looks them up: lower case, IPv6 without brackets. */
function pinKeys(map: Record<string, string> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, address] of Object.entries(map ?? {})) {
    const colon = key.lastIndexOf(':');
    const host = key
      .slice(0, colon)
      .replace(/^\[(.*)\]$/, '$1')
      .toLowerCase();
    out[`${host}${key.slice(colon)}`] = String(address).replace(/^\[(.*)\]$/, '$1');
  }
  return out;
}

/** A path setting: resolved against the project root when the file sets it, else inherited. */
function pathSetting(
  name: 'caFile' | 'clientCert' | 'clientKey',
  file: HttpFile,
  base: HttpOptions,
  root: string,
): Partial<HttpOptions> {
  const own = file[name];
  if (own !== undefined) return { [name]: resolve(root, own) };
  const inherited = base[name];
  return inherited === undefined ? {} : { [name]: inherited };
}

/**
 * Applies `http:` overrides from a file onto `base`; file paths resolve against the project root
 * (DECISIONS, "Finer points"), and the file's `resolve` entries win over the base's one by one.
 */
export function mergeHttp(base: HttpOptions, file: HttpFile | undefined, root: string): HttpOptions {
  if (!file) return base;
  const timeoutMs = file.timeout === undefined ? undefined : parseDuration(file.timeout);
  // `proxy: true` says nothing more than leaving the key out: the environment variables decide.
  const proxy = file.proxy === undefined ? base.proxy : file.proxy === true ? undefined : file.proxy;
  const passphrase = file.clientKeyPassphrase ?? base.clientKeyPassphrase;
  return {
    http2: file.http2 ?? base.http2,
    insecure: file.insecure ?? base.insecure,
    ...pathSetting('caFile', file, base, root),
    ...pathSetting('clientCert', file, base, root),
    ...pathSetting('clientKey', file, base, root),
    ...(passphrase === undefined ? {} : { clientKeyPassphrase: String(passphrase) }),
    resolve: { ...base.resolve, ...pinKeys(file.resolve) },
    ...(proxy === undefined ? {} : { proxy }),
    compressed: file.compressed ?? base.compressed,
    cookies: file.cookies ?? base.cookies,
    maxResponseBytes: file.maxResponseBytes ?? base.maxResponseBytes,
    timeoutMs: timeoutMs ?? base.timeoutMs,
    maxRedirects: file.maxRedirects ?? base.maxRedirects,
  };
}

function formats(text: string | undefined): ReportFormat[] | undefined {
  if (text === undefined) return undefined;
  const list = text.split(',').map((part) => part.trim()) as ReportFormat[];
  return [...new Set(list)];
}

function text(value: string | number | undefined): string | undefined {
  return value === undefined ? undefined : String(value);
}

export function buildConfig(file: ConfigFile, root: string, configDisplay: string): RunnerConfig {
  const runnerDir = join(root, '.runner');
  const at = (path: string | undefined, fallback: string): string => resolve(root, path ?? fallback);
  const reports = file.reports ?? {};
  if (reports.path !== undefined && reports.directory !== undefined) {
    throw new RunnerError(
      'config.invalid',
      `invalid config.yaml file ${configDisplay}: \`reports.path\` and \`reports.directory\` name the same setting`,
      {
        location: { file: configDisplay, line: 1, col: 1 },
        hint: 'keep `reports.path`',
      },
    );
  }
  // SPEC: `reports.directory` is "a directory under `.runner/`"; `reports.path` is relative to the project root.
  const reportsPath =
    reports.directory !== undefined && !isAbsolute(reports.directory)
      ? resolve(runnerDir, reports.directory)
      : at(reports.path ?? reports.directory, '.runner/reports');
  const failures = reports.failures ?? {};
  const mask = file.security?.mask ?? {};
  const sandbox = file.security?.sandboxing ?? {};
  const reportFormats = formats(reports.format);
  const runnerVersion = text(file.runner_version);
  const projectName = text(file.project?.name);
  const projectVersion = text(file.project?.version);
  return {
    ...(runnerVersion !== undefined ? { runnerVersion } : {}),
    project: {
      ...(projectName !== undefined ? { name: projectName } : {}),
      ...(projectVersion !== undefined ? { version: projectVersion } : {}),
    },
    environments: {
      default: file.environments?.default ?? 'local',
      path: at(file.environments?.path, '.runner/environments'),
    },
    tests: { path: at(file.tests?.path, '.runner/tests') },
    schemas: { path: at(file.schemas?.path, '.runner/schemas') },
    assets: { path: at(file.assets?.path, 'assets') },
    export: { path: at(file.export?.path, '.') },
    reports: {
      path: reportsPath,
      ...(reportFormats ? { formats: reportFormats } : {}),
      archive: reports.archive ?? false,
      retention: reports.retention ?? 10,
      maskSensitive: reports.maskSensitive ?? true,
      failures: {
        enabled: failures.enabled ?? true,
        path: failures.path !== undefined ? resolve(root, failures.path) : join(reportsPath, 'failures'),
        maskSensitive: failures.maskSensitive ?? true,
        retainCount: failures.retainCount ?? 50,
      },
    },
    security: {
      mask: { enabled: mask.enabled ?? true, fields: mask.fields ?? [] },
      sandboxing: {
        enabled: sandbox.enabled ?? false,
        allowedDomains: sandbox.allowedDomains ?? [],
        blockedDomains: sandbox.blockedDomains ?? [],
        blockPrivateSubnets: sandbox.blockPrivateSubnets ?? false,
      },
    },
    ...(file.jwt_token_path !== undefined ? { jwtTokenPath: file.jwt_token_path } : {}),
    http: mergeHttp(DEFAULT_HTTP, file.http, root),
    // DECISIONS.md, "Finer points": the `openapi` path is relative to the project root.
    ...(file.openapi !== undefined ? { openapi: resolve(root, file.openapi) } : {}),
    run: { jobs: file.run?.jobs ?? 1 },
  };
}
