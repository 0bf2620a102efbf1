import { mkdir, writeFile } from 'node:fs/promises';
import { escapeControls } from '../../diagnostics/terminalText.js';
import { dirname, join, relative, resolve } from 'node:path';
import { importOpenApi } from '../../convert/index.js';
import { RunnerError } from '../../diagnostics/errors.js';
import { loadOpenApiDocument, type OpenApiDocument } from '../../openapi/index.js';
import { loadEnvironment, loadWorkspace, type Workspace } from '../../workspace/index.js';
import { displayPath } from '../../workspace/displayPath.js';
import { EXIT } from '../exitCodes.js';
import type { CliIo } from '../io.js';
import type { ParsedArgs } from '../parseArgs.js';

/** Where imported schemas go, under `schemas.path`. */
const SCHEMAS_FOLDER = 'openapi';

function usage(message: string): RunnerError {
  return new RunnerError('cli.usage', message, { hint: 'see `runner openapi --help`' });
}

/** The first server's path (`/v1`), unless the environment's baseUrl already ends with it. */
async function pathPrefix(
  document: OpenApiDocument,
  workspace: Workspace,
  envName?: string,
): Promise<string> {
  const servers = Array.isArray(document.data.servers) ? (document.data.servers as unknown[]) : [];
  const first = servers[0];
  const url = first !== null && typeof first === 'object' ? (first as { url?: unknown }).url : undefined;
  if (typeof url !== 'string') return '';
  const path = url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, '').replace(/\/$/, '');
  if (path === '' || path.includes('{')) return '';
  try {
    const environment = await loadEnvironment(workspace, envName ?? workspace.config.environments.default);
    if (new URL(environment.baseUrl).pathname.replace(/\/$/, '').endsWith(path)) return '';
  } catch {
    // No usable environment yet: URLs keep the server's path, as the document writes them.
  }
  return path;
}

async function writeAll(dir: string, files: readonly { path: string; text: string }[]): Promise<void> {
  for (const file of files) {
    const target = join(dir, file.path);
    await mkdir(dirname(target), { recursive: true });
    await writeFile(target, file.text);
  }
}

/**
 * `runner openapi import <file> [--out <dir>]` (DECISIONS.md, "Authoring"): one scenario per operation into
 * `--out` (default `<tests>/openapi`), response schemas into `<schemas>/openapi`. Exit 2 when the document
 * cannot be read.
 */
export async function execute(args: ParsedArgs, io: CliIo): Promise<number> {
  const [action, file, ...extra] = args.positionals;
  if (action !== 'import') {
    throw usage(
      action === undefined
        ? 'give an action: `runner openapi import <file>`'
        : `unknown action \`${action}\`: use \`runner openapi import <file>\``,
    );
  }
  if (file === undefined) throw usage('give the OpenAPI document: `runner openapi import <file>`');
  if (extra.length > 0) throw usage(`one document at a time; unexpected \`${extra.join(' ')}\``);
  const workspace = await loadWorkspace(io.cwd);
  const envName = typeof args.options.env === 'string' ? args.options.env : undefined;
  const out =
    typeof args.options.out === 'string'
      ? resolve(io.cwd, args.options.out)
      : join(workspace.config.tests.path, 'openapi');
  const source = resolve(io.cwd, file);
  const document = await loadOpenApiDocument(source, displayPath(io.cwd, source));
  const imported = importOpenApi(document, {
    pathPrefix: await pathPrefix(document, workspace, envName),
    schemasFolder: SCHEMAS_FOLDER,
    scenarioSchema: relative(out, join(workspace.runnerDir, 'scenario.schema.json')).split('\\').join('/'),
  });
  await writeAll(out, imported.scenarios);
  await writeAll(workspace.config.schemas.path, imported.schemas);
  for (const skipped of imported.skipped)
    io.stderr.write(`warning: not imported: ${escapeControls(skipped)}\n`);
  const schemasDir = displayPath(io.cwd, join(workspace.config.schemas.path, SCHEMAS_FOLDER));
  io.stdout.write(
    escapeControls(
      `Imported ${imported.scenarios.length} operation(s) from ${document.display}: ` +
        `${imported.scenarios.length} scenario(s) in ${displayPath(io.cwd, out)}, ` +
        `${imported.schemas.length} schema(s) in ${schemasDir}`,
    ) + '\n',
  );
  const configured = workspace.config.openapi === resolve(source);
  if (!configured) {
    io.stdout.write(
      `To check every response against it, add to .runner/config.yaml: openapi: ${escapeControls(relative(workspace.root, source).split('\\').join('/'))}\n`,
    );
  }
  return EXIT.passed;
}
