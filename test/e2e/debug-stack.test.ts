// Issue 22, "Diagnostics": with RUNNER_DEBUG=1 an internal error's stack names our src/*.ts files (through the
// source maps the build writes beside dist/), not minified chunks. The fault is injected from outside the
// built CLI, as a bug would strike: a preloaded module makes reading config.yaml throw a plain TypeError.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.js';
import { fileWorkspace, type FileWorkspace } from '../support/workspaceFiles.js';

// syncBuiltinESMExports: the bundle imports `statSync` by name, so the replacement must reach that binding.
const FAULT = `import fs from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
const statSync = fs.statSync;
fs.statSync = (path, ...rest) => {
  if (String(path).endsWith('config.yaml')) throw new TypeError('injected fault');
  return statSync(path, ...rest);
};
syncBuiltinESMExports();
`;

let workspace: FileWorkspace | undefined;
afterEach(async () => {
  await workspace?.cleanup();
  workspace = undefined;
});

async function faultyWorkspace(): Promise<{ dir: string; preload: string }> {
  workspace = await fileWorkspace({
    '.runner/config.yaml': '{}\n',
    '.runner/environments/local.yaml': 'baseUrl: http://localhost:9\n',
    '.runner/tests/a.yaml': 'scenario: a\nsteps:\n  - request: { method: GET, url: /x }\n',
  });
  const fault = join(workspace.dir, 'fault.mjs');
  await writeFile(fault, FAULT);
  return { dir: workspace.dir, preload: `--import=${pathToFileURL(fault).href}` };
}

describe('RUNNER_DEBUG and internal errors', () => {
  it('prints stack frames that name src/*.ts files and lines', async () => {
    const { dir, preload } = await faultyWorkspace();
    const run = await runCli(['validate'], { cwd: dir, env: { NODE_OPTIONS: preload, RUNNER_DEBUG: '1' } });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('error: internal error: TypeError: injected fault');
    expect(run.stderr).toMatch(/\n\s+at readTextFileSync \(.*src\/workspace\/readYamlFile\.ts:\d+:\d+\)/);
    expect(run.stderr).toMatch(/\n\s+at .*src\/cli\/runMain\.ts:\d+:\d+/);
    expect(run.stderr).not.toMatch(/chunks\/[\w-]+\.mjs/);
  });

  it('prints no stack at all without it', async () => {
    const { dir, preload } = await faultyWorkspace();
    const run = await runCli(['validate'], { cwd: dir, env: { NODE_OPTIONS: preload } });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('error: internal error: TypeError: injected fault');
    expect(run.stderr).not.toMatch(/\n\s+at /);
  });
});
