import { readFile } from 'node:fs/promises';
import { join, relative, resolve, sep } from 'node:path';
import {
  convertCurlText,
  convertCurlWords,
  scenarioToCurl,
  secretNamePredicate,
  useTargets,
  type CurlConversionOptions,
} from '../../convert/index.js';
import { formatDiagnostic, RunnerError, type Diagnostic } from '../../diagnostics/errors.js';
import { escapeControls } from '../../diagnostics/terminalText.js';
import { parseScenario, type Scenario } from '../../language/index.js';
import { Masker, SecretRegistry } from '../../masking/index.js';
import { registerNetworkSecrets } from '../../session/index.js';
import {
  collectScenarioFiles,
  loadCredentials,
  loadEnvironment,
  loadScenarioFile,
  loadScenarios,
  loadWorkspace,
  type Environment,
  type Workspace,
} from '../../workspace/index.js';
import { displayPath } from '../../workspace/displayPath.js';
import { EXIT } from '../exitCodes.js';
import { nodeCommandFiles } from './commandFiles.js';
import type { CliIo } from '../io.js';
import type { ParsedArgs } from '../parseArgs.js';

/**
 * DECISIONS, Commands: `runner convert '<curl command>'` (or `-` for stdin) prints a scenario; `--to curl
 * <scenario.yaml>` prints cURL commands. Warnings about what could not be converted go to stderr and do not
 * change the exit code (like `validate`'s warnings); a command that cannot be converted is exit 2.
 */
export async function execute(args: ParsedArgs, io: CliIo): Promise<number> {
  const to = args.options.to;
  if (to !== undefined && to !== 'curl' && to !== 'scenario') {
    throw usage(
      `unknown \`--to ${String(to)}\`: use \`--to curl\` (or leave it out to convert a cURL command)`,
    );
  }
  return to === 'curl' ? scenariosToCurl(args, io) : curlToScenario(args, io);
}

async function curlToScenario(args: ParsedArgs, io: CliIo): Promise<number> {
  if (args.options.raw === true) throw usage('`--raw` only applies to `--to curl`');
  const words = args.positionals;
  if (words.length === 0) {
    throw usage("give a cURL command: `runner convert 'curl https://...'`, or `-` to read it from stdin");
  }
  const options = await conversionOptions(io, stringOption(args, 'env'));
  const [only] = words;
  const conversion =
    words.length > 1 || only === undefined
      ? convertCurlWords(words, options)
      : only === '-'
        ? convertCurlText(await readStdin(io), { ...options, sourceName: '<stdin>' })
        : convertCurlText(only, options);
  io.stdout.write(conversion.yaml);
  for (const warning of conversion.warnings) io.stderr.write(`warning: ${escapeControls(warning)}\n`);
  return EXIT.passed;
}

/** What the workspace, when there is one, tells the conversion: base URLs, mask fields, where files go. */
async function conversionOptions(io: CliIo, envName: string | undefined): Promise<CurlConversionOptions> {
  const workspace = await findWorkspace(io.cwd, envName);
  // Files the command names are read where the command would run: the current directory.
  const files = nodeCommandFiles(io.cwd);
  if (!workspace) return { files };
  const environment = envName === undefined ? undefined : await loadEnvironment(workspace, envName);
  const credentials = `${envName ?? workspace.config.environments.default}.yaml`;
  return {
    files,
    ...(environment ? { targets: environment } : {}),
    credentialsFile: displayPath(io.cwd, join(workspace.runnerDir, 'credentials', credentials)),
    isSensitive: secretNamePredicate(new Masker(workspace.config.security.mask, new SecretRegistry())),
    assetsPrefix: assetsPrefix(io.cwd, workspace),
  };
}

async function scenariosToCurl(args: ParsedArgs, io: CliIo): Promise<number> {
  if (args.positionals.length === 0)
    throw usage('give a scenario file: `runner convert --to curl <scenario.yaml>`');
  const envName = stringOption(args, 'env');
  const workspace = await findWorkspace(io.cwd, envName);
  const scenarios = workspace
    ? await workspaceScenarios(workspace, envName, args.positionals, io)
    : await standaloneScenarios(args.positionals, io);
  if (!scenarios) return EXIT.unusable;
  const raw = args.options.raw === true;
  const secrets = new SecretRegistry();
  secrets.add(scenarios.credentials);
  if (scenarios.environment) {
    registerNetworkSecrets(
      { environment: scenarios.environment, accounts: scenarios.credentials },
      io.env,
      secrets,
    );
  }
  const masker = raw
    ? undefined
    : new Masker(workspace?.config.security.mask ?? { enabled: true, fields: [] }, secrets);
  const texts = scenarios.list.map((scenario) =>
    scenarioToCurl(scenario, {
      ...(scenarios.environment
        ? {
            targets: scenarios.environment,
            variables: scenarios.environment.variables,
            ...(scenarios.environment.auth ? { environmentAuth: scenarios.environment.auth } : {}),
          }
        : {}),
      credentials: scenarios.credentials,
      ...(masker ? { masker } : {}),
      ...(workspace ? { assetsPrefix: assetsPrefix(io.cwd, workspace) } : {}),
      usedScenarios: scenarios.used,
    }),
  );
  io.stdout.write(texts.join('\n'));
  return EXIT.passed;
}

