import { access, mkdir, readFile, writeFile } from 'node:fs/promises';
import { escapeControls } from '../../diagnostics/terminalText.js';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { stringify } from 'yaml';
import { importHar } from '../../convert/har/importHar.js';
import { importPostman, slug, type PostmanImport } from '../../convert/postman/importPostman.js';
import { POSTMAN_ACCOUNT } from '../../convert/postman/postmanRequest.js';
import type { PostmanCollection, PostmanEnvironment } from '../../convert/postman/postmanTypes.js';
import { secretNamePredicate } from '../../convert/index.js';
import { RunnerError } from '../../diagnostics/errors.js';
import { Masker, SecretRegistry } from '../../masking/index.js';
import { loadWorkspace, type Workspace } from '../../workspace/index.js';
import { displayPath } from '../../workspace/displayPath.js';
import { EXIT } from '../exitCodes.js';
import type { CliIo } from '../io.js';
import type { ParsedArgs } from '../parseArgs.js';

/**
 * DECISIONS, Authoring: `runner import postman <collection.json> [--environment <env.json>] [--out <dir>]` and
 * `runner import har <file.har> [--out <dir>]` write scenarios (and for Postman an environment and a credentials
 * file) into the workspace, then print what was translated and what was left as `# not converted:` comments.
 * Files that exist are never overwritten (exit 2).
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
  const collection = asObject(input, 'the collection') as PostmanCollection;
  const schema =
    collection.info && 'schema' in collection.info
      ? String((collection.info as { schema?: unknown }).schema)
      : '';
  if (!Array.isArray(collection.item) || (schema !== '' && !/v2\.[01]\.\d/.test(schema))) {
    throw new RunnerError(
      'import.not-postman',
      'not a Postman collection v2.0 or v2.1 (no `item` list, or another schema)',
      {
        hint: 'export the collection from Postman as "Collection v2.1"',
      },
    );
  }
  const environmentPath = typeof args.options.environment === 'string' ? args.options.environment : undefined;
  const environment =
    environmentPath === undefined
      ? undefined
      : (asObject(
          await readJson(resolve(io.cwd, environmentPath), environmentPath),
          'the environment',
        ) as PostmanEnvironment);
  const envName = slug(environment?.name ?? collection.info?.name ?? 'postman');
  const environmentFile = join(workspace.runnerDir, 'environments', `${envName}.yaml`);
  const credentialsFile = join(workspace.runnerDir, 'credentials', `${envName}.yaml`);
  const imported = importPostman(collection, environment, displayPath(io.cwd, credentialsFile));
  const out = outDir(args, io, workspace, slug(collection.info?.name ?? 'postman'));
  const files: [string, string][] = imported.scenarios.map(({ path, yaml }) => {
    const target = join(out, ...path.split('/'));
    return [target, withSchemaPath(yaml, target, workspace)];
  });
  files.push([environmentFile, environmentYaml(imported)]);
  if (Object.keys(imported.credentials).length > 0) {
    files.push([credentialsFile, stringify({ [POSTMAN_ACCOUNT]: imported.credentials })]);
  }
  await writeAll(files, io);
  const { summary } = imported;
  io.stdout.write(
    [
      `Imported ${summary.requests} request${summary.requests === 1 ? '' : 's'} into ${imported.scenarios.length} scenario file${imported.scenarios.length === 1 ? '' : 's'} under ${displayPath(io.cwd, out)}`,
      `  ${summary.checks} check${summary.checks === 1 ? '' : 's'} and ${summary.saves} save${summary.saves === 1 ? '' : 's'} translated from test scripts`,
      `  ${summary.notConverted} item${summary.notConverted === 1 ? '' : 's'} not converted, kept as \`# not converted:\` comments`,
      `  environment: ${displayPath(io.cwd, environmentFile)}${Object.keys(imported.credentials).length > 0 ? `, credentials: ${displayPath(io.cwd, credentialsFile)}` : ''}`,
      `Run it with: runner run ${displayPath(io.cwd, out)} --env ${envName}`,
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
  const name = slug(file.replace(/^.*[/\\]/, '').replace(/\.har$/i, ''));
  const out = outDir(args, io, workspace, 'recorded');
  const credentials = join(
    workspace.runnerDir,
    'credentials',
    `${workspace.config.environments.default}.yaml`,
  );
  const isSensitive = secretNamePredicate(new Masker(workspace.config.security.mask, new SecretRegistry()));
  const imported = importHar(
    har as Parameters<typeof importHar>[0],
    isSensitive,
    displayPath(io.cwd, credentials),
    name,
  );
  const target = join(out, `${name}.yaml`);
  await writeAll([[target, withSchemaPath(imported.yaml, target, workspace)]], io);
  io.stdout.write(
    [
      `Imported ${imported.requests} request${imported.requests === 1 ? '' : 's'} into ${displayPath(io.cwd, target)}`,
      `  ${imported.skipped.length} not converted (a method runner does not send), kept as \`# not converted:\` comments`,
      '',
    ]
      .map(escapeControls)
      .join('\n'),
  );
  return EXIT.passed;
}

function environmentYaml(imported: PostmanImport): string {
  const baseUrl = imported.variables.baseUrl ?? imported.variables.base_url ?? 'http://localhost';
  const header =
    '# Imported from Postman by `runner import postman`: the collection and environment variables.\n';
  return (
    header +
    stringify({
      baseUrl: /^https?:\/\//.test(baseUrl) ? baseUrl : 'http://localhost',
      variables: imported.variables,
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

/** Refuses before writing anything when one of the files exists, so an import never overwrites work. */
async function writeAll(files: [string, string][], io: CliIo): Promise<void> {
  for (const [path] of files) {
    const exists = await access(path).then(
      () => true,
      () => false,
    );
    if (exists) {
      throw new RunnerError(
        'import.exists',
        `${displayPath(io.cwd, path)} already exists; nothing was written`,
        {
          hint: 'choose another directory with --out, or move the file away',
        },
      );
    }
  }
  for (const [path, text] of files) {
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, text);
  }
}

async function readJson(path: string, shown: string): Promise<unknown> {
  const text = await readFile(path, 'utf8').catch(() => {
    throw new RunnerError('import.not-found', `cannot read ${shown}`);
  });
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new RunnerError(
      'import.invalid-json',
      `${shown} is not valid JSON: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
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
