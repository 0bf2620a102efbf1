import { RunnerError } from '../diagnostics/errors.js';
import {
  fanOut,
  runSuite,
  systemClock,
  systemRuntime,
  type RecordRetention,
  type EngineServices,
  type RunListener,
  type RunResult,
  type RunSettings,
  type RunStop,
  type SuiteOptions,
} from '../engine/index.js';
import { createTokenStore } from '../auth/index.js';
import { createCacheConnections } from '../cache/index.js';
import { createHttpClient } from '../http/index.js';
import type { Scenario } from '../language/model.js';
import type { Masker } from '../masking/index.js';
import { createResultMasker, maskEvents } from '../reporters/index.js';
import { createSchemaStore } from '../workspace/index.js';
import { createAssetReader } from '../workspace/assets.js';
import { displayPath } from '../workspace/displayPath.js';
import { createSpreadsheetFiles } from '../spreadsheets/index.js';
import { httpClientOptions, type HttpSetupInputs } from './httpSetup.js';
import type { RunPlan } from './planRun.js';

/** A reporter and the masker its events pass through (the console masks a few more fields than reports). */
export interface MaskedListener {
  listener: RunListener;
  masker: Masker;
}

export interface ExecuteOptions {
  /** `runner/<version>`, sent as User-Agent. */
  userAgent: string;
  /** Live listeners (console progress, MCP progress); each sees events only after masking. */
  listeners?: MaskedListener[];
  /**
   * The record stream (reporters/stream/recordStream.ts): a listener per execution that sees its events
   * unmasked as they happen and masks what it writes through the same boundary itself, as it writes the raw
   * twin `--report-raw` asks for beside it.
   */
  recordStream?: (position: number) => RunListener;
  /** A listener threw: say so, but keep running (a broken reporter must not lose the run). */
  onListenerError?: (error: unknown, hook: string) => void;
  /** Stops the run from outside (Ctrl-C, a cancelled MCP call); the run then ends early, marked interrupted. */
  stop?: RunStop;
  /** `--jobs` and `--bail` (default: one at a time, to the end). */
  schedule?: SuiteOptions;
  /** The process environment (proxy variables, NODE_EXTRA_CA_CERTS) and `--resolve` pins. */
  network?: HttpSetupInputs;
  /**
   * `failed` when nothing will render the whole run (no report asked for): the result then keeps only the
   * failed top-level steps that failure snapshots need (see EngineServices.keep). Default `all`.
   */
  keep?: RecordRetention;
}

export interface ExecutedRun {
  /** The run as the engine produced it; only `--report-raw` may write this. */
  raw: RunResult;
  /** The same run after the masking boundary, what every report renders; masked when first read. */
  readonly masked: RunResult;
}

/** A client certificate whose key does not open stops the run before anything is sent (exit 2). */
function createRunHttpClient(
  options: Parameters<typeof createHttpClient>[0],
): ReturnType<typeof createHttpClient> {
  try {
    return createHttpClient(options);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new RunnerError('http.client-key', `cannot use http.clientCert and http.clientKey: ${reason}`, {
      hint: 'check that both are PEM files that belong together, and http.clientKeyPassphrase if the key is encrypted',
    });
  }
}

function runSettings(plan: RunPlan, userAgent: string): RunSettings {
  const { environment, workspace } = plan;
  return {
    environment: {
      name: environment.name,
      baseUrl: environment.baseUrl,
      services: environment.services,
      variables: environment.variables,
      timeoutMs: environment.http.timeoutMs,
      maxResponseBytes: environment.http.maxResponseBytes,
      maxRedirects: environment.http.maxRedirects,
      cookies: environment.http.cookies,
      cache: environment.cache,
      ...(environment.auth === undefined ? {} : { auth: environment.auth }),
    },
    accounts: plan.accounts,
    userAgent,
    jwtTokenPath: workspace.config.jwtTokenPath,
    ...(plan.variables ? { variables: plan.variables } : {}),
  };
}

/**
 * Composed scenarios (`use`) were loaded and checked with the plan (DECISIONS.md: composition is resolved
 * before any request); a run never reads a scenario file.
 */
