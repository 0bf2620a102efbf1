import { readFile } from 'node:fs/promises';
import { relative } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { formatDiagnostic, RunnerError } from '../../diagnostics/errors.js';
import {
  fanOut,
  runSuite,
  systemClock,
  systemRuntime,
  type RunResult,
  type RunSettings,
} from '../../engine/index.js';
import { createHttpClient } from '../../http/index.js';
import type { Scenario } from '../../language/model.js';
import { CONSOLE_ONLY_MASK_FIELDS, Masker, SecretRegistry } from '../../masking/index.js';
import { createConsoleReporter, createStyle, maskEvents } from '../../reporters/index.js';
import {
  collectScenarioFiles,
  createSchemaStore,
  loadCredentials,
  loadEnvironment,
  loadScenarioFile,
  loadScenarios,
  loadWorkspace,
} from '../../workspace/index.js';
import { createAssetReader } from '../../workspace/assets.js';
import { displayPath } from '../../workspace/displayPath.js';
import { buildInfo } from '../buildInfo.js';
import type { CliIo } from '../io.js';
import { wantsColor } from '../io.js';
import type { ParsedArgs } from '../parseArgs.js';
import { environmentName } from './environmentName.js';
import { reportFormats, writeRunOutputs } from './runReports.js';
import { EXIT } from '../exitCodes.js';

/** `--tag` given several times requires all of them (SPEC, Commands: several tags combine by AND). */
export function selectByTags(scenarios: readonly Scenario[], tags: readonly string[]): Scenario[] {
  return scenarios.filter((scenario) => tags.every((tag) => scenario.tags.includes(tag)));
}

/**
 * Files and directories whose name starts with `_` hold scenarios meant for `use` (shared login, cleanup):
 * a directory run skips them; naming the file runs it.
 */
function isFragment(file: string, testsPath: string): boolean {
  return relative(testsPath, file)
    .split(/[\\/]/)
    .some((segment) => segment.startsWith('_'));
}

async function readCaFile(file: string | undefined, cwd: string): Promise<Buffer | undefined> {
  if (file === undefined) return undefined;
  try {
    return await readFile(file);
  } catch (error) {
    const code = error instanceof Error && 'code' in error ? ` (${String(error.code)})` : '';
    throw new RunnerError('http.ca-file', `cannot read http.caFile ${displayPath(cwd, file)}${code}`, {
      hint: 'set http.caFile in config.yaml or the environment file to a PEM file, relative to the project root',
    });
  }
}

export async function execute(args: ParsedArgs, io: CliIo): Promise<number> {
  // undici parses HTTP/1.1 in WebAssembly; V8's optimising tier for it costs ~35 MB of memory for no
  // measurable speed in a sequential run (bench/throughput), so keep WebAssembly on the baseline tier.
  setFlagsFromString('--liftoff-only');
  const workspace = await loadWorkspace(io.cwd);
  const formats = reportFormats(args, workspace);
  const envName = environmentName(args, workspace);
  const environment = await loadEnvironment(workspace, envName);
  const accounts = await loadCredentials(workspace, envName);

  const secrets = new SecretRegistry();
  secrets.add(accounts);
  const masker = new Masker(workspace.config.security.mask, secrets);
  const mask = (text: string) => masker.maskText(text);

  const files = (await collectScenarioFiles(workspace, args.positionals[0], io.cwd)).filter(
    (file) => args.positionals[0]?.match(/\.ya?ml$/) || !isFragment(file, workspace.config.tests.path),
  );
  const loaded = await loadScenarios(workspace, environment, files, io.cwd);
  const errors = loaded.diagnostics.filter((d) => d.severity === 'error');
  for (const diagnostic of loaded.diagnostics) io.stderr.write(mask(formatDiagnostic(diagnostic)) + '\n');
  if (errors.length > 0) {
    io.stderr.write(
      `${errors.length} ${errors.length === 1 ? 'problem' : 'problems'} found; nothing was run (see \`runner validate\`).\n`,
    );
    return EXIT.unusable;
  }

  const tags = (args.options.tag as string[] | undefined) ?? [];
  const scenarios = selectByTags(loaded.scenarios, tags);
  if (scenarios.length === 0) {
    const why = tags.length > 0 ? ` with tags ${tags.map((t) => `\`${t}\``).join(' and ')}` : '';
    throw new RunnerError('run.no-scenarios', `no scenario to run${why} in ${files.length} file(s)`);
  }

  const http = createHttpClient({
    http2: environment.http.http2,
    insecure: environment.http.insecure,
    ca: await readCaFile(environment.http.caFile, workspace.cwd),
    sandbox: workspace.config.security.sandboxing,
    userAgent: `runner/${buildInfo.version}`,
  });
  const style = createStyle(wantsColor(io.stdout, io.env));
  const consoleReporter = createConsoleReporter({
    out: io.stdout,
    style,
    verbose: args.options.verbose === true,
    live: io.stdout.isTTY && io.env.TERM !== 'dumb' && !io.env.CI,
  });
  let maskedRun: RunResult | undefined;
  const listener = fanOut(
    [
      maskEvents(consoleReporter, masker.withFields(CONSOLE_ONLY_MASK_FIELDS)),
      // Reports are rendered from the run as it left the masking boundary.
      maskEvents({ onRunEnd: (run) => void (maskedRun = run) }, masker),
    ],
    (error, hook) => {
      io.stderr.write(
        mask(
          `error: a reporter failed in ${hook}: ${error instanceof Error ? error.message : String(error)}`,
        ) + '\n',
      );
    },
  );

  const settings: RunSettings = {
    environment: {
      name: environment.name,
      baseUrl: environment.baseUrl,
      services: environment.services,
      variables: environment.variables,
      timeoutMs: environment.http.timeoutMs,
      maxResponseBytes: environment.http.maxResponseBytes,
      maxRedirects: environment.http.maxRedirects,
    },
    accounts,
    userAgent: `runner/${buildInfo.version}`,
    jwtTokenPath: workspace.config.jwtTokenPath,
  };
  const composed = new Map<string, Promise<Scenario>>();
  const loadScenario = (path: string): Promise<Scenario> => {
    let pending = composed.get(path);
    if (!pending) {
      pending = loadScenarioFile(workspace, environment, path).then((parsed) => {
        if (parsed.scenario) return parsed.scenario;
        const errors = parsed.diagnostics.filter((d) => d.severity === 'error').map(formatDiagnostic);
        throw new Error(errors.join('; '));
      });
      composed.set(path, pending);
    }
    return pending;
  };
  try {
    const result = await runSuite(scenarios, settings, {
      http,
      clock: systemClock,
      runtime: systemRuntime,
      secrets,
      masker,
      listener,
      loadScenario,
      schemas: createSchemaStore(workspace.config.schemas.path, workspace.cwd, {
        isSensitive: (keys) => masker.isSensitive(keys),
      }),
      assets: createAssetReader(
        workspace.config.assets.path,
        displayPath(workspace.cwd, workspace.config.assets.path),
      ),
    });
    if (!maskedRun) throw new Error('the masked run result did not arrive');
    await writeRunOutputs(
      maskedRun,
      result,
      {
        formats,
        raw: args.options['report-raw'] === true,
        workspace,
        testFile: args.positionals[0],
        now: systemClock.now(),
      },
      io,
    );
    return result.status === 'passed' ? EXIT.passed : EXIT.failed;
  } finally {
    await http.close();
  }
}
