import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { runCli, tempWorkspace } from '../support/cli.js';

let dir: string;
let cleanup: () => Promise<void>;
beforeEach(async () => ({ dir, cleanup } = await tempWorkspace()));
afterEach(() => cleanup());

describe('runner init', () => {
  it('scaffolds a workspace that validates, and leaves existing files alone when run again', async () => {
    const first = await runCli(['init'], { cwd: dir });
    expect(first.code).toBe(0);
    expect(first.stdout).toContain('created  .runner/config.yaml');
    expect(first.stdout).toContain('created  .runner/schemas/auth/token.yaml');
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

    const configFile = join(dir, '.runner/config.yaml');
    await writeFile(configFile, 'project: { name: mine }\n');
    const second = await runCli(['init'], { cwd: dir });
    expect(second.code).toBe(0);
    expect(second.stdout).toContain('exists   .runner/config.yaml (left as it is)');
    expect(second.stdout).toContain('nothing was changed');
    expect(await readFile(configFile, 'utf8')).toBe('project: { name: mine }\n');
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
