// `npm run example`: the example workspace run end to end. Starts the demo API where the example
// environment expects it (examples/.runner/environments/local.yaml baseUrl), runs `node dist/runner.cjs run`
// in examples/, stops the API and exits with the runner's exit code (DECISIONS.md, "Exit codes").
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { constants } from 'node:os';
import { dirname, join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const examples = join(root, 'examples');
const environmentFile = join(examples, '.runner', 'environments', 'local.yaml');
const DEFAULT_PORT = 4010;

/** Exit code 2: nothing could run (DECISIONS.md, "Exit codes"). */
function fail(message) {
  console.error(`example: ${message}`);
  process.exit(2);
}

/** Host and port the example environment sends requests to. */
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
  return { host, port };
}

function loadDemo() {
  for (const file of ['runner.cjs', 'demo.cjs']) {
    if (!existsSync(join(root, 'dist', file))) fail(`dist/${file} is missing: run \`npm run build\` first`);
  }
  const { startDemoServer } = createRequire(import.meta.url)(join(root, 'dist', 'demo.cjs'));
  if (typeof startDemoServer !== 'function') fail('dist/demo.cjs does not export startDemoServer');
  return startDemoServer;
}

async function startDemo(startDemoServer, { host, port }) {
  try {
    return await startDemoServer({ host, port });
  } catch (error) {
    if (error?.code === 'EADDRINUSE') {
      fail(
        `port ${port} on ${host} is already in use, and the example environment expects the demo API there.\n` +
          `Stop whatever listens on it (perhaps \`npm run demo\`), or run \`node dist/runner.cjs run\` in examples/ ` +
          `against that server yourself.`,
      );
    }
    throw error;
  }
}

/** Runs the CLI in examples/ and resolves with its exit code. */
function runExamples() {
  return new Promise((resolve) => {
    const cli = spawn(process.execPath, [join(root, 'dist', 'runner.cjs'), 'run'], {
      cwd: examples,
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
const exitCode = await runExamples();
// A client that keeps a connection open must not hold the exit code hostage.
await Promise.race([demo.close(), delay(2000)]);
process.exit(exitCode);
