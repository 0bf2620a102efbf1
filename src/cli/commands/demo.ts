import { startDemoServer, type DemoServer } from '../../../demo/server.js';
import { RunnerError } from '../../diagnostics/errors.js';
import { DEMO_BASE_URL } from '../../workspace/scaffold/index.js';
import type { CliIo } from '../io.js';
import type { ParsedArgs } from '../parseArgs.js';
import { textOption } from './runOptions.js';

const DEMO_PORT = Number(new URL(DEMO_BASE_URL).port);

function portOption(args: ParsedArgs): number | undefined {
  const given = textOption(args, 'port');
  if (given === undefined) return undefined;
  const port = /^\d{1,5}$/.test(given) ? Number(given) : NaN;
  if (!(port >= 0 && port <= 65535)) {
    throw new RunnerError('cli.usage', `invalid --port \`${given}\`: a port number from 0 to 65535`, {
      hint: 'such as --port 5000 (0: any free port)',
    });
  }
  return port;
}

function isPortTaken(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'EADDRINUSE';
}

/**
 * Listens on the port asked for; without `--port`, on 4010 or, when something else holds it (another demo,
 * `npm run example`), on a free port, saying so. A port asked for and taken is an error (exit 2).
 */
async function listen(port: number | undefined, io: CliIo): Promise<DemoServer> {
  try {
    return await startDemoServer({ port: port ?? DEMO_PORT });
  } catch (error) {
    if (!isPortTaken(error)) throw error;
    if (port !== undefined) {
      throw new RunnerError('demo.port-taken', `port ${port} is already in use`, {
        hint: 'choose another with --port, or leave --port out to take a free one',
      });
    }
  }
  const server = await startDemoServer({ port: 0 });
  io.stdout.write(
    `Port ${DEMO_PORT} is already in use, so the demo API takes port ${server.port} instead: point baseUrl in\n` +
      `.runner/environments/local.yaml at ${server.url} (or \`npx runner init --demo --base-url ${server.url}\`).\n`,
  );
  return server;
}

/** The demo API in the foreground, on loopback, until Ctrl-C (which ends the process as usual). */
export async function execute(args: ParsedArgs, io: CliIo): Promise<number> {
  const server = await listen(portOption(args), io);
  io.stdout.write(
    `runner demo API listening on ${server.url} (demo-admin / demo-password; Ctrl-C to stop)\n`,
  );
  // Never settles: the server holds the process until a signal ends it.
  return new Promise<number>(() => undefined);
}
