import { readFile } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { stringify } from 'yaml';
import { fitFileName } from '../../convert/fileNames.js';
import { importHar } from '../../convert/har/importHar.js';
import { importPostman, slug } from '../../convert/postman/importPostman.js';
import { POSTMAN_ACCOUNT } from '../../convert/postman/postmanRequest.js';
import { isPostmanV1 } from '../../convert/postman/postmanV1.js';
import { SECRET_ACCOUNT } from '../../convert/secretNames.js';
import { secretNamePredicate } from '../../convert/index.js';
import { RunnerError } from '../../diagnostics/errors.js';
import { escapeControls } from '../../diagnostics/terminalText.js';
import { Masker, SecretRegistry } from '../../masking/index.js';
import { loadWorkspace, type Workspace } from '../../workspace/index.js';
import { displayPath } from '../../workspace/displayPath.js';
import { checkEnvironmentName, freeEnvironmentName } from '../../workspace/freeEnvironmentName.js';
import { writeAllOrNothing, type StagedFile } from '../../workspace/stagedWrite.js';
import { EXIT } from '../exitCodes.js';
import type { CliIo } from '../io.js';
import type { ParsedArgs } from '../parseArgs.js';

/**
 * DECISIONS, Authoring: `runner import postman <collection.json> [--environment <env.json>] [--out <dir>]` and
 * `runner import har <file.har> [--out <dir>]` write scenarios, and an environment with its credentials file,
 * into the workspace, then print what was translated and what was left as `# not converted:` comments. All or
 * nothing, and never over an existing file: a scenario that exists stops the import (exit 2); an environment or
 * credentials file that exists makes the import name its own `<name>-<n>` (DECISIONS, Wave 3).
 */
export async function execute(args: ParsedArgs, io: CliIo): Promise<number> {
  const [source, file, ...extra] = args.positionals;
  if (source !== 'postman' && source !== 'har') {
    throw usage(
      'say what to import: `runner import postman <collection.json>` or `runner import har <file.har>`',
    );
  }
  if (file === undefined || extra.length > 0)
    throw usage(`give one file: \`runner import ${source} <file>\``);
  const workspace = await loadWorkspace(io.cwd).catch((error: unknown) => {
    if (error instanceof RunnerError && error.code === 'workspace.not-found') {
      throw new RunnerError('import.no-workspace', 'there is no .runner/ directory here or in any parent', {
        hint: 'run `runner init` first; imported scenarios go into its tests directory',
      });
    }
    throw error;
  });
  const input = await readJson(resolve(io.cwd, file), file);
  return source === 'postman'
    ? importPostmanFiles(args, io, workspace, input)
    : importHarFile(args, io, workspace, input, file);
}

