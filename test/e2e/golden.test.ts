import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer, type DemoServer } from '../../demo/server.js';
import { repoRoot, runCli, stabilize, tempWorkspace, writeEnvironment } from '../support/cli.js';

/**
 * Black-box tests in Hurl's manner: a fixture workspace, the built CLI, and the expected output kept next to
 * the fixture (`expected.out`, `expected.err`). Durations and ports are stabilised. UPDATE_GOLDEN=1 rewrites
 * the expected files; review the diff before committing.
 */
let demo: DemoServer;
beforeAll(async () => (demo = await startDemoServer({ port: 0 })));
afterAll(() => demo.close());

async function expectGolden(fixture: string, name: string, actual: string): Promise<void> {
  const file = join(repoRoot, 'test/fixtures', fixture, name);
  if (process.env.UPDATE_GOLDEN) await writeFile(file, actual);
  expect(actual).toBe(await readFile(file, 'utf8'));
}

async function runFixture(fixture: string, args: string[]) {
  const { dir, cleanup } = await tempWorkspace(fixture);
  try {
    await writeEnvironment(dir, 'local', `baseUrl: ${demo.url}\n`);
    return await runCli(args, { cwd: dir });
  } finally {
    await cleanup();
  }
}

describe('golden output', () => {
  it('explains every failure, runs teardown, and exits 1', async () => {
    const { code, stdout, stderr } = await runFixture('failures', ['run']);
    expect(code).toBe(1);
    expect(stderr).toBe('');
    await expectGolden('failures', 'expected.out', stabilize(stdout));
  });

  it('prints nested loop and `use` steps as they end, under their parent and pass, then the parent', async () => {
    const { code, stdout, stderr } = await runFixture('loops', ['run']);
    expect(code).toBe(1);
    expect(stderr).toBe('');
    await expectGolden('loops', 'expected.out', stabilize(stdout));
  });

  it('refuses an invalid scenario with one file:line:col line per problem, exit 2, nothing run', async () => {
    const { code, stdout, stderr } = await runFixture('invalid', ['run']);
    expect(code).toBe(2);
    // No run header, no step: nothing was sent.
    expect(stdout).toBe('');
    await expectGolden('invalid', 'expected.err', stderr);
  });

  it('`validate` prints the same problems on stdout and exits 1', async () => {
    const { code, stdout } = await runFixture('invalid', ['validate']);
    expect(code).toBe(1);
    await expectGolden('invalid', 'expected-validate.out', stdout);
  });
});
