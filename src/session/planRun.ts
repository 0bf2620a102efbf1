import { join, relative, sep } from 'node:path';
import type { Diagnostic } from '../diagnostics/errors.js';
import { RunnerError } from '../diagnostics/errors.js';
import type { Scenario } from '../language/model.js';
import { environmentReader, Masker, SecretRegistry } from '../masking/index.js';
import type { Contract } from '../openapi/index.js';
import { loadContract } from './contract.js';
import { filesOfShard, scenarioNameFilter, selectByTags, type Shard } from './selection.js';
import {
  collectScenarioFiles,
  fillEnvReferences,
  findWorkspaceRoot,
  loadCredentials,
  loadEnvironment,
  loadScenarios,
  loadWorkspace,
  missingCredentialsFile,
  openParseCache,
  scenarioMentions,
  type Environment,
  type ParseCacheOptions,
  type Workspace,
} from '../workspace/index.js';
import { displayPath } from '../workspace/displayPath.js';

/** What to run: the same choices `runner run` takes as arguments (SPEC, Commands). */
export interface RunRequest {
  /** Where the command was started; the workspace is found by walking up from here. */
  cwd: string;
  /** A scenario file or directory; default: the tests directory. */
  path?: string;
  /** An environment name; default: `environments.default` in config.yaml. */
  environment?: string;
  /** Scenarios must carry every one of these tags (AND). */
  tags?: readonly string[];
  /** Where parsed scenario files are kept between runs; none: every file is parsed afresh. */
  parseCache?: Omit<ParseCacheOptions, 'root'>;
  /** The operating-system environment, read as `$env.<NAME>` (only src/cli touches `process`). */
  env?: Readonly<Record<string, string | undefined>>;
  /** `--shard i/n`: only this shard's files (of the sorted list) are loaded and run. */
  shard?: Shard;
  /** `--grep`: only scenarios whose name passes (see scenarioNameFilter). */
  grep?: string;
  /**
   * `--to-step N`: each scenario runs its main steps up to the N-th (setup and teardown still run), as Hurl's
   * `--to-entry` does; the editor's "Run step" uses it.
   */
  toStep?: number;
  /** `--var name=value`: visible everywhere and stronger than every other scope (DECISIONS.md). */
  variables?: Record<string, string>;
  /** `--insecure` and `--timeout`, over what config.yaml and the environment file say. */
  http?: { insecure?: boolean; timeoutMs?: number };
}

/** Everything loaded and checked before the first request: a run can start from here, or report why not. */
export interface RunPlan {
  workspace: Workspace;
  environment: Environment;
  accounts: Record<string, Record<string, unknown>>;
  secrets: SecretRegistry;
  /** The one masking boundary every output of this run passes through. */
  masker: Masker;
  files: string[];
  /** Problems found while loading (warnings too); a plan with errors must not run. */
  diagnostics: Diagnostic[];
  scenarios: Scenario[];
  /** The path as given, for report metadata. */
  testFile?: string;
  /** `--var` values, which the engine pins over every other scope. */
  variables?: Record<string, string>;
  /** The shard asked for, and how many files the whole run has; with one, an empty selection is not an error. */
  shard?: Shard & { allFiles: number };
  /**
   * Every file the scenarios' `use` steps reach, loaded and checked with them (DECISIONS.md: composition
   * is resolved before any request), by absolute path.
   */
  fragments: ReadonlyMap<string, Scenario>;
  /** `$env.<NAME>` during the run; secret-looking names join `secrets` as they are read. */
  readEnv: (name: string) => string | undefined;
  /** The OpenAPI contract every response is checked against (config `openapi:`), loaded before any request. */
  contract?: Contract;
}

/**
 * Files and directories whose name starts with `_` hold scenarios meant for `use` (shared login, cleanup):
 * a directory run skips them; naming the file runs it.
 */
function isFragment(file: string, testsPath: string): boolean {
  // A file inside the tests folder (every file a directory run finds) is cut, not passed through
  // `relative`, which resolved both paths again: ~12 ms of a 1,000-file run's start (issue 24).
  const inside = file.startsWith(testsPath + sep)
    ? file.slice(testsPath.length + 1)
    : relative(testsPath, file);
  return inside.split(/[\\/]/).some((segment) => segment.startsWith('_'));
}

export function planErrors(plan: Pick<RunPlan, 'diagnostics'>): Diagnostic[] {
  return plan.diagnostics.filter((d) => d.severity === 'error');
}

/**
 * Loads the workspace, environment, credentials and scenarios for a run. Throws RunnerError for a setup
 * problem (no workspace, unknown environment, nothing matching the tags); scenario problems come back as
 * diagnostics so the caller can print all of them.
 */
