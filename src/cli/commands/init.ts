import { basename, join, relative } from 'node:path';
import { RunnerError } from '../../diagnostics/errors.js';
import { scenarioJsonSchema } from '../../language/index.js';
import { isDirectory } from '../../workspace/fileKinds.js';
import { findWorkspaceRoot } from '../../workspace/loadWorkspace.js';
import {
  DEFAULT_BASE_URL,
  DEMO_BASE_URL,
  initWorkspace,
  scaffoldFiles,
  scaffoldState,
  type ScaffoldFile,
} from '../../workspace/scaffold/index.js';
import type { CliIo } from '../io.js';
import type { ParsedArgs } from '../parseArgs.js';
import { EXIT } from '../exitCodes.js';
import { textOption } from './runOptions.js';

/** `--base-url`: an http(s) URL, since every relative request URL is joined to it. */
function baseUrlOption(args: ParsedArgs, demo: boolean): string {
  const given = textOption(args, 'base-url');
  if (given === undefined) return demo ? DEMO_BASE_URL : DEFAULT_BASE_URL;
  let url: URL | undefined;
  try {
    url = new URL(given);
  } catch {
    url = undefined;
  }
  if (url === undefined || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.hostname === '') {
    throw new RunnerError('cli.usage', `invalid --base-url \`${given}\`: an http:// or https:// URL`, {
      hint: 'such as --base-url http://localhost:8080',
    });
  }
  if (url.username !== '' || url.password !== '') {
    // The environment file is committed (only credentials/ is git-ignored): a password written there
    // would be published, and echoing the URL back would print it.
    throw new RunnerError(
      'cli.usage',
      'invalid --base-url: it holds a user name or password, which would be written to .runner/environments/local.yaml (tracked by git)',
      {
        hint: 'give the URL without them, put the account in .runner/credentials/local.yaml and declare `auth: { basic: { username: $accounts.<account>.username, password: $accounts.<account>.password } }` in the environment (docs/language.md, Auth)',
      },
    );
  }
  return given;
}

/** The command that starts the demo where the workspace expects it (`--port` unless that is 4010). */
function demoCommand(baseUrl: string): string {
  const url = new URL(baseUrl);
  const port = url.port === '' ? (url.protocol === 'https:' ? '443' : '80') : url.port;
  return port === new URL(DEMO_BASE_URL).port ? 'npx runner demo' : `npx runner demo --port ${port}`;
}

function list(io: CliIo, paths: readonly string[]): void {
  for (const path of paths) io.stdout.write(`  ${path}\n`);
}

/**
 * A workspace that exists is left as it is: files the user deleted stay deleted. Says what is missing and
 * how to write it (`--add-missing`); with `--demo`, which demo files that would add and which of the
 * user's own files the demo would have to share.
 */
async function describeExisting(io: CliIo, files: ScaffoldFile[], demo: boolean): Promise<void> {
  const { missing, present } = await scaffoldState(io.cwd, files);
  io.stdout.write('This directory already has a .runner/ workspace; nothing was changed.\n');
  if (missing.length === 0) {
    if (demo) io.stdout.write('It already holds every file of the demo workspace.\n');
    return;
  }
  const flags = demo ? '--demo --add-missing' : '--add-missing';
  io.stdout.write(`\n\`npx runner init ${flags}\` would add:\n`);
  list(io, missing);
  if (!demo) return;
  const shared = present.filter((path) => /^\.runner\/(environments|credentials|tests)\//.test(path));
  if (shared.length > 0) {
    io.stdout.write('and keep your own version of:\n');
    list(io, shared);
  }
  io.stdout.write(
    "\nThe demo's scenarios expect its environment (.runner/environments/local.yaml pointing at the demo,\n" +
      'with the service `auth`) and its credentials. For a separate demo workspace, run\n' +
      '`npx runner init --demo` in an empty directory instead.\n',
  );
}

function nextSteps(io: CliIo, baseUrl: string, demo: boolean): void {
  if (demo) {
    io.stdout.write(
      `\nNext: start the demo API in another terminal with \`${demoCommand(baseUrl)}\`, then run \`npx runner run\` here.\n`,
    );
    return;
  }
  io.stdout.write(
    `\nNext:\n` +
      `  1. .runner/environments/local.yaml sends requests to ${baseUrl}: change baseUrl if your API is elsewhere.\n` +
      `  2. .runner/tests/health.yaml calls GET /health: use your API's health endpoint.\n` +
      `  3. npx runner run\n` +
      `Accounts and keys go in .runner/credentials/local.yaml (git-ignored). To try runner on its demo API\n` +
      `first, run \`npx runner init --demo\` in an empty directory.\n`,
  );
}

/**
 * Scaffolds the workspace for your own API (or, with `--demo`, the demo's); never overwrites, and once a
 * workspace exists writes nothing unless `--add-missing` asks.
 */
export async function execute(args: ParsedArgs, io: CliIo): Promise<number> {
  const demo = args.options.demo === true;
  const baseUrl = baseUrlOption(args, demo);
  // A second .runner/ inside a workspace would shadow the real one for everything below it.
  const enclosing = await findWorkspaceRoot(io.cwd);
  if (enclosing !== undefined && relative(enclosing, io.cwd) !== '') {
    throw new RunnerError('init.nested', `this directory is already inside the workspace at ${enclosing}`, {
      hint: `run \`runner init\` in ${enclosing}, or in a directory outside it`,
    });
  }
  const files = scaffoldFiles({
    scenarioJsonSchema: JSON.stringify(scenarioJsonSchema(), null, 2) + '\n',
    projectName: basename(io.cwd) || 'api-tests',
    baseUrl,
    demo,
  });
  const exists = await isDirectory(join(io.cwd, '.runner'));
  if (exists && args.options['add-missing'] !== true) {
    await describeExisting(io, files, demo);
    return EXIT.passed;
  }
  const { created, existing } = await initWorkspace(io.cwd, files);
  for (const file of created) io.stdout.write(`created  ${file}\n`);
  if (existing.length > 0) {
    io.stdout.write(
      `${existing.length} ${existing.length === 1 ? 'file was' : 'files were'} already there and left as ${existing.length === 1 ? 'it is' : 'they are'}.\n`,
    );
  }
  if (!exists) nextSteps(io, baseUrl, demo);
  return EXIT.passed;
}
