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

/**
 * Libraries only some steps or commands need (streams, RPC, Redis, the MCP SDK, spreadsheets, OpenAPI, the
 * editor server): `--version` and a plain HTTP run must never read them (issue 25, DECISIONS.md "Speed").
 */
const LAZY_LIBRARIES = [
  'ws',
  'graphql-ws',
  'eventsource-parser',
  '@grpc/grpc-js',
  '@grpc/proto-loader',
  'protobufjs',
  '@redis/client',
  '@modelcontextprotocol/sdk',
  '@cj-tech-master/excelts',
  '@readme/openapi-parser',
  'vscode-languageserver',
  'chokidar',
];

/** For each file of dist/lib, the npm packages bundled into it (esbuild's metafile). */
function packagesByChunk(): Map<string, Set<string>> {
  const meta = JSON.parse(readFileSync(join(root, 'dist', 'lib.meta.json'), 'utf8')) as {
    outputs: Record<string, { inputs: Record<string, unknown> }>;
  };
  const chunks = new Map<string, Set<string>>();
  for (const [output, { inputs }] of Object.entries(meta.outputs)) {
    const names = Object.keys(inputs).flatMap((input) => {
      const match = /(?:^|\/)node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input);
      return match ? [match[1]!] : [];
    });
    chunks.set(join(root, output), new Set(names));
  }
  return chunks;
}

/** The output chunk that holds one of the program's own source files (esbuild's metafile). */
function chunkHolding(source: string): string | undefined {
  const meta = JSON.parse(readFileSync(join(root, 'dist', 'lib.meta.json'), 'utf8')) as {
    outputs: Record<string, { inputs: Record<string, unknown> }>;
  };
  const output = Object.entries(meta.outputs).find(([, { inputs }]) => Object.hasOwn(inputs, source))?.[0];
  return output === undefined ? undefined : join(root, output);
}

/** Runs the bundle with a module hook (node:module register, a public API) that records each file loaded. */
async function loadedFiles(
  args: string[],
  cwd: string,
): Promise<{ status: number | null; loaded: string[] }> {
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
  rmSync(log, { force: true });
  // Asynchronous: the run talks to a server in this process.
  const child = spawn(process.execPath, ['--import', register, bundle, ...args], {
    cwd,
    env: { PATH: '', RUNNER_NO_CACHE: '1' },
    stdio: 'ignore',
  });
  const status = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  const loaded = readFileSync(log, 'utf8')
    .trim()
    .split('\n')
    .map((url) => fileURLToPath(url));
  return { status, loaded };
}

/** Runs `command` in `project` with `probe` (CommonJS) required first; what the probe wrote to stderr. */
async function probedRun(project: string, probe: string, command = 'run'): Promise<string> {
  const file = join(scratch, 'probe.cjs');
  writeFileSync(file, probe);
  // Asynchronous: a run talks to a server in this process.
  const result = await new Promise<{ status: number | null; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, ['--require', file, bundle, command], {
      cwd: project,
      env: { PATH: '', RUNNER_NO_CACHE: '1' },
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('exit', (status) => resolve({ status, stderr }));
  });
  expect(result.status).toBe(0);
  return result.stderr;
}

/** Node's own modules whose names hold `part` that a `run` in `project` loaded (process.moduleLoadList). */
async function internalModulesOfRun(project: string, part: string): Promise<string[]> {
  const stderr = await probedRun(
    project,
    `process.on('exit', () => process.stderr.write(JSON.stringify(process.moduleLoadList.filter((name) => name.includes(${JSON.stringify(part)})))));\n`,
  );
  return JSON.parse(stderr) as string[];
}

