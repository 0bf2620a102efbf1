import { execFileSync } from 'node:child_process';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { startDemoServer, type DemoServer } from '../../demo/server.js';
import { runCli, tempWorkspace } from '../support/cli.js';

/** git in `cwd`, with an identity and no user or system configuration in the way. */
function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', args, {
    cwd,
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '', HOME: cwd, GIT_CONFIG_NOSYSTEM: '1' },
  });
}

let dir: string;
let cleanup: () => Promise<void>;
beforeEach(async () => ({ dir, cleanup } = await tempWorkspace()));
afterEach(() => cleanup());

/** A stand-in for the user's own API: the demo server answers GET /health with 200. */
async function withApi<T>(use: (api: DemoServer) => Promise<T>): Promise<T> {
  const api = await startDemoServer({ port: 0 });
  try {
    return await use(api);
  } finally {
    await api.close();
  }
}

describe('runner init', () => {
  it('writes a workspace for your API at --base-url: one health check that passes against it', async () => {
    await withApi(async (api) => {
      const init = await runCli(['init', '--base-url', api.url], { cwd: dir });
      expect(init.stderr).toBe('');
      expect(init.code).toBe(0);
      expect(init.stdout).toContain('created  .runner/environments/local.yaml');
      expect(init.stdout).toContain(`sends requests to ${api.url}`);
      expect(init.stdout).toMatch(/^ {2}3\. npx runner run$/m);
      expect(await readdir(join(dir, '.runner/tests'))).toEqual(['health.yaml']);
      expect(await readFile(join(dir, '.runner/environments/local.yaml'), 'utf8')).toContain(
        `\nbaseUrl: ${api.url}\n`,
      );
      const validate = await runCli(['validate'], { cwd: dir });
      expect(validate.stdout).toBe('1 file checked: no problems\n');
      const run = await runCli(['run'], { cwd: dir });
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      expect(run.stdout).toContain(`GET ${api.url}/health  200`);
    });
  });

  it('points at http://localhost:8080 without --base-url, and refuses a base URL that is not http(s)', async () => {
    expect((await runCli(['init'], { cwd: dir })).code).toBe(0);
    expect(await readFile(join(dir, '.runner/environments/local.yaml'), 'utf8')).toContain(
      '\nbaseUrl: http://localhost:8080\n',
    );
    const other = join(dir, 'other');
    await mkdir(other);
    const bad = await runCli(['init', '--base-url', 'localhost:3000'], { cwd: other });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('invalid --base-url `localhost:3000`: an http:// or https:// URL');
    expect(await readdir(other)).toEqual([]);
    // A password in the URL would land in a tracked file and on the screen: refused without echoing it.
    const withPassword = await runCli(['init', '--base-url', 'http://admin:Pw-In-Url-9@localhost:3000/'], {
      cwd: other,
    });
    expect(withPassword.code).toBe(2);
    expect(withPassword.stderr).toContain('invalid --base-url: it holds a user name or password');
    expect(withPassword.stderr + withPassword.stdout).not.toContain('Pw-In-Url-9');
    expect(await readdir(other)).toEqual([]);
  });

  it('never re-creates a file you deleted, says what is missing, and writes it back when asked', async () => {
    await runCli(['init'], { cwd: dir });
    const configFile = join(dir, '.runner/config.yaml');
    await writeFile(configFile, 'project: { name: mine }\n');
    await rm(join(dir, '.runner/tests/health.yaml'));

    const again = await runCli(['init'], { cwd: dir });
    expect(again.code).toBe(0);
    expect(again.stdout).toBe(
      'This directory already has a .runner/ workspace; nothing was changed.\n\n' +
        '`npx runner init --add-missing` would add:\n  .runner/tests/health.yaml\n',
    );
    expect(await readdir(join(dir, '.runner/tests'))).toEqual([]);

    const restore = await runCli(['init', '--add-missing'], { cwd: dir });
    expect(restore.code).toBe(0);
    expect(restore.stdout).toBe(
      'created  .runner/tests/health.yaml\n6 files were already there and left as they are.\n',
    );
    expect(await readFile(configFile, 'utf8')).toBe('project: { name: mine }\n');
  });

  it('--demo on a workspace says what it would add and keeps your files; --add-missing adds only those', async () => {
    await runCli(['init', '--base-url', 'http://localhost:3000'], { cwd: dir });
    const preview = await runCli(['init', '--demo'], { cwd: dir });
    expect(preview.code).toBe(0);
    expect(preview.stdout).toContain('nothing was changed');
    expect(preview.stdout).toContain('`npx runner init --demo --add-missing` would add:\n');
    expect(preview.stdout).toContain('  .runner/tests/users-crud.yaml\n');
    expect(preview.stdout).toContain(
      'and keep your own version of:\n  .runner/environments/local.yaml\n  .runner/credentials/local.yaml\n  .runner/tests/health.yaml\n',
    );
    expect(await readdir(join(dir, '.runner/tests'))).toEqual(['health.yaml']);

    const add = await runCli(['init', '--demo', '--add-missing'], { cwd: dir });
    expect(add.code).toBe(0);
    expect(add.stdout).toContain('created  .runner/tests/users-crud.yaml');
    expect(add.stdout).not.toContain('created  .runner/environments/local.yaml');
    expect(await readFile(join(dir, '.runner/environments/local.yaml'), 'utf8')).toContain(
      '\nbaseUrl: http://localhost:3000\n',
    );
  });

  it('--demo in an empty directory writes the demo workspace, which validates, and how to start the demo', async () => {
    const first = await runCli(['init', '--demo'], { cwd: dir });
    expect(first.code).toBe(0);
    expect(first.stdout).toContain('created  .runner/schemas/auth/token.yaml');
    expect(first.stdout).toContain('start the demo API in another terminal with `npx runner demo`');
    const tests = (await readdir(join(dir, '.runner/tests'))).filter((name) => name.endsWith('.yaml'));
    expect(tests.length).toBeGreaterThanOrEqual(3);
    for (const test of tests) {
      expect(await readFile(join(dir, '.runner/tests', test), 'utf8')).toMatch(
        /^# yaml-language-server: \$schema=/,
      );
    }
    const validate = await runCli(['validate'], { cwd: dir });
    expect(validate.stdout).toMatch(/files checked: no problems/);
    expect(validate.code).toBe(0);
  });

  it('names the demo port to start when --base-url moves the demo workspace elsewhere', async () => {
    const init = await runCli(['init', '--demo', '--base-url', 'http://localhost:5123'], { cwd: dir });
    expect(init.stdout).toContain('`npx runner demo --port 5123`');
    expect(await readFile(join(dir, '.runner/environments/local.yaml'), 'utf8')).toContain(
      'baseUrl: http://localhost:5123/auth',
    );
  });

  it('keeps credentials out of git: `git add -A` after init stages no credentials file but ci.yaml', async () => {
    await runCli(['init', '--demo'], { cwd: dir });
    await writeFile(join(dir, '.runner/credentials/staging.yaml'), 'admin: { password: s3cret }\n');
    await writeFile(join(dir, '.runner/credentials/ci.yaml'), 'admin: { password: $env.ADMIN_PASSWORD }\n');
    await mkdir(join(dir, '.runner/reports/latest'), { recursive: true });
    await writeFile(join(dir, '.runner/reports/latest/report.json'), '{}');
    git(dir, 'init', '-q');
    git(dir, 'add', '-A');
    const staged = git(dir, 'diff', '--cached', '--name-only').split('\n').filter(Boolean);
    expect(staged).toContain('.runner/config.yaml');
    expect(staged).toContain('.runner/credentials/ci.yaml');
    expect(staged.filter((path) => path.includes('credentials/') && !path.endsWith('/ci.yaml'))).toEqual([]);
    expect(staged.filter((path) => path.includes('reports/'))).toEqual([]);
  });
});

describe('runner schema', () => {
  it('prints a draft 2020-12 JSON Schema that accepts an example scenario and rejects a typo', async () => {
    const { code, stdout } = await runCli(['schema'], { cwd: dir });
    expect(code).toBe(0);
    const schema = JSON.parse(stdout) as Record<string, unknown>;
    expect(schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    const validate = new Ajv2020({ strict: false }).compile(schema);
    const scenario = {
      scenario: 'x',
      steps: [
        {
          name: 'a',
          request: { method: 'GET', url: '/health' },
          expect: { status: 200 },
          save: { s: 'body.status' },
        },
      ],
    };
    expect(validate(scenario)).toBe(true);
    expect(validate({ ...scenario, stpes: [] })).toBe(false);
  });
});