function composedScenarioLoader(plan: RunPlan): (path: string) => Promise<Scenario> {
  return async (path) => {
    const scenario = plan.fragments.get(path);
    if (scenario) return scenario;
    throw new Error(`${displayPath(plan.workspace.cwd, path)} was not loaded before the run`);
  };
}

/** What running a plan needs: the settings, the engine's services over real I/O, and how to close them. */
export interface RunServices {
  settings: RunSettings;
  services: EngineServices;
  /** Closes the connections the run opened (HTTP pools, cache connections). */
  close(): Promise<void>;
}

/** The options of `executePlan` that shape the services, without the scheduling. */
export type ServiceOptions = Omit<ExecuteOptions, 'recordStream' | 'schedule'> & {
  /** Connections per origin: one per execution that may run at once. */
  connections: number;
  recordStream?: ExecuteOptions['recordStream'];
};

/**
 * The engine's services for a plan: one HTTP client, cache connections, schemas, assets and spreadsheets,
 * listeners behind the masking boundary. `runner run` and `runner load` share it.
 */
export async function createRunServices(plan: RunPlan, options: ServiceOptions): Promise<RunServices> {
  const { workspace, environment, masker } = plan;
  const httpOptions = await httpClientOptions(plan, options.userAgent, options.network ?? { processEnv: {} });
  const { ca } = httpOptions;
  const http = createRunHttpClient({ ...httpOptions, connections: options.connections });
  // Cache connections open lazily at their first step; the request timeout bounds connecting and each reply.
  const cache = createCacheConnections({
    timeoutMs: environment.http.timeoutMs,
    sandbox: workspace.config.security.sandboxing,
    insecure: environment.http.insecure,
    ca,
  });
  const onListenerError = (error: unknown, hook: string) => options.onListenerError?.(error, hook);
  const listener = fanOut(
    (options.listeners ?? []).map((entry) => maskEvents(entry.listener, entry.masker, options.keep)),
    onListenerError,
  );
  const recordStream = options.recordStream;
  const services: EngineServices = {
    http,
    clock: systemClock,
    runtime: { ...systemRuntime, env: plan.readEnv },
    secrets: plan.secrets,
    masker,
    // One token per OAuth2 account for the whole run, every `--jobs` execution included (same process).
    tokens: createTokenStore(() => systemClock.monotonicMs()),
    listener,
    loadScenario: composedScenarioLoader(plan),
    cache,
    schemas: createSchemaStore(workspace.config.schemas.path, workspace.cwd, {
      isSensitive: (keys) => masker.isSensitive(keys),
    }),
    projectRoot: workspace.root,
    assets: createAssetReader(
      workspace.config.assets.path,
      displayPath(workspace.cwd, workspace.config.assets.path),
    ),
    spreadsheets: createSpreadsheetFiles({
      projectRoot: workspace.root,
      exportDir: workspace.config.export.path,
      display: (path) => displayPath(workspace.cwd, path),
    }),
    stop: options.stop,
    contract: plan.contract,
    keep: options.keep,
    ...(recordStream
      ? { executionListener: (position: number) => fanOut([recordStream(position)], onListenerError) }
      : {}),
  };
  return {
    settings: runSettings(plan, options.userAgent),
    services,
    close: async () => {
      await Promise.all([http.close(), cache.close()]);
    },
  };
}

/**
 * Runs a plan against the real world (HTTP, files, schemas) and returns the run both as it happened and as it
 * left the masking boundary. Connections opened for the run are closed before this returns.
 */
export async function executePlan(plan: RunPlan, options: ExecuteOptions): Promise<ExecutedRun> {
  // Each execution running at once has its own connection to an origin, as steps in one are sequential.
  const { settings, services, close } = await createRunServices(plan, {
    ...options,
    connections: options.schedule?.jobs ?? 1,
  });
  try {
    const raw = await runSuite(plan.scenarios, settings, services, options.schedule);
    // Reports are rendered from the run as it leaves the masking boundary, with every secret the run found.
    let masked: RunResult | undefined;
    const results = createResultMasker(plan.masker);
    return {
      raw,
      get masked() {
        return (masked ??= results.run(raw));
      },
    };
  } finally {
    await close();
  }
}