/** A project with one scenario: a GET to a loopback server, reached as localhost, that answers JSON. */
async function withHttpProject(name: string, use: (project: string) => void | Promise<void>): Promise<void> {
  const server = createServer((_request, response) => response.end('{"ok":true}'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const port = (server.address() as AddressInfo).port;
    const project = join(scratch, name);
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
    await use(project);
  } finally {
    server.close();
  }
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

  it('reads a few kilobytes of the program for --version and --help: heavy modules load on first use', async () => {
    for (const args of [['--version'], ['--help']]) {
      const { status, loaded } = await loadedFiles(args, scratch);
      expect(status).toBe(0);
      expect(loaded.slice(0, 2)).toEqual([bundle, join(root, 'dist', 'lib', 'cli.mjs')]);
      const bytes = loaded.reduce((sum, file) => sum + statSync(file).size, 0);
      // The whole program is ~2 MB; the start-up path is the entry and a few small shared chunks.
      expect(bytes).toBeLessThan(64 * 1024);
    }
  });

  it('loads no stream, RPC or other heavy library for --version or a plain HTTP run', async () => {
    // Which packages went into which chunk: esbuild's metafile, written by the build beside dist/lib.
    const chunks = packagesByChunk();
    const bundled = new Set([...chunks.values()].flatMap((packages) => [...packages]));
    const { devDependencies } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
      devDependencies: Record<string, string>;
    };
    // Every listed library the project depends on is really in the bundle, so the check below means something.
    const present = LAZY_LIBRARIES.filter((name) => Object.hasOwn(devDependencies, name));
    expect(present.length).toBeGreaterThanOrEqual(4);
    for (const name of present) expect(bundled, name).toContain(name);
    await withHttpProject('lazy-probe', async (project) => {
      for (const [args, cwd] of [
        [['--version'], scratch],
        [['run'], project],
      ] as const) {
        const { status, loaded } = await loadedFiles([...args], cwd);
        expect(status).toBe(0);
        const libraries = loaded.flatMap((file) => [...(chunks.get(file) ?? [])]);
        expect(libraries.filter((name) => LAZY_LIBRARIES.includes(name))).toEqual([]);
        // The probe saw the program's chunks, not nothing: a run reads the HTTP client's.
        if (args[0] === 'run') expect(loaded).toContain(chunkHolding('src/http/transport.ts'));
      }
    });
  });

  it('never makes Node load its own internal undici during a run (~30 ms of every run on Node 22)', async () => {
    // Node loads its bundled undici lazily, when a web global (Headers, fetch) or node:http's WebSocket is
    // first read; runner's HTTP client is node:http itself and needs none of it (scripts/build.mjs).
    await withHttpProject('undici-probe', async (project) => {
      expect(await internalModulesOfRun(project, 'undici')).toEqual([]);
    });
  });

  it('loads no node:child_process for a run of a project without credentials files (~3 ms of every start)', async () => {
    // Only the tracked-credentials warning asks git, and only when a credentials folder exists.
    await withHttpProject('child-process-probe', async (project) => {
      expect(await internalModulesOfRun(project, 'child_process')).toEqual([]);
    });
  });

  it('reads re2js and yaml only when a scenario needs them (~260 KiB of every plain run otherwise)', async () => {
    // Both are built as CommonJS files of their own (scripts/build.mjs, REQUIRED_APART), required at first
    // use: re2js for a scenario pattern, `yaml` for a file the fast reader (commonYaml.ts) leaves to it.
    const required = async (project: string, command: string): Promise<string[]> => {
      const probe = `process.on('exit', () => process.stderr.write(JSON.stringify(Object.keys(require.cache))));\n`;
      const files = JSON.parse(await probedRun(project, probe, command)) as string[];
      return files.filter((file) => file.startsWith(join(root, 'dist', 'lib'))).sort();
    };
    const apart = (name: string) => join(root, 'dist', 'lib', 'chunks', `${name}.cjs`);
    await withHttpProject('required-apart-probe', async (project) => {
      expect(await required(project, 'run')).toEqual([]);
      // The same probe sees each once a scenario needs it: the check above means something.
      writeFileSync(
        join(project, '.runner', 'tests', 'pattern.yaml'),
        'scenario: pattern\nsteps:\n  - request: { method: GET, url: /x }\n    expect: { body.ok: matchesRegex ^t }\n',
      );
      expect(await required(project, 'validate')).toEqual([apart('re2js')]);
      writeFileSync(
        join(project, '.runner', 'tests', 'anchor.yaml'),
        'scenario: anchor\nsteps:\n  - &get\n    request: { method: GET, url: /x }\n',
      );
      expect(await required(project, 'validate')).toEqual([apart('re2js'), apart('yaml')]);
    });
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
