import { spawn } from 'node:child_process';
import { cp, readFile, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer, type DemoServer } from '../../demo/server.js';
import { repoRoot, runCli, tempWorkspace } from '../support/cli.js';

let demo: DemoServer;
let dir: string;
let cleanup: () => Promise<void>;

beforeAll(async () => {
  demo = await startDemoServer({ port: 0 });
  ({ dir, cleanup } = await tempWorkspace());
  await cp(join(repoRoot, 'examples'), dir, { recursive: true });
  // The examples point at the demo on port 4010; this run's demo listens on a free port.
  const envFile = join(dir, '.runner/environments/local.yaml');
  const env = await readFile(envFile, 'utf8');
  await writeFile(envFile, env.replaceAll('http://localhost:4010', `http://localhost:${demo.port}`));
});
afterAll(async () => {
  await cleanup();
  await demo.close();
});

describe('the example workspace (what `runner init` writes) against the demo API', () => {
  it('passes `runner run`, printing every scenario and a PASSED summary', async () => {
    const { code, stdout, stderr } = await runCli(['run'], { cwd: dir });
    expect(stderr).toBe('');
    expect(code).toBe(0);
    for (const name of ['Health check', 'Product catalogue', 'Variables, set and if'])
      expect(stdout).toContain(name);
    expect(stdout).toMatch(/^PASSED {2}\d+ passed, 0 failed, 1 skipped, \d+ total steps · 5 scenarios · /m);
    expect(stdout).not.toContain('\u001b[');
  });

  it('never prints the credentials it logs in with', async () => {
    const { stdout } = await runCli(['run', '--verbose'], { cwd: dir });
    expect(stdout).toContain('[MASKED]');
    expect(stdout).not.toContain('demo-password');
    expect(stdout).not.toContain('demo-admin');
    expect(stdout).not.toMatch(/eyJ[\w-]+\.[\w-]+\.[\w-]+/);
  });

  it('runs only scenarios that have every --tag given', async () => {
    const smoke = await runCli(['run', '--tag', 'smoke'], { cwd: dir });
    expect(smoke.code).toBe(0);
    expect(smoke.stdout).toContain('Health check');
    expect(smoke.stdout).toContain('Product catalogue');
    expect(smoke.stdout).not.toContain('Variables, set and if');
    const both = await runCli(['run', '--tag', 'smoke', '--tag', 'products'], { cwd: dir });
    expect(both.stdout).toContain('Product catalogue');
    expect(both.stdout).not.toContain('Health check');
    const none = await runCli(['run', '--tag', 'smoke', '--tag', 'language'], { cwd: dir });
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('no scenario to run with tags `smoke` and `language`');
  });

  it('runs one file given by name, resolved under the tests directory', async () => {
    const { code, stdout } = await runCli(['run', 'health.yaml'], { cwd: dir });
    expect(code).toBe(0);
    expect(stdout).toContain('1 scenario ·');
  });

  it('passes `runner validate`', async () => {
    const { code, stdout } = await runCli(['validate'], { cwd: dir });
    expect(code).toBe(0);
    expect(stdout).toMatch(/^6 files checked: no problems\n$/m);
  });

  it('colours output only when asked: FORCE_COLOR on, NO_COLOR off', async () => {
    const forced = await runCli(['run', 'health.yaml'], {
      cwd: dir,
      env: { FORCE_COLOR: '1', NO_COLOR: '' },
    });
    expect(forced.stdout).toContain('\u001b[32m✓');
    const plain = await runCli(['run', 'health.yaml'], { cwd: dir, env: { NO_COLOR: '1' } });
    expect(plain.stdout).not.toContain('\u001b[');
  });

  it('`npm run example` passes while another process listens on port 4010', async () => {
    // Holds 127.0.0.1:4010, unless something else already does: the port is taken either way.
    const holder = createServer();
    const held = await new Promise<boolean>((resolve) => {
      holder.once('error', () => resolve(false));
      holder.listen(4010, '127.0.0.1', () => resolve(true));
    });
    try {
      const example = spawn(process.execPath, [join(repoRoot, 'scripts/example.mjs')], {
        cwd: repoRoot,
        env: {
          PATH: process.env.PATH ?? '',
          HOME: process.env.HOME ?? '',
          NO_COLOR: '1',
          RUNNER_NO_CACHE: '1',
        },
      });
      let output = '';
      example.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      example.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const code = await new Promise<number | null>((resolve) => example.on('close', resolve));
      expect(output).toMatch(/example: port 4010 is in use; the demo API listens on port \d+ for this run/);
      expect(output).toMatch(/^PASSED .* · 5 scenarios · /m);
      expect(output).not.toContain('warning');
      expect(code).toBe(0);
    } finally {
      if (held) holder.close();
    }
  }, 60_000);
});
