// Checks on the bundle that scripts/build.mjs writes (`npm test` builds it first, via `pretest`).
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const bundle = join(root, 'dist', 'runner.cjs');
const scratch = mkdtempSync(join(tmpdir(), 'runner-build-test-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function runBundle(args: string[], preload?: string) {
  const nodeArgs = preload === undefined ? [bundle, ...args] : ['--require', preload, bundle, ...args];
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

  it('is pure ASCII, so Node reads the program into a one-byte string, licence notices kept', () => {
    const program = readFileSync(join(root, 'dist', 'lib', 'cli.cjs'));
    expect(program.findIndex((byte) => byte > 0x7f)).toBe(-1);
    expect(program.toString('latin1')).toContain('Bundled license information');
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

  it('loads no heavy module for --version and --help (start-up, see bench/startup)', () => {
    // The bundle reaches Node built-ins, and so undici, yaml and the engine, only through `require`.
    const probe = join(scratch, 'require-probe.cjs');
    writeFileSync(
      probe,
      `const Module = require('node:module');
const original = Module.prototype.require;
const seen = new Set();
Module.prototype.require = function (id) { seen.add(id); return original.apply(this, arguments); };
process.on('exit', () => process.stderr.write(JSON.stringify([...seen])));
`,
    );
    for (const args of [['--version'], ['--help']]) {
      const { status, stderr } = runBundle(args, probe);
      expect(status).toBe(0);
      // node:url is the banner's import.meta.url stand-in (scripts/build.mjs); the others are the launcher's
      // (src/cli/launcher.ts), which reads the program and compiles it. The program itself needs nothing.
      expect(JSON.parse(stderr)).toEqual([
        'node:url',
        'node:path',
        'node:v8',
        'node:os',
        'node:fs',
        'node:crypto',
        'node:module',
        'node:vm',
      ]);
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
    expect(firstLine).toMatch(/^runner demo API listening on http:\/\/127\.0\.0\.1:\d+ /);
    expect(await exited).toBe(0);
  });
});
