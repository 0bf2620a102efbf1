// Checks on the bundle that scripts/build.mjs writes (`npm test` builds it first, via `pretest`).
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const bundle = join(root, 'dist', 'runner.cjs');
const scratch = mkdtempSync(join(tmpdir(), 'runner-build-test-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function runBundle(args: string[], nodeOptions: string[] = []) {
  const nodeArgs = [...nodeOptions, bundle, ...args];
  // No code cache: a test must not write to the home folder (docs/cli.md, "Caching").
  return spawnSync(process.execPath, nodeArgs, {
    cwd: scratch,
    encoding: 'utf8',
    env: { PATH: '', RUNNER_NO_CACHE: '1' },
  });
}

describe('dist/runner.cjs and the program in dist/lib', () => {
  it('is an executable node script', () => {
    expect(readFileSync(bundle, 'utf8').startsWith('#!/usr/bin/env node\n')).toBe(true);
    expect(statSync(bundle).mode & 0o111).not.toBe(0);
  });

  it('carries the build stamps, not the fallbacks used when running from source', () => {
    const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string };
    const git = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' });
    const commit = git.status === 0 && git.stdout.trim() !== '' ? git.stdout.trim() : 'unknown';
    const { status, stdout } = runBundle(['--version']);
    expect(status).toBe(0);
    const match = /^runner version v(\S+) \(commit: (\S+), built: (\S+), node \S+\)\n$/.exec(stdout);
    expect(match?.slice(1, 3)).toEqual([version, commit]);
    const builtAt = Date.parse(match?.[3] ?? '');
    // A build from this checkout, not new Date(0): within a day covers any test run after `npm run build`.
    expect(Date.now() - builtAt).toBeLessThan(24 * 60 * 60 * 1000);
  });

  it('reads a few kilobytes of the program for --version and --help: heavy modules load on first use', () => {
    // A module hook (node:module register, a public API) records every file the process loads.
    const log = join(scratch, 'loaded.log');
    const hooks = join(scratch, 'hooks.mjs');
    writeFileSync(
      hooks,
      `import { appendFileSync } from 'node:fs';
export async function load(url, context, next) {
  if (url.startsWith('file:')) appendFileSync(${JSON.stringify(log)}, url + '\\n');
  return next(url, context);
}
`,
    );
    const register = join(scratch, 'register.mjs');
    writeFileSync(
      register,
      `import { register } from 'node:module';\nregister(${JSON.stringify(pathToFileURL(hooks).href)});\n`,
    );
    for (const args of [['--version'], ['--help']]) {
      rmSync(log, { force: true });
      const { status } = runBundle(args, ['--import', register]);
      expect(status).toBe(0);
      const loaded = readFileSync(log, 'utf8')
        .trim()
        .split('\n')
        .map((url) => fileURLToPath(url));
      expect(loaded.slice(0, 2)).toEqual([bundle, join(root, 'dist', 'lib', 'cli.mjs')]);
      const bytes = loaded.reduce((sum, file) => sum + statSync(file).size, 0);
      // The whole program is ~2 MB; the start-up path is the entry and a few small shared chunks.
      expect(bytes).toBeLessThan(64 * 1024);
    }
  });

  it('never makes Node load its own internal undici during a run (~30 ms of every run on Node 22)', async () => {
    // Node loads its bundled undici lazily, when a web global (Headers, fetch) or node:http's WebSocket is
    // first read; runner has its own undici, so a run that triggers that pays twice (scripts/build.mjs).
    const server = createServer((_request, response) => response.end('{"ok":true}'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const port = (server.address() as AddressInfo).port;
      const project = join(scratch, 'undici-probe');
      mkdirSync(join(project, '.runner', 'tests'), { recursive: true });
      mkdirSync(join(project, '.runner', 'environments'), { recursive: true });
      writeFileSync(
        join(project, '.runner', 'environments', 'local.yaml'),
        `baseUrl: http://localhost:${port}\n`,
      );
      writeFileSync(
        join(project, '.runner', 'tests', 'one.yaml'),
        'scenario: one\nsteps:\n  - request: { method: GET, url: /x }\n    expect: { status: 200, body.ok: true }\n',
      );
      const probe = join(scratch, 'internal-modules.cjs');
      writeFileSync(
        probe,
        "process.on('exit', () => process.stderr.write(JSON.stringify(process.moduleLoadList.filter((name) => name.includes('undici')))));\n",
      );
      const result = await new Promise<{ status: number | null; stderr: string }>((resolve) => {
        const child = spawn(process.execPath, ['--require', probe, bundle, 'run'], {
          cwd: project,
          env: { PATH: '', RUNNER_NO_CACHE: '1' },
        });
        let stderr = '';
        child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
        child.on('exit', (status) => resolve({ status, stderr }));
      });
      expect(result.status).toBe(0);
      expect(JSON.parse(result.stderr)).toEqual([]);
    } finally {
      server.close();
    }
  });

  it('gives code written as ESM an import.meta.url: dist/demo.cjs knows it was run directly', async () => {
    // The demo starts listening only when import.meta.url names the file in argv[1]; an empty import.meta
    // (esbuild's default for CommonJS output) would leave it silent.
    const demo = spawn(process.execPath, [join(root, 'dist', 'demo.cjs')], {
      env: { PATH: '', PORT: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise<number | null>((resolve) => demo.on('exit', (code) => resolve(code)));
    const firstLine = await new Promise<string>((resolve) => {
      let output = '';
      demo.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('\n')) resolve(output.split('\n')[0] ?? '');
      });
      demo.on('exit', () => resolve(output));
    });
    demo.kill('SIGTERM');
    expect(firstLine).toMatch(/^runner demo API listening on http:\/\/localhost:\d+ /);
    expect(await exited).toBe(0);
  });
});
