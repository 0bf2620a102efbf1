import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startDemoServer } from '../../demo/server.js';
import { runCli, tempWorkspace } from '../support/cli.js';

let dir: string;
let cleanup: () => Promise<void>;
beforeEach(async () => {
  ({ dir, cleanup } = await tempWorkspace());
  expect((await runCli(['init', '--demo'], { cwd: dir })).code).toBe(0);
});
afterEach(() => cleanup());

function git(...args: string[]): string {
  return execFileSync('git', args, {
    cwd: dir,
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '', HOME: dir, GIT_CONFIG_NOSYSTEM: '1' },
  });
}

const CI_CREDENTIALS = 'admin:\n  username: $env.ADMIN_USER\n  password: ${env.ADMIN_PASSWORD}\n';

describe('a credentials file that git tracks', () => {
  it('makes validate warn, naming the file, the line and the key, never the value (exit 0)', async () => {
    await writeFile(join(dir, '.runner/credentials/ci.yaml'), CI_CREDENTIALS);
    git('init', '-q');
    git('add', '-A');
    // ci.yaml is tracked (not ignored) and holds only $env references: no warning.
    const clean = await runCli(['validate'], { cwd: dir });
    expect(clean.stdout).toMatch(/files checked: no problems\n$/);
    expect(clean.stdout).not.toContain('warning');

    git('add', '-f', '.runner/credentials/local.yaml');
    const { code, stdout } = await runCli(['validate'], { cwd: dir });
    expect(code).toBe(0);
    expect(stdout).toContain(
      '.runner/credentials/local.yaml:6:13: warning: git tracks this credentials file, and `admin.username` holds a literal secret that anyone with the repository can read (read it from the environment with $env.NAME (as credentials/ci.yaml does), or untrack the file: git rm --cached .runner/credentials/local.yaml)\n',
    );
    expect(stdout).toMatch(/files checked: no problems, 1 warning\n$/);
    expect(stdout).not.toContain('demo-admin');
    expect(await readFile(join(dir, '.runner/credentials/local.yaml'), 'utf8')).toContain('demo-admin');
  });

  it('makes run warn after its summary, and the run still passes', async () => {
    const demo = await startDemoServer({ port: 0 });
    try {
      const env = join(dir, '.runner/environments/local.yaml');
      await writeFile(env, (await readFile(env, 'utf8')).replaceAll('http://localhost:4010', demo.url));
      git('init', '-q');
      git('add', '-f', '-A');
      const { code, stdout, stderr } = await runCli(['run', 'health.yaml'], { cwd: dir });
      expect(code).toBe(0);
      expect(stdout).toMatch(/^PASSED/m);
      expect(stderr).toMatch(
        /^\.runner\/credentials\/local\.yaml:6:13: warning: git tracks this credentials file, and `admin\.username` holds a literal secret/,
      );
      expect(stderr).not.toContain('demo-');
    } finally {
      await demo.close();
    }
  });

  it('warns about nothing, and stays quick, outside a repository or without git', async () => {
    const outside = await runCli(['validate'], { cwd: dir });
    expect(outside.code).toBe(0);
    expect(outside.stdout).not.toContain('warning');

    // A PATH with node and no git at all.
    const bin = await mkdtemp(join(tmpdir(), 'runner-no-git-'));
    try {
      git('init', '-q');
      git('add', '-f', '-A');
      await symlink(process.execPath, join(bin, 'node'));
      const started = Date.now();
      const noGit = await runCli(['validate'], { cwd: dir, env: { PATH: bin } });
      expect(noGit.code).toBe(0);
      expect(noGit.stdout).toMatch(/files checked: no problems\n$/);
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      await rm(bin, { recursive: true, force: true });
    }
  });
});