interface LoadedForCurl {
  list: Scenario[];
  used: Map<string, Scenario>;
  environment?: Environment;
  credentials: Record<string, Record<string, unknown>>;
}

async function workspaceScenarios(
  workspace: Workspace,
  envName: string | undefined,
  paths: string[],
  io: CliIo,
): Promise<LoadedForCurl | undefined> {
  const name = envName ?? workspace.config.environments.default;
  // Without `--env`, a workspace whose default environment file is missing still converts, unresolved.
  const environment = await loadEnvironment(workspace, name).catch((error: unknown) => {
    if (envName === undefined && error instanceof RunnerError && error.code === 'environment.not-found') {
      return undefined;
    }
    throw error;
  });
  const files = (
    await Promise.all(paths.map((path) => collectScenarioFiles(workspace, path, io.cwd)))
  ).flat();
  const loaded = await loadScenarios(workspace, environment, files, io.cwd);
  if (printErrors(loaded.diagnostics, io)) return undefined;
  const used = new Map<string, Scenario>();
  const pending = loaded.scenarios.flatMap(useTargets);
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    if (used.has(file)) continue;
    const parsed = await loadScenarioFile(workspace, environment, file, io.cwd).catch(() => undefined);
    if (!parsed?.scenario) continue;
    used.set(file, parsed.scenario);
    pending.push(...useTargets(parsed.scenario));
  }
  const credentials = environment ? await loadCredentials(workspace, name) : {};
  return { list: loaded.scenarios, used, ...(environment ? { environment } : {}), credentials };
}

/** No workspace: each path is a scenario file, checked on its own; nothing is resolved. */
async function standaloneScenarios(paths: string[], io: CliIo): Promise<LoadedForCurl | undefined> {
  const list: Scenario[] = [];
  const diagnostics: Diagnostic[] = [];
  for (const path of paths) {
    const file = resolve(io.cwd, path);
    const text = await readFile(file, 'utf8').catch(() => {
      throw new RunnerError('scenario.not-found', `cannot read scenario file ${path}`);
    });
    const parsed = parseScenario(text, displayPath(io.cwd, file));
    diagnostics.push(...parsed.diagnostics);
    if (parsed.scenario) list.push({ ...parsed.scenario, path: file });
  }
  if (printErrors(diagnostics, io)) return undefined;
  return { list, used: new Map(), credentials: {} };
}

/** Prints the problems; true when one is an error (an invalid scenario: exit 2, DECISIONS, Exit codes). */
function printErrors(diagnostics: readonly Diagnostic[], io: CliIo): boolean {
  for (const diagnostic of diagnostics) io.stderr.write(`${formatDiagnostic(diagnostic)}\n`);
  return diagnostics.some((diagnostic) => diagnostic.severity === 'error');
}

/** The workspace when there is one; `--env` needs one. */
async function findWorkspace(cwd: string, envName: string | undefined): Promise<Workspace | undefined> {
  try {
    return await loadWorkspace(cwd);
  } catch (error) {
    if (!(error instanceof RunnerError) || error.code !== 'workspace.not-found') throw error;
    if (envName === undefined) return undefined;
    throw new RunnerError(
      'convert.no-workspace',
      `\`--env ${envName}\` needs a workspace, and there is no .runner/ directory here or in any parent`,
      { hint: 'run `runner init` first, or leave out `--env`' },
    );
  }
}

/** The assets folder as a path from the current directory, with `/` separators (curl and YAML both take it). */
function assetsPrefix(cwd: string, workspace: Workspace): string {
  return relative(cwd, workspace.config.assets.path).split(sep).join('/') || '.';
}

function stringOption(args: ParsedArgs, name: string): string | undefined {
  const value = args.options[name];
  return typeof value === 'string' ? value : undefined;
}

function usage(message: string): RunnerError {
  return new RunnerError('cli.usage', message, { hint: 'see `runner convert --help`' });
}

/** `runner convert -`: the command piped in. On a terminal, say how to end the input. */
async function readStdin(io: CliIo): Promise<string> {
  if (process.stdin.isTTY)
    io.stderr.write('Paste the cURL command, then press Ctrl-D (Ctrl-Z, Enter on Windows).\n');
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin)
    chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
  return Buffer.concat(chunks).toString('utf8');
}