async function importPostmanFiles(
  args: ParsedArgs,
  io: CliIo,
  workspace: Workspace,
  input: unknown,
): Promise<number> {
  const collection = asObject(input, 'the collection');
  const info = collection.info as { schema?: unknown; name?: unknown } | undefined;
  const schema = info !== null && typeof info === 'object' ? String(info.schema ?? '') : '';
  if (
    !isPostmanV1(collection) &&
    (!Array.isArray(collection.item) || (schema !== '' && !/v2\.[01]\.\d/.test(schema)))
  ) {
    throw new RunnerError(
      'import.not-postman',
      'not a Postman collection v2.1, v2.0 or v1 (no `item` or `requests` list, or another schema)',
      { hint: 'export the collection from Postman as "Collection v2.1"' },
    );
  }
  const environmentPath = typeof args.options.environment === 'string' ? args.options.environment : undefined;
  const environment =
    environmentPath === undefined
      ? undefined
      : asObject(await readJson(resolve(io.cwd, environmentPath), environmentPath), 'the environment');
  const title = typeof info?.name === 'string' ? info.name : textOf(collection.name);
  const target = await environmentTarget(
    args,
    workspace,
    slug(textOf(environment?.name) ?? title ?? 'postman'),
  );
  const imported = importPostman(collection, environment, displayPath(io.cwd, target.credentialsFile));
  const out = outDir(args, io, workspace, fitFileName(slug(title ?? 'postman')));
  const files: StagedFile[] = imported.scenarios.map(({ path, yaml }) => {
    const file = join(out, ...path.split('/'));
    return { path: file, text: withSchemaPath(yaml, file, workspace) };
  });
  files.push({ path: target.environmentFile, text: environmentYaml(imported.variables) });
  const credentials = Object.keys(imported.credentials);
  if (credentials.length > 0) {
    files.push({
      path: target.credentialsFile,
      text: credentialsYaml(POSTMAN_ACCOUNT, imported.credentials, 'Postman auth and secret variables'),
    });
  }
  await writeAllOrNothing(files, (path) => displayPath(io.cwd, path));
  const { summary } = imported;
  io.stdout.write(
    [
      `Imported ${summary.requests} request${summary.requests === 1 ? '' : 's'} into ${imported.scenarios.length} scenario file${imported.scenarios.length === 1 ? '' : 's'} under ${displayPath(io.cwd, out)}`,
      `  ${summary.checks} check${summary.checks === 1 ? '' : 's'} and ${summary.saves} save${summary.saves === 1 ? '' : 's'} translated from test scripts`,
      `  ${summary.notConverted} item${summary.notConverted === 1 ? '' : 's'} not converted, kept as \`# not converted:\` comments`,
      ...environmentLines(io, target, credentials.length > 0 ? [POSTMAN_ACCOUNT, credentials] : undefined),
      `Run it with: runner run ${displayPath(io.cwd, out)} --env ${target.name}`,
      '',
    ]
      .map(escapeControls)
      .join('\n'),
  );
  return EXIT.passed;
}

async function importHarFile(
  args: ParsedArgs,
  io: CliIo,
  workspace: Workspace,
  input: unknown,
  file: string,
): Promise<number> {
  const har = asObject(input, 'the recording') as { log?: { entries?: unknown } };
  if (!har.log || !Array.isArray(har.log.entries)) {
    throw new RunnerError('import.not-har', `${file} is not a HAR recording (no \`log.entries\` list)`);
  }
  const name = fitFileName(slug(file.replace(/^.*[/\\]/, '').replace(/\.har$/i, '')));
  const out = outDir(args, io, workspace, 'recorded');
  const target = await environmentTarget(args, workspace, name);
  const isSensitive = secretNamePredicate(new Masker(workspace.config.security.mask, new SecretRegistry()));
  const imported = importHar(
    har as Parameters<typeof importHar>[0],
    isSensitive,
    displayPath(io.cwd, target.credentialsFile),
    name,
  );
  const scenario = join(out, `${name}.yaml`);
  const files: StagedFile[] = [{ path: scenario, text: withSchemaPath(imported.yaml, scenario, workspace) }];
  // The recorded secrets are needed to send the requests again: they go to a credentials file, beside an
  // environment of the same name that `--env` selects. A recording without secrets runs in any environment.
  const credentials = Object.keys(imported.credentials);
  if (credentials.length > 0) {
    const header =
      '# Imported from a HAR recording by `runner import har`: the recording is sent to these origins.\n';
    files.push(
      {
        path: target.environmentFile,
        text: header + stringify({ baseUrl: imported.origin ?? 'http://localhost' }),
      },
      {
        path: target.credentialsFile,
        text: credentialsYaml(SECRET_ACCOUNT, imported.credentials, 'secrets of the HAR recording'),
      },
    );
  }
  await writeAllOrNothing(files, (path) => displayPath(io.cwd, path));
  io.stdout.write(
    [
      `Imported ${imported.requests} request${imported.requests === 1 ? '' : 's'} into ${displayPath(io.cwd, scenario)}`,
      `  ${imported.skipped.length} not converted (a method runner does not send), kept as \`# not converted:\` comments`,
      ...(credentials.length > 0
        ? [
            ...environmentLines(io, target, [SECRET_ACCOUNT, credentials]),
            `Run it with: runner run ${displayPath(io.cwd, scenario)} --env ${target.name}`,
          ]
        : []),
      '',
    ]
      .map(escapeControls)
      .join('\n'),
  );
  return EXIT.passed;
}

