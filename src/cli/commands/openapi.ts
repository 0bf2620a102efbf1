import { readFile } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { parse } from 'yaml';
import { importOpenApi, type CredentialField } from '../../convert/index.js';

import { RunnerError } from '../../diagnostics/errors.js';
import { escapeControls } from '../../diagnostics/terminalText.js';
import { loadOpenApiDocument, type OpenApiDocument } from '../../openapi/index.js';
import { loadEnvironment, loadWorkspace, type Workspace } from '../../workspace/index.js';
import { displayPath } from '../../workspace/displayPath.js';
import { writeAllOrNothing, type StagedFile } from '../../workspace/stagedWrite.js';
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

/**
 * The credentials the scenarios read go to the environment's credentials file when there is none; an existing
 * one is never changed (DECISIONS, Wave 3): the fields it lacks are printed, to be added by hand.
 */
async function credentialsPlan(
  workspace: Workspace,
  envName: string,
  fields: readonly CredentialField[],
): Promise<{ path: string; write?: string; missing: CredentialField[] }> {
  const path = join(workspace.runnerDir, 'credentials', `${envName}.yaml`);
  const existing = await readFile(path, 'utf8').then(
    (text) => text,
    () => undefined,
  );
  if (existing === undefined)
    return { path, ...(fields.length > 0 ? { write: credentialsText(fields) } : {}), missing: [] };
  let accounts: unknown;
  try {
    accounts = parse(existing);
  } catch {
    accounts = undefined;
  }
  const has = (field: CredentialField) => {
    const account = (accounts as Record<string, unknown> | null | undefined)?.[field.account];
    return account !== null && typeof account === 'object' && field.field in account;
  };
  return { path, missing: fields.filter((field) => !has(field)) };
}

/** Accounts and fields with empty values, each saying what to put there. */
function credentialsText(fields: readonly CredentialField[]): string {
  const lines = [
    "# Credentials of the API's security schemes, written by `runner openapi import`: fill in the values.",
    '# Read as `$accounts.<account>.<field>` and masked in all output. Keep this file out of version control.',
  ];
  for (const account of new Set(fields.map((field) => field.account))) {
    lines.push(`${account}:`);
    for (const field of fields.filter((entry) => entry.account === account)) {
      lines.push(`  ${field.field}: ""   # ${field.what}`);
    }
  }
  return `${lines.join('\n')}\n`;
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
  const environment = envName ?? workspace.config.environments.default;
  const credentialsFile = join(workspace.runnerDir, 'credentials', `${environment}.yaml`);
  const imported = importOpenApi(document, {
    pathPrefix: await pathPrefix(document, workspace, envName),
    schemasFolder: SCHEMAS_FOLDER,
    scenarioSchema: relative(out, join(workspace.runnerDir, 'scenario.schema.json')).split('\\').join('/'),
    credentialsFile: displayPath(io.cwd, credentialsFile),
  });
  const credentials = await credentialsPlan(workspace, environment, imported.credentials);
  // Imported again, an operation's scenario and schema are replaced (docs/openapi.md); all or nothing.
  const files: StagedFile[] = [
    ...imported.scenarios.map((file) => ({ path: join(out, file.path), text: file.text, replace: true })),
    ...imported.schemas.map((file) => ({
      path: join(workspace.config.schemas.path, file.path),
      text: file.text,
      replace: true,
    })),
    ...(credentials.write !== undefined ? [{ path: credentials.path, text: credentials.write }] : []),
  ];
  await writeAllOrNothing(files, (path) => displayPath(io.cwd, path));
  for (const skipped of imported.skipped)
    io.stderr.write(`warning: not imported: ${escapeControls(skipped)}\n`);
  const schemasDir = displayPath(io.cwd, join(workspace.config.schemas.path, SCHEMAS_FOLDER));
  // Names from the document (its path, security schemes) never start a line of their own (issue 28).
  const lines = [
    `Imported ${imported.scenarios.length} operation(s) from ${document.display}: ` +
      `${imported.scenarios.length} scenario(s) in ${displayPath(io.cwd, out)}, ` +
      `${imported.schemas.length} schema(s) in ${schemasDir}`,
  ];
  const shownCredentials = displayPath(io.cwd, credentials.path);
  if (credentials.write !== undefined) {
    lines.push(
      `The API's security schemes need credentials: fill in ${imported.credentials.map((field) => `${field.account}.${field.field}`).join(', ')} in ${shownCredentials}`,
    );
  } else if (credentials.missing.length > 0) {
    lines.push(
      `The API's security schemes need credentials; ${shownCredentials} exists and was left as it is. Add to it:`,
    );
    for (const account of new Set(credentials.missing.map((field) => field.account))) {
      lines.push(`  ${account}:`);
      for (const field of credentials.missing.filter((entry) => entry.account === account)) {
        lines.push(`    ${field.field}: ...   # ${field.what}`);
      }
    }
  }
  if (workspace.config.openapi !== resolve(source)) {
    lines.push(
      `To check every response against it, add to .runner/config.yaml: openapi: ${relative(workspace.root, source).split('\\').join('/')}`,
    );
  }
  io.stdout.write(`${lines.map(escapeControls).join('\n')}\n`);
  return EXIT.passed;
}
