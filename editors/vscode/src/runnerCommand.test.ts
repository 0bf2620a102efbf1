import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRootOf, runnerCommand } from './runnerCommand.js';

let dir: string;
const bin = process.platform === 'win32' ? 'runner.cmd' : 'runner';

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'runner-vscode-'));
  await mkdir(join(dir, 'app/node_modules/.bin'), { recursive: true });
  await writeFile(join(dir, 'app/node_modules/.bin', bin), '#!/bin/sh\n');
  await chmod(join(dir, 'app/node_modules/.bin', bin), 0o755);
  await mkdir(join(dir, 'app/api/.runner/tests'), { recursive: true });
  await mkdir(join(dir, 'elsewhere'), { recursive: true });
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('which runner the extension starts', () => {
  it('takes the workspace’s installed package, looking up from the folder', () => {
    expect(runnerCommand('', join(dir, 'app/api')).command).toBe(join(dir, 'app/node_modules/.bin', bin));
  });

  it('falls back to `runner` on the PATH', () => {
    expect(runnerCommand('', join(dir, 'elsewhere')).command).toBe('runner');
  });

  it('honours runner.path, relative to the workspace folder', () => {
    expect(runnerCommand('node_modules/.bin/runner', join(dir, 'app')).command).toBe(
      join(dir, 'app/node_modules/.bin/runner'),
    );
    expect(runnerCommand('/opt/runner/bin/runner', join(dir, 'app')).command).toBe('/opt/runner/bin/runner');
  });

  it('runs a scenario from the project that holds .runner/', () => {
    expect(projectRootOf(join(dir, 'app/api/.runner/tests/users.yaml'))).toBe(join(dir, 'app/api'));
    expect(projectRootOf(join(dir, 'elsewhere/users.yaml'))).toBeUndefined();
  });
});
