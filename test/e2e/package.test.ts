/**
 * The package as a user gets it (issue 21): `npm pack`, installed from nothing but the tarball into an empty
 * project and globally into a temporary prefix, then the README's commands for users. npm runs offline with
 * an empty cache, so a runtime dependency the tarball did not bundle would fail the install. The tarball is
 * packed from the dist/ that `npm test` has just built (`--ignore-scripts`); .ci/run proves separately that
 * `prepack` builds it on a clean tree.
 */
import { execFile, spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../support/cli.js';

const run = promisify(execFile);
// "2.5 MB" as npm counts it (decimal), the limit.
const MAX_PACKED_BYTES = 2_500_000;

/** What the README tells a user to type; each is run below with the tarball for `runner-cli`. */
const README_COMMANDS = {
  installDev: 'npm i -D runner-cli',
  installGlobal: 'npm i -g runner-cli',
  init: 'npx runner init --base-url http://localhost:8080',
  initDemo: 'runner init --demo',
  demo: 'runner demo',
  run: 'npx runner run',
  runGlobal: 'runner run',
};

let work: string;
let tarball: string;
let project: string;
let prefix: string;
let npmEnv: Record<string, string>;
let demo: ChildProcessWithoutNullStreams | undefined;

async function npm(args: string[], cwd: string): Promise<{ stdout: string; stderr: string }> {
  return run('npm', args, { cwd, env: npmEnv, maxBuffer: 16 * 1024 * 1024 });
}

/** A command as the user runs it: through the shell's PATH, which holds the global prefix's bin/. */
async function user(command: string, cwd: string): Promise<{ code: number; stdout: string; stderr: string }> {
  const [file, ...args] = command.split(' ');
  return run(file!, args, { cwd, env: npmEnv }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code?: number; stdout?: string; stderr?: string }) => ({
      code: typeof error.code === 'number' ? error.code : -1,
      stdout: error.stdout ?? '',
      stderr: error.stderr ?? '',
    }),
  );
}

/** `runner demo` from the global install; resolves with the URL it says it listens on. */
function startDemo(cwd: string): Promise<string> {
  const [file, ...args] = README_COMMANDS.demo.split(' ');
  demo = spawn(file!, [...args, '--port', '0'], { cwd, env: npmEnv });
  let output = '';
  return new Promise((resolve, reject) => {
    demo!.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/localhost:\d+)/.exec(output);
      if (match) resolve(match[1]!);
    });
    demo!.on('exit', (code) => reject(new Error(`runner demo ended (${code}): ${output}`)));
  });
}

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'runner-package-'));
  const cache = join(work, 'npm-cache');
  prefix = join(work, 'global');
  project = join(work, 'project');
  await mkdir(project);
  await writeFile(join(project, 'package.json'), '{ "name": "my-api-tests", "private": true }\n');
  npmEnv = {
    PATH: `${join(prefix, 'bin')}:${process.env.PATH ?? ''}`,
    HOME: work,
    // Nothing but the tarball: no registry, an empty cache.
    npm_config_offline: 'true',
    npm_config_cache: cache,
    npm_config_prefix: prefix,
    npm_config_audit: 'false',
    npm_config_fund: 'false',
    npm_config_update_notifier: 'false',
    NO_COLOR: '1',
    RUNNER_NO_CACHE: '1',
  };
  const packed = await run('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', work], {
    cwd: repoRoot,
    env: { ...npmEnv, npm_config_prefix: '' },
    maxBuffer: 16 * 1024 * 1024,
  });
  const [info] = JSON.parse(packed.stdout) as { filename: string }[];
  tarball = join(work, info!.filename);
}, 60_000);

afterAll(async () => {
  demo?.kill('SIGTERM');
  await rm(work, { recursive: true, force: true });
});