export async function planRun(request: RunRequest): Promise<RunPlan> {
  // The cache is opened first: it also keeps the checked config and environment files.
  const root = request.parseCache ? await findWorkspaceRoot(request.cwd) : undefined;
  const parseCache =
    request.parseCache && root !== undefined
      ? await openParseCache({ ...request.parseCache, root })
      : undefined;
  const workspace = await loadWorkspace(request.cwd);
  const envName = request.environment ?? workspace.config.environments.default;
  const secrets = new SecretRegistry();
  const readEnv = environmentReader(request.env ?? {}, secrets);
  // `$env` in the environment and credentials files is filled in now: an unset name stops the run here.
  const environment = withOverrides(await loadEnvironment(workspace, envName, readEnv), request);
  const accounts = fillEnvReferences(
    await loadCredentials(workspace, envName),
    readEnv,
    displayPath(workspace.cwd, join(workspace.runnerDir, 'credentials', `${envName}.yaml`)),
  );
  // Every value of a credentials file is a secret, `$env` ones included.
  secrets.add(accounts);
  const masker = new Masker(workspace.config.security.mask, secrets);
  // A `--var` is a secret only when its name is one the masking rules cover (DECISIONS.md).
  for (const [name, value] of Object.entries(request.variables ?? {})) {
    if (masker.isSensitive([name])) secrets.add(value);
  }

  const namedFile = request.path !== undefined && /\.ya?ml$/.test(request.path);
  const allFiles = (await collectScenarioFiles(workspace, request.path, request.cwd)).filter(
    (file) => namedFile || !isFragment(file, workspace.config.tests.path),
  );
  const files = request.shard ? filesOfShard(allFiles, request.shard) : allFiles;
  const loaded = await loadScenarios(workspace, environment, files, request.cwd, parseCache);
  const plan: RunPlan = {
    workspace,
    environment,
    accounts,
    secrets,
    masker,
    files,
    diagnostics: loaded.diagnostics,
    scenarios: [],
    testFile: request.path,
    fragments: loaded.fragments,
    readEnv,
    ...(request.variables ? { variables: request.variables } : {}),
    ...(request.shard ? { shard: { ...request.shard, allFiles: allFiles.length } } : {}),
  };
  if (planErrors(plan).length > 0) return plan;
  const noCredentials = await missingCredentialsFile(workspace, envName);
  // Without the file every `$accounts` reference fails on its step; the warning names the file looked for.
  if (
    noCredentials !== undefined &&
    (loaded.scenarios.some((scenario) => scenarioMentions(scenario, '$accounts')) ||
      JSON.stringify(environment.auth ?? null).includes('$accounts'))
  ) {
    plan.diagnostics.push({
      code: 'credentials.missing',
      severity: 'warning',
      message: `no credentials file ${noCredentials} for environment \`${envName}\`: \`$accounts\` references will not resolve`,
    });
  }

  const contract = await loadContract(workspace, environment, masker);
  if (contract) plan.contract = contract;

  const tags = request.tags ?? [];
  const nameMatches = request.grep === undefined ? () => true : scenarioNameFilter(request.grep);
  const toStep = request.toStep;
  plan.scenarios = selectByTags(loaded.scenarios, tags)
    .filter((scenario) => nameMatches(scenario.name))
    .map((scenario) =>
      toStep === undefined ? scenario : { ...scenario, steps: scenario.steps.slice(0, toStep) },
    );
  // A shard may well hold nothing that matches: the caller says so and exits 0 (DECISIONS.md).
  if (plan.scenarios.length === 0 && !request.shard) {
    const filters = [
      ...(tags.length > 0 ? [`tags ${tags.map((t) => `\`${t}\``).join(' and ')}`] : []),
      ...(request.grep !== undefined ? [`a name matching \`${request.grep}\``] : []),
    ];
    const why = filters.length > 0 ? ` with ${filters.join(' and ')}` : '';
    throw new RunnerError('run.no-scenarios', `no scenario to run${why} in ${files.length} file(s)`);
  }
  return plan;
}

/**
 * `--var` values join the environment's variables (so `validate`'s variable flow knows them; the engine
 * also pins them over every other scope), and `--insecure`/`--timeout` replace the HTTP settings.
 */
function withOverrides(environment: Environment, request: RunRequest): Environment {
  const { variables, http } = request;
  if (variables === undefined && http === undefined) return environment;
  return {
    ...environment,
    variables: { ...environment.variables, ...variables },
    http: {
      ...environment.http,
      ...(http?.insecure ? { insecure: true } : {}),
      ...(http?.timeoutMs !== undefined ? { timeoutMs: http.timeoutMs } : {}),
    },
  };
}
