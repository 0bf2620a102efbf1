import { chmod, mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
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

const CODE_CACHE = /^code-[0-9a-f]{16}-[\w.-]+-validate\.bin$/;

async function codeCacheIn(cacheDir: string): Promise<string> {
  const name = (await readdir(cacheDir)).find((entry) => CODE_CACHE.test(entry));
  if (name === undefined) throw new Error(`no code cache in ${cacheDir}`);
  return join(cacheDir, name);
}

describe('the caches (docs/cli.md, "Caching")', () => {
  it('is written where RUNNER_CACHE_DIR says, and not at all with RUNNER_NO_CACHE=1', async () => {
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
      expect.stringMatching(CODE_CACHE),
      expect.stringMatching(/^scenarios-[0-9a-f]{16}\.bin$/),
    ]);
  });

  it('starts the program from the code cache its first start saved, and replaces a damaged one', async () => {
    const env = { RUNNER_CACHE_DIR: join(dir, 'code-cache'), RUNNER_NO_CACHE: '' };
    const first = await runCli(['validate'], { cwd: dir, env });
    expect(first.code).toBe(0);
    const file = await codeCacheIn(env.RUNNER_CACHE_DIR);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    const saved = await readFile(file);
    const savedAt = (await stat(file)).mtimeMs;

    // V8 accepted it: nothing to save again, and the program behaves the same.
    const second = await runCli(['validate'], { cwd: dir, env });
    expect(second).toMatchObject({ code: 0, stdout: first.stdout });
    expect((await stat(file)).mtimeMs).toBe(savedAt);
    expect(await readFile(file)).toEqual(saved);

    // Damaged (same length, other bytes): V8 rejects it, the program runs as usual and saves a good one.
    const damaged = Buffer.from(saved);
    damaged.fill(0x5a, 64);
    await writeFile(file, damaged);
    const third = await runCli(['validate'], { cwd: dir, env });
    expect(third).toMatchObject({ code: 0, stdout: first.stdout });
    expect((await readFile(file)).equals(damaged)).toBe(false);
    const repairedAt = (await stat(file)).mtimeMs;
    expect((await runCli(['validate'], { cwd: dir, env })).code).toBe(0);
    expect((await stat(file)).mtimeMs).toBe(repairedAt);
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