describe('the npm package', () => {
  it('is runner-cli, small, and holds what runs: dist/ with its source maps, README, LICENSE, docs', async () => {
    expect((await stat(tarball)).size).toBeLessThan(MAX_PACKED_BYTES);
    const listed = (await run('tar', ['-tzf', tarball])).stdout.split('\n').filter(Boolean);
    const files = listed.map((path) => path.replace(/^package\//, ''));
    for (const file of [
      'package.json',
      'README.md',
      'LICENSE',
      'dist/runner.cjs',
      'dist/runner.cjs.map',
      'dist/lib/cli.mjs',
      'dist/lib/cli.mjs.map',
      'docs/configuration.md',
    ])
      expect(files).toContain(file);
    expect(files.filter((file) => /^(src|test|bench|demo|scripts|examples|tools)\//.test(file))).toEqual([]);
    expect(
      files.filter((file) => file.startsWith('dist/') && !/^dist\/(runner\.cjs|lib\/)/.test(file)),
    ).toEqual([]);
    const manifest = JSON.parse(await readFile(join(repoRoot, 'package.json'), 'utf8')) as Record<
      string,
      unknown
    >;
    expect(manifest).toMatchObject({ name: 'runner-cli', bin: { runner: 'dist/runner.cjs' } });
    expect(manifest).not.toHaveProperty('private');
    expect(manifest).not.toHaveProperty('dependencies');
  });

  it('installs from the tarball alone, offline, adding no runtime package', async () => {
    const install = README_COMMANDS.installDev.replace('runner-cli', tarball).split(' ').slice(1);
    await npm(install, project);
    const modules = (await readdir(join(project, 'node_modules'))).filter((name) => !name.startsWith('.'));
    expect(modules).toEqual(['runner-cli']);
    expect(await readdir(join(project, 'node_modules/.bin'))).toEqual(['runner']);
    const lock = JSON.parse(await readFile(join(project, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, unknown>;
    };
    expect(Object.keys(lock.packages)).toEqual(['', 'node_modules/runner-cli']);

    const global = README_COMMANDS.installGlobal.replace('runner-cli', tarball).split(' ').slice(1);
    await npm(global, work);
    expect((await readdir(join(prefix, 'lib/node_modules'))).filter((name) => !name.startsWith('.'))).toEqual(
      ['runner-cli'],
    );
    const version = await user('runner --version', work);
    expect(version.stdout).toMatch(/^runner version v\d+\.\d+\.\d+/);
  }, 60_000);

  it("runs the README's commands: init for your API, the demo, and run against it", async () => {
    const url = await startDemo(work);
    // Your own API: here the demo stands in for it (it answers GET /health).
    const init = await user(README_COMMANDS.init.replace('http://localhost:8080', url), project);
    expect(init.stderr).toBe('');
    expect(init.code).toBe(0);
    expect(init.stdout).toContain('  3. npx runner run\n');
    const ownRun = await user(README_COMMANDS.run, project);
    expect(ownRun.stderr).toBe('');
    expect(ownRun.stdout).toMatch(/^PASSED {2}1 passed, 0 failed, 1 total steps · 1 scenario · /m);
    expect(ownRun.code).toBe(0);

    // The demo workspace, with the global install.
    const demoDir = join(work, 'demo');
    await mkdir(demoDir);
    const initDemo = await user(`${README_COMMANDS.initDemo} --base-url ${url}`, demoDir);
    expect(initDemo.code).toBe(0);
    const demoRun = await user(README_COMMANDS.runGlobal, demoDir);
    expect(demoRun.stdout).toMatch(/^PASSED .* · 5 scenarios · /m);
    expect(demoRun.code).toBe(0);

    demo!.kill('SIGTERM');
    const ended = await new Promise<NodeJS.Signals | null>((resolve) =>
      demo!.on('exit', (_code, signal) => resolve(signal)),
    );
    expect(ended).toBe('SIGTERM');
  }, 60_000);

  it('is what the README tells a user to type', async () => {
    const readme = await readFile(join(repoRoot, 'README.md'), 'utf8');
    for (const command of Object.values(README_COMMANDS)) expect(readme).toContain(command);
  });
});
