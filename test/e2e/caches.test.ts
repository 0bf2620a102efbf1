import { chmod, mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import module from 'node:module';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, tempWorkspace } from '../support/cli.js';

let dir: string;
let cleanup: () => Promise<void>;
beforeAll(async () => {
  ({ dir, cleanup } = await tempWorkspace());
  expect((await runCli(['init'], { cwd: dir })).code).toBe(0);
});
afterAll(() => cleanup());

/** Node's compile cache (module.enableCompileCache) exists from Node 22.1; Node 20 runs without it. */
const hasCompileCache = typeof (module as { enableCompileCache?: unknown }).enableCompileCache === 'function';

describe('the caches (docs/cli.md, "Caching")', () => {
  it('is written where RUNNER_CACHE_DIR says, private, and not at all with RUNNER_NO_CACHE=1', async () => {
    const cacheDir = join(dir, 'cache');
    const off = await runCli(['validate'], {
      cwd: dir,
      env: { RUNNER_CACHE_DIR: cacheDir, RUNNER_NO_CACHE: '1' },
    });
    expect(off.code).toBe(0);
    await expect(readdir(cacheDir)).rejects.toMatchObject({ code: 'ENOENT' });

    const on = await runCli(['validate'], {
      cwd: dir,
      env: { RUNNER_CACHE_DIR: cacheDir, RUNNER_NO_CACHE: '' },
    });
    expect(on.code).toBe(0);
    expect((await readdir(cacheDir)).sort()).toEqual([
      ...(hasCompileCache ? ['compile'] : []),
      expect.stringMatching(/^scenarios-[0-9a-f]{16}\.bin$/),
    ]);
    expect((await stat(cacheDir)).mode & 0o777).toBe(0o700);
    if (hasCompileCache) {
      expect((await stat(join(cacheDir, 'compile'))).mode & 0o777).toBe(0o700);
      expect((await readdir(join(cacheDir, 'compile'))).length).toBeGreaterThan(0);
    }
  });

  it('lives under $XDG_CACHE_HOME/runner, else ~/.cache/runner', async () => {
    const xdg = join(dir, 'xdg');
    expect(
      (await runCli(['validate'], { cwd: dir, env: { XDG_CACHE_HOME: xdg, RUNNER_NO_CACHE: '' } })).code,
    ).toBe(0);
    expect(await readdir(join(xdg, 'runner'))).toContainEqual(expect.stringMatching(/^scenarios-/));
    const home = join(dir, 'home');
    await mkdir(home);
    expect((await runCli(['validate'], { cwd: dir, env: { HOME: home, RUNNER_NO_CACHE: '' } })).code).toBe(0);
    expect(await readdir(join(home, '.cache', 'runner'))).toContainEqual(
      expect.stringMatching(/^scenarios-/),
    );
  });

  it('is skipped silently when the home folder cannot hold it, or there is no HOME', async () => {
    // A file where a folder should be: no user, root included, can create a cache under it.
    const notAFolder = join(dir, 'home-is-a-file');
    await writeFile(notAFolder, '');
    const readOnlyHome = await runCli(['validate'], {
      cwd: dir,
      env: { HOME: notAFolder, RUNNER_NO_CACHE: '' },
    });
    expect(readOnlyHome).toMatchObject({ code: 0, stderr: '' });
    expect(readOnlyHome.stdout).toContain('no problems');

    const noHome = await runCli(['validate'], { cwd: dir, env: { HOME: '', RUNNER_NO_CACHE: '' } });
    expect(noHome).toMatchObject({ code: 0, stderr: '' });
  });

  it('leaves a folder that others can write alone', async () => {
    const shared = join(dir, 'shared-cache');
    await mkdir(shared);
    await chmod(shared, 0o777);
    const result = await runCli(['validate'], {
      cwd: dir,
      env: { RUNNER_CACHE_DIR: shared, RUNNER_NO_CACHE: '' },
    });
    expect(result.code).toBe(0);
    expect(await readdir(shared)).toEqual([]);
  });

  it('never hides an edit: a cached file broken afterwards is reported at its line and column', async () => {
    const env = { RUNNER_CACHE_DIR: join(dir, 'cache'), RUNNER_NO_CACHE: '' };
    expect((await runCli(['validate'], { cwd: dir, env })).code).toBe(0);
    const tests = join(dir, '.runner/tests');
    const cached = (await readdir(tests)).find((name) => name.endsWith('.yaml'));
    if (cached === undefined) throw new Error('runner init wrote no scenario');
    const text = await readFile(join(tests, cached), 'utf8');
    await writeFile(join(tests, cached), `${text}\n  - request: [\n`);
    const broken = await runCli(['validate'], { cwd: dir, env });
    expect(broken.code).toBe(1);
    expect(broken.stdout).toContain(`.runner/tests/${cached}:`);
  });
});
