import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, tempWorkspace } from '../support/cli.js';

let dir: string;
let cleanup: () => Promise<void>;
beforeAll(async () => ({ dir, cleanup } = await tempWorkspace()));
afterAll(() => cleanup());

describe('runner --version', () => {
  it('prints exactly one line in the DECISIONS.md format', async () => {
    const { code, stdout, stderr } = await runCli(['--version'], { cwd: dir });
    expect(code).toBe(0);
    expect(stderr).toBe('');
    expect(stdout).toMatch(
      /^runner version v\d+\.\d+\.\d+(-alpha\.\d+)? \(commit: ([0-9a-f]{7,}|unknown), built: \d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z, node \d+\.\d+\.\d+\)\n$/,
    );
  });
});

describe('help', () => {
  it('lists every command at the top level', async () => {
    const { code, stdout } = await runCli(['--help'], { cwd: dir });
    expect(code).toBe(0);
    for (const command of ['init', 'run', 'validate', 'schema'])
      expect(stdout).toMatch(new RegExp(`^  ${command}\\s`, 'm'));
  });

  it.each(['init', 'run', 'validate', 'schema'])(
    '`runner %s --help` shows usage and options',
    async (command) => {
      const { code, stdout } = await runCli([command, '--help'], { cwd: dir });
      expect(code).toBe(0);
      expect(stdout).toContain(`Usage: runner ${command}`);
      expect(stdout).toContain('-h, --help');
    },
  );

  it('run --help documents its flags', async () => {
    const { stdout } = await runCli(['run', '--help'], { cwd: dir });
    expect(stdout).toContain('--env <name>');
    expect(stdout).toContain('--tag <tag>');
    expect(stdout).toContain('--verbose');
  });

  it('with no command prints help on stderr and exits 2', async () => {
    const { code, stderr } = await runCli([], { cwd: dir });
    expect(code).toBe(2);
    expect(stderr).toContain('Usage: runner <command>');
  });
});

describe('usage errors exit 2 with a hint', () => {
  it('suggests the closest command', async () => {
    const { code, stderr, stdout } = await runCli(['rnu'], { cwd: dir });
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toBe('error: unknown command `rnu` (did you mean `run`?)\n');
  });

  it('suggests the closest option', async () => {
    const { code, stderr } = await runCli(['run', '--verbos'], { cwd: dir });
    expect(code).toBe(2);
    expect(stderr).toBe('error: unknown option `--verbos` for `runner run` (did you mean `--verbose`?)\n');
  });

  it('says when an option needs a value', async () => {
    const { code, stderr } = await runCli(['run', '--env'], { cwd: dir });
    expect(code).toBe(2);
    expect(stderr).toContain('option `--env` needs a value');
  });

  it('reports a missing workspace without a stack trace', async () => {
    const { code, stderr } = await runCli(['run'], { cwd: dir });
    expect(code).toBe(2);
    expect(stderr).toContain('no .runner/ directory found');
    expect(stderr).toContain('runner init');
    expect(stderr).not.toMatch(/\n\s+at /);
  });
});