/** The environment an import writes, and its credentials file: never one that exists (DECISIONS, Wave 3). */
interface EnvironmentTarget {
  name: string;
  /** The name asked for, when a file of that name exists and `name` is `<wanted>-<n>`. */
  wanted?: string;
  environmentFile: string;
  credentialsFile: string;
}

async function environmentTarget(
  args: ParsedArgs,
  workspace: Workspace,
  fallback: string,
): Promise<EnvironmentTarget> {
  const asked = args.options['env-name'];
  const wanted = typeof asked === 'string' ? checkEnvironmentName(asked) : fitFileName(fallback);
  const name = await freeEnvironmentName(workspace, wanted);
  return {
    name,
    ...(name !== wanted ? { wanted } : {}),
    environmentFile: join(workspace.runnerDir, 'environments', `${name}.yaml`),
    credentialsFile: join(workspace.runnerDir, 'credentials', `${name}.yaml`),
  };
}

/** `account`: the credentials' account and its fields, when a credentials file was written. */
function environmentLines(
  io: CliIo,
  target: EnvironmentTarget,
  account: [string, string[]] | undefined,
): string[] {
  const lines = [
    `  environment: ${displayPath(io.cwd, target.environmentFile)}${account ? `, credentials: ${displayPath(io.cwd, target.credentialsFile)} (${account[0]}: ${account[1].join(', ')})` : ''}`,
  ];
  if (target.wanted !== undefined) {
    lines.push(
      `  an environment or credentials file named ${target.wanted} exists already and was left as it is: this import's environment is ${target.name}`,
    );
  }
  return lines;
}

function credentialsYaml(account: string, values: Record<string, string>, what: string): string {
  return (
    `# ${what}, read as \`$accounts.${account}.<field>\` and masked in all output. Keep this file out of version control.\n` +
    stringify({ [account]: values })
  );
}

function textOf(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

function environmentYaml(variables: Record<string, string>): string {
  const baseUrl = variables.baseUrl ?? variables.base_url ?? 'http://localhost';
  const header =
    '# Imported from Postman by `runner import postman`: the collection and environment variables.\n';
  return (
    header +
    stringify({
      baseUrl: /^https?:\/\//.test(baseUrl) ? baseUrl : 'http://localhost',
      variables,
    })
  );
}

/** The modeline's schema path, relative to where the scenario is written (editors resolve it from there). */
function withSchemaPath(yaml: string, target: string, workspace: Workspace): string {
  const schema = relative(dirname(target), join(workspace.runnerDir, 'scenario.schema.json'))
    .split(sep)
    .join('/');
  return yaml.replace('$schema=../scenario.schema.json', `$schema=${schema}`);
}

function outDir(args: ParsedArgs, io: CliIo, workspace: Workspace, name: string): string {
  const out = args.options.out;
  return typeof out === 'string' ? resolve(io.cwd, out) : join(workspace.config.tests.path, name);
}

/**
 * A JSON file as Postman and browsers write it: UTF-8, with or without a byte order mark, or UTF-16 with one
 * (Windows tools save environments so; Newman reads them).
 */
async function readJson(path: string, shown: string): Promise<unknown> {
  const bytes = await readFile(path).catch(() => {
    throw new RunnerError('import.not-found', `cannot read ${shown}`);
  });
  try {
    return JSON.parse(decodeText(bytes)) as unknown;
  } catch (error) {
    throw new RunnerError(
      'import.invalid-json',
      `${shown} is not valid JSON: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

function decodeText(bytes: Buffer): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  return new TextDecoder('utf-8').decode(bytes).replace(/^\uFEFF/, '');
}

function asObject(value: unknown, what: string): Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new RunnerError('import.invalid', `${what} is not a JSON object`);
  }
  return value as Record<string, unknown>;
}

function usage(message: string): RunnerError {
  return new RunnerError('cli.usage', message, { hint: 'see `runner import --help`' });
}
