import {
  fanOut,
  runSuite,
  type RecordRetention,
  type RunListener,
  type RunResult,
  type RunStop,
  type StepEnd,
} from '../../src/engine/index.js';
import { testRuntime } from '../../src/expressions/testRuntime.js';
import { createHttpClient, type HttpClient } from '../../src/http/index.js';
import { parseScenario, type Scenario } from '../../src/language/index.js';
import { Masker, SecretRegistry } from '../../src/masking/index.js';
import type { AssetReader } from '../../src/workspace/assets.js';
import type { SchemaStore } from '../../src/workspace/index.js';
import { systemClock } from '../../src/engine/index.js';
import type { SpreadsheetAccess } from '../../src/engine/services.js';
import { createCacheConnections, type CacheConnections } from '../../src/cache/index.js';
import type { SandboxPolicy } from '../../src/http/index.js';

/** Parses scenario YAML written in a test; fails the test with the diagnostics when it is invalid. */
export function scenarioFromYaml(
  yaml: string,
  options: { file?: string; path?: string; fragment?: boolean } = {},
): Scenario {
  const { file = 'test.yaml', path, fragment = false } = options;
  // A fragment (the target of a `use`) may read its parent's variables.
  const parsed = parseScenario(yaml, file, { isUseTarget: fragment });
  const errors = parsed.diagnostics.filter((d) => d.severity === 'error');
  if (!parsed.scenario || errors.length > 0) {
    throw new Error(
      `invalid test scenario:\n${errors.map((d) => `${d.location?.line}:${d.location?.col} ${d.message}`).join('\n')}`,
    );
  }
  return path === undefined ? parsed.scenario : { ...parsed.scenario, path };
}

export interface EngineRun {
  result: RunResult;
  steps: StepEnd[];
  secrets: SecretRegistry;
}

/** Runs scenarios through the real engine and a real HTTP client against `baseUrl`, recording events. */
export async function runScenarios(
  scenarios: Scenario[],
  options: {
    baseUrl: string;
    accounts?: Record<string, Record<string, unknown>>;
    variables?: Record<string, unknown>;
    services?: Record<string, { baseUrl: string }>;
    http?: HttpClient;
    listener?: RunListener;
    timeoutMs?: number;
    /** Composed scenarios by absolute path, for `use` steps. */
    files?: Record<string, Scenario>;
    assets?: AssetReader;
    maxRedirects?: number;
    masker?: Masker;
    jwtTokenPath?: string;
    schemas?: SchemaStore;
    /** The environment's cache connections; a real client is made for them unless `cacheClient` is given. */
    cache?: Record<string, { url: string }>;
    cacheClient?: CacheConnections;
    /** The sandbox of the real cache client. */
    sandbox?: SandboxPolicy;
    /** The run's secrets, when the test's masker must share them. */
    secrets?: SecretRegistry;
    /** Spreadsheet files for `export`/`import` steps (see createSpreadsheetFiles). */
    spreadsheets?: SpreadsheetAccess;
    /** Stops the run from outside, as Ctrl-C does. */
    stop?: RunStop;
    /** Which records the result keeps (EngineServices.keep). */
    keep?: RecordRetention;
    /** A listener per execution, told its events as they happen (the record stream). */
    executionListener?: (position: number) => RunListener;
    /** `--jobs`: how many executions run at once. */
    jobs?: number;
  },
): Promise<EngineRun> {
  const steps: StepEnd[] = [];
  const secrets = options.secrets ?? new SecretRegistry();
  secrets.add(options.accounts ?? {});
  const http = options.http ?? createHttpClient({ http2: false, insecure: false, userAgent: 'runner/test' });
  const recorder: RunListener = { onStepEnd: (event) => void steps.push(event) };
  const ownCache =
    options.cache && !options.cacheClient
      ? createCacheConnections({ timeoutMs: options.timeoutMs ?? 5_000, sandbox: options.sandbox })
      : undefined;
  try {
    const result = await runSuite(
      scenarios,
      {
        environment: {
          name: 'test',
          baseUrl: options.baseUrl,
          services: options.services ?? {},
          variables: options.variables ?? {},
          timeoutMs: options.timeoutMs ?? 5_000,
          maxResponseBytes: 10 * 1024 * 1024,
          maxRedirects: options.maxRedirects ?? 10,
          cache: options.cache,
        },
        accounts: options.accounts ?? {},
        userAgent: 'runner/test',
        jwtTokenPath: options.jwtTokenPath,
      },
      {
        http,
        clock: systemClock,
        runtime: testRuntime(),
        secrets,
        masker: options.masker ?? new Masker({ enabled: true, fields: [] }, secrets),
        schemas: options.schemas,
        assets: options.assets,
        cache: options.cacheClient ?? ownCache,
        spreadsheets: options.spreadsheets,
        stop: options.stop,
        keep: options.keep,
        ...(options.executionListener ? { executionListener: options.executionListener } : {}),
        loadScenario: async (path) => {
          const scenario = options.files?.[path];
          if (!scenario) throw new Error(`no such file: ${path}`);
          return scenario;
        },
        listener: fanOut([recorder, ...(options.listener ? [options.listener] : [])], (error) => {
          throw error;
        }),
      },
      { jobs: options.jobs ?? 1, bail: false },
    );
    return { result, steps, secrets };
  } finally {
    if (!options.http) await http.close();
    await ownCache?.close();
  }
}
