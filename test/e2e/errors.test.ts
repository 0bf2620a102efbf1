import { spawn } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtCli, cliEnv, runCli, tempWorkspace, writeEnvironment } from '../support/cli.js';
import { startTestServer, type TestServer } from '../support/testServer.js';

let server: TestServer;
beforeAll(async () => (server = await startTestServer()));
afterAll(() => server.close());

describe('errors that stop a command are explained, never a stack trace (exit 2)', () => {
  it('a missing http.caFile names the key', async () => {
    const { dir, cleanup } = await tempWorkspace('failures');
    try {
      await writeEnvironment(dir, 'local', `baseUrl: ${server.url}\nhttp: { caFile: certs/missing.pem }\n`);
      const { code, stderr } = await runCli(['run'], { cwd: dir });
      expect(code).toBe(2);
      expect(stderr).toMatch(/^error: cannot read http\.caFile certs\/missing\.pem \(ENOENT\)/);
      expect(stderr).not.toContain('internal error');
    } finally {
      await cleanup();
    }
  });

  it('a scenario named without its extension gets the file name to write', async () => {
    const { dir, cleanup } = await tempWorkspace();
    try {
      await mkdir(join(dir, '.runner/tests'), { recursive: true });
      await mkdir(join(dir, '.runner/environments'));
      await writeEnvironment(dir, 'local', 'baseUrl: http://localhost:1\n');
      await writeFile(join(dir, '.runner/tests/health.yaml'), 'scenario: h\nsteps:\n  - set: { a: 1 }\n');
      for (const command of ['run', 'validate', 'load']) {
        const { code, stderr } = await runCli([command, 'health'], { cwd: dir });
        expect(code).toBe(2);
        expect(stderr).toBe('error: no scenario file or directory `health` (did you mean `health.yaml`?)\n');
      }
      const other = await runCli(['run', 'nothere'], { cwd: dir });
      expect(other.stderr).toContain('(looked for nothere and .runner/tests/nothere)');
    } finally {
      await cleanup();
    }
  });

  it('init refuses to nest a workspace inside another', async () => {
    const { dir, cleanup } = await tempWorkspace('failures');
    try {
      const { code, stderr } = await runCli(['init'], { cwd: join(dir, '.runner/tests') });
      expect(code).toBe(2);
      expect(stderr).toContain('already inside the workspace at');
    } finally {
      await cleanup();
    }
  });

  it('init says what blocks it when .runner is a file', async () => {
    const { dir, cleanup } = await tempWorkspace();
    try {
      await writeFile(join(dir, '.runner'), 'not a directory');
      const { code, stderr } = await runCli(['init'], { cwd: dir });
      expect(code).toBe(2);
      expect(stderr).toContain('a file stands where the workspace needs a directory');
    } finally {
      await cleanup();
    }
  });

  it('an environment whose baseUrl is not a URL stops the run before anything is sent', async () => {
    const { dir, cleanup } = await tempWorkspace('failures');
    try {
      await mkdir(join(dir, '.runner/environments'), { recursive: true });
      await writeEnvironment(dir, 'local', 'baseUrl: not a url\n');
      const { code, stderr } = await runCli(['run'], { cwd: dir });
      expect(code).toBe(2);
      expect(stderr).toMatch(/\.runner\/environments\/local\.yaml:1:10: .*baseUrl/);
    } finally {
      await cleanup();
    }
  });
});

describe('a reader that goes away', () => {
  it('`runner run | head` still runs teardown and exits with the real code', async () => {
    const { dir, cleanup } = await tempWorkspace('failures');
    try {
      await writeEnvironment(dir, 'local', `baseUrl: ${server.url}\n`);
      const before = server.requests.length;
      const code = await new Promise<number>((resolve, reject) => {
        const child = spawn(process.execPath, [builtCli, 'run', 'failing.yaml'], {
          cwd: dir,
          env: cliEnv(),
          stdio: ['ignore', 'pipe', 'ignore'],
        });
        // Read the first chunk, then close the pipe as `head -1` would.
        child.stdout.once('data', () => child.stdout.destroy());
        child.on('error', reject);
        child.on('close', (exit) => resolve(exit ?? -1));
      });
      expect(code).toBe(1);
      const paths = server.requests.slice(before).map((request) => request.url);
      // Four steps and the teardown step: nothing was cut short.
      expect(paths).toHaveLength(5);
      expect(paths).toContain('/slow?ms=150');
    } finally {
      await cleanup();
    }
  });
});
