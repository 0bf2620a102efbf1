// `npm run example`: the example workspace run end to end. Starts the demo API where the example
// environment expects it (examples/.runner/environments/local.yaml baseUrl) or, when something else holds
// that port, on a free one; runs `node dist/runner.cjs run` in a copy of examples/ whose environment points
// at the demo; stops the API and exits with the runner's exit code (DECISIONS.md, "Exit codes").
// The copy lives in a temporary directory: outside this repository, whose git tracks the demo's
// public credentials, and never left behind.
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { constants, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const examples = join(root, 'examples');
const ENVIRONMENT = join('.runner', 'environments', 'local.yaml');
const environmentFile = join(examples, ENVIRONMENT);
const DEFAULT_PORT = 4010;

/** Exit code 2: nothing could run (DECISIONS.md, "Exit codes"). */
function fail(message) {
  console.error(`example: ${message}`);
  process.exit(2);
}

/** The example environment's baseUrl, and the host and port it sends requests to. */
function demoAddress() {
  if (!existsSync(environmentFile)) fail(`${environmentFile} does not exist`);
  const environment = parse(readFileSync(environmentFile, 'utf8'));
  const baseUrl = environment?.baseUrl;
  if (typeof baseUrl !== 'string') fail(`${environmentFile} has no baseUrl`);
  let url;
  try {
    url = new URL(baseUrl);
  } catch {
    fail(`${environmentFile}: baseUrl "${baseUrl}" is not a URL`);
  }
  const port = url.port === '' ? DEFAULT_PORT : Number(url.port);
  // The demo listens on loopback only; `localhost` resolves there too.
  const host = url.hostname === 'localhost' ? '127.0.0.1' : url.hostname.replace(/^\[(.*)\]$/, '$1');
  return { baseUrl: baseUrl.replace(/\/+$/, ''), host, port };
}

function loadDemo() {
  for (const file of ['runner.cjs', 'demo.cjs']) {
    if (!existsSync(join(root, 'dist', file))) fail(`dist/${file} is missing: run \`npm run build\` first`);
  }
  const { startDemoServer } = createRequire(import.meta.url)(join(root, 'dist', 'demo.cjs'));
  if (typeof startDemoServer !== 'function') fail('dist/demo.cjs does not export startDemoServer');
  return startDemoServer;
}

/** The demo on the port the examples expect, or on a free one when that port is taken. */
async function startDemo(startDemoServer, { host, port }) {
  try {
    return await startDemoServer({ host, port });
  } catch (error) {
    if (error?.code !== 'EADDRINUSE') throw error;
  }
  const demo = await startDemoServer({ host, port: 0 });
  console.log(`example: port ${port} is in use; the demo API listens on port ${demo.port} for this run`);
  return demo;
}

/** A temporary copy of examples/ whose environment sends to `url` instead of `baseUrl`. */
function copyExamples(baseUrl, url) {
  const copy = mkdtempSync(join(tmpdir(), 'runner-example-'));
  cpSync(examples, copy, {
    recursive: true,
    filter: (source) => !source.includes(join('.runner', 'reports')),
  });
  const environment = join(copy, ENVIRONMENT);
  writeFileSync(environment, readFileSync(environment, 'utf8').replaceAll(baseUrl, url));
  return copy;
}

/** Runs the CLI in `cwd` and resolves with its exit code. */
function runExamples(cwd) {
  return new Promise((resolve) => {
    const cli = spawn(process.execPath, [join(root, 'dist', 'runner.cjs'), 'run'], {
      cwd,
      stdio: 'inherit',
    });
    // Ctrl-C reaches the runner through the terminal's process group; a `kill` aimed here is passed on.
    // Either way this script stays alive to stop the demo once the runner has finished.
    process.on('SIGINT', () => {});
    for (const signal of ['SIGTERM', 'SIGHUP']) process.on(signal, () => cli.kill(signal));
    cli.on('error', (error) => {
      console.error(`example: could not start the runner: ${error.message}`);
      resolve(2);
    });
    cli.on('exit', (code, signal) =>
      resolve(code ?? 128 + (signal === null ? 0 : constants.signals[signal])),
    );
  });
}

const startDemoServer = loadDemo();
const address = demoAddress();
const demo = await startDemo(startDemoServer, address);
const copy = copyExamples(address.baseUrl, demo.url);
const exitCode = await runExamples(copy);
rmSync(copy, { recursive: true, force: true });
// A client that keeps a connection open must not hold the exit code hostage.
await Promise.race([demo.close(), delay(2000)]);
process.exit(exitCode);
