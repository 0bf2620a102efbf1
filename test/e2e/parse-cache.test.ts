import { readdir, readFile, writeFile } from 'node:fs/promises';
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

describe('the parse cache (docs/cli.md, "Caching")', () => {
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
    expect(await readdir(cacheDir)).toEqual([expect.stringMatching(/^scenarios-[0-9a-f]{16}\.bin$/)]);
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
