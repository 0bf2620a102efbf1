import { spawn } from 'node:child_process';
import { open, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtCli, cliEnv, runCli, tempWorkspace, writeEnvironment } from '../support/cli.js';
import { startTestServer, type TestServer } from '../support/testServer.js';

/*
 * Output that is not a terminal is buffered (src/cli/bufferedOutput.ts): these runs check that nothing is
 * lost or reordered on the way out, with the built CLI writing to a file and a pipe as CI does.
 */
let server: TestServer;
let dir: string;
let cleanup: () => Promise<void>;
beforeAll(async () => {
  // Step 3 is never answered: the run is still going when a test stops it.
  server = await startTestServer({
    handler: (request, response) => {
      if (request.url === '/items/3') return;
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    },
  });
  ({ dir, cleanup } = await tempWorkspace());
  expect((await runCli(['init'], { cwd: dir })).code).toBe(0);
  await writeEnvironment(dir, 'local', `baseUrl: ${server.url}\n`);
  const step = (n: number) => `  - name: Step ${n}\n    request: { method: GET, url: /items/${n} }\n`;
  await writeFile(join(dir, '.runner/tests/two.yaml'), `scenario: Two\nsteps:\n${step(1)}${step(2)}`);
  await writeFile(
    join(dir, '.runner/tests/stuck.yaml'),
    `scenario: Stuck\nsteps:\n${step(1)}${step(2)}${step(3)}`,
  );
});
afterAll(async () => {
  await cleanup();
  await server.close();
});

const env = cliEnv();

describe('console output that is not a terminal', () => {
  it('reaches a log shared with stderr in the order it was written', async () => {
    // Reports cannot be written where a file stands: a warning on stderr after the run's lines on stdout.
    await rm(join(dir, '.runner/reports'), { recursive: true, force: true });
    await writeFile(join(dir, '.runner/reports'), 'a file, not a folder\n');
    const logPath = join(dir, 'run.log');
    const log = await open(logPath, 'w');
    const code = await new Promise<number | null>((resolve, reject) => {
      const child = spawn(process.execPath, [builtCli, 'run', '.runner/tests/two.yaml', '--report', 'json'], {
        cwd: dir,
        env,
        stdio: ['ignore', log.fd, log.fd],
      });
      child.on('error', reject);
      child.on('close', resolve);
    });
    await log.close();
    await rm(join(dir, '.runner/reports'), { force: true });
    server.requests.length = 0;

    const text = await readFile(logPath, 'utf8');
    // A warning, not exit 2: the exit code follows the checks (DECISIONS.md, Wave 2 / Platform).
    expect(code).toBe(0);
    const order = ['Step 1', 'Step 2', 'PASSED', 'warning: cannot write reports'].map((needle) =>
      text.indexOf(needle),
    );
    expect(order.every((at) => at >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
  });

  it('keeps every line printed before a SIGTERM, and the run ends interrupted (exit 130)', async () => {
    const child = spawn(process.execPath, [builtCli, 'run', '.runner/tests/stuck.yaml'], {
      cwd: dir,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    const ended = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
    // Step 3's request reaching the server means steps 1 and 2 have ended and been printed (to the buffer).
    while (server.requests.length < 3) await new Promise((resolve) => setTimeout(resolve, 5));
    child.kill('SIGTERM');
    // DECISIONS.md: SIGTERM is handled like the first SIGINT.
    expect(await ended).toBe(130);
    expect(stdout).toContain('✓ Step 1');
    expect(stdout).toContain('✓ Step 2');
    expect(stdout).toContain('INTERRUPTED');
  });
});
