import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.js';
import { fileWorkspace, type FileWorkspace } from '../support/workspaceFiles.js';

/** `runner run --to-step N`, what the editor's "Run step" code lens calls (docs/editors.md). */
let workspace: FileWorkspace;

beforeAll(async () => {
  workspace = await fileWorkspace({
    '.runner/environments/local.yaml': 'baseUrl: http://127.0.0.1:9\n',
    '.runner/tests/three.yaml': `scenario: Three
setup:
  - name: prepare
    set: { a: "1" }
steps:
  - name: first
    set: { b: "2" }
  - name: second
    set: { c: "3" }
  - name: third
    set: { d: "4" }
teardown:
  - name: clean up
    set: { e: "5" }
`,
  });
});
afterAll(() => workspace.cleanup());

describe('runner run --to-step', () => {
  it('runs the main steps up to the one named, with setup and teardown', async () => {
    const { code, stdout } = await runCli(['run', 'three.yaml', '--to-step', '2'], { cwd: workspace.dir });
    expect(code).toBe(0);
    const steps = stdout.split('\n').filter((line) => line.trimStart().startsWith('✓'));
    expect(steps.map((line) => line.trim().split(/\s{2,}/)[0])).toEqual([
      '✓ prepare',
      '✓ first',
      '✓ second',
      '✓ clean up',
    ]);
  });

  it('runs every step when the number is past the last one', async () => {
    const { code, stdout } = await runCli(['run', 'three.yaml', '--to-step', '9'], { cwd: workspace.dir });
    expect(code).toBe(0);
    expect(stdout).toContain('✓ third');
  });

  it('refuses a number that is not a step (exit 2)', async () => {
    const { code, stderr } = await runCli(['run', 'three.yaml', '--to-step', '0'], { cwd: workspace.dir });
    expect(code).toBe(2);
    expect(stderr).toContain('invalid --to-step `0`');
  });
});
