import { createServer, type Server } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli, startCli, tempWorkspace, type StartedCli } from '../support/cli.js';

let dir: string;
let cleanup: () => Promise<void>;
const started: StartedCli[] = [];
beforeEach(async () => ({ dir, cleanup } = await tempWorkspace()));
afterEach(async () => {
  for (const cli of started.splice(0)) {
    cli.child.kill('SIGTERM');
    await cli.done;
  }
  await cleanup();
});

/** Starts `runner demo` and resolves with its output once it says where it listens. */
async function startDemo(args: string[]): Promise<{ cli: StartedCli; output: string; url: string }> {
  const cli = startCli(['demo', ...args], { cwd: dir });
  started.push(cli);
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    cli.child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/localhost:\d+)/.exec(output);
      if (match) resolve(match[1]!);
    });
    void cli.done.then((run) => reject(new Error(`runner demo ended: ${run.code}\n${run.stderr}`)));
  });
  return { cli, output, url };
}

/** Holds 127.0.0.1:4010 for the test (or finds it already held by someone else: taken either way). */
async function holdDemoPort(): Promise<Server | undefined> {
  const server = createServer();
  return new Promise((resolve) => {
    server.once('error', () => resolve(undefined));
    server.listen(4010, '127.0.0.1', () => resolve(server));
  });
}

describe('runner demo', () => {
  it('serves the demo API on the port asked for, until a signal ends it', async () => {
    const { cli, url } = await startDemo(['--port', '0']);
    const health = await fetch(`${url}/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: 'ok' });
    cli.child.kill('SIGTERM');
    await cli.done;
    expect(cli.child.signalCode).toBe('SIGTERM');
  });

  it('takes a free port when 4010 is taken, and says which', async () => {
    const holder = await holdDemoPort();
    try {
      const { output, url } = await startDemo([]);
      expect(url).not.toBe('http://localhost:4010');
      expect(output).toContain(
        `Port 4010 is already in use, so the demo API takes port ${new URL(url).port}`,
      );
      expect((await fetch(`${url}/health`)).status).toBe(200);
    } finally {
      holder?.close();
    }
  });

  it('refuses a port asked for that is taken, and a port that is not a number (exit 2)', async () => {
    const { url } = await startDemo(['--port', '0']);
    const port = new URL(url).port;
    const taken = await runCli(['demo', '--port', port], { cwd: dir });
    expect(taken.code).toBe(2);
    expect(taken.stderr).toContain(`port ${port} is already in use`);
    const bad = await runCli(['demo', '--port', 'http'], { cwd: dir });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('invalid --port `http`: a port number from 0 to 65535');
  });
});
