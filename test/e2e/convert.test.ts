import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { repoRoot, runCli, tempWorkspace } from '../support/cli.js';

/**
 * `runner convert` against the built CLI. The corpus in test/fixtures/convert holds "Copy as cURL"
 * commands as Chromium (bash and cmd) and Firefox write them, and typed ones; each converts to the
 * `.expected.yaml` beside it (warnings to `.expected.err`). They use made-up hosts and are never run.
 * Every fake secret in them contains `s3cr3t`, which must never be printed.
 */
const corpusDir = join(repoRoot, 'test/fixtures/convert');

async function corpus(): Promise<{ name: string; command: string }[]> {
  const files = (await readdir(corpusDir)).filter((file) => file.endsWith('.curl')).sort();
  return Promise.all(
    files.map(async (file) => ({
      name: file.replace(/\.curl$/, ''),
      command: await readFile(join(corpusDir, file), 'utf8'),
    })),
  );
}

async function expectedFile(name: string): Promise<string> {
  return readFile(join(corpusDir, name), 'utf8').catch(() => '');
}

let dir: string;
let cleanup: () => Promise<void>;
beforeEach(async () => ({ dir, cleanup } = await tempWorkspace()));
afterEach(() => cleanup());

describe('runner convert: the "Copy as cURL" corpus', () => {
  it('converts every command to its expected scenario, printing no secret', async () => {
    const commands = await corpus();
    expect(commands.length).toBeGreaterThanOrEqual(12);
    for (const { name, command } of commands) {
      const { code, stdout, stderr } = await runCli(['convert', '-'], { cwd: dir, stdin: command });
      // A command that cannot be sent as curl sends it is refused by name (exit 2): `.expected.err` says why.
      const refused = (await expectedFile(`${name}.expected.err`)).startsWith('error:');
      expect(code, name).toBe(refused ? 2 : 0);
      expect(stdout, name).toBe(await expectedFile(`${name}.expected.yaml`));
      expect(stderr, name).toBe(await expectedFile(`${name}.expected.err`));
      expect(stdout + stderr, name).not.toContain('s3cr3t');
    }
  });

  it('writes scenarios that `runner validate` accepts in a new workspace', async () => {
    expect((await runCli(['init', '--demo'], { cwd: dir })).code).toBe(0);
    for (const { name, command } of await corpus()) {
      const { code, stdout } = await runCli(['convert', '-'], { cwd: dir, stdin: command });
      if ((await expectedFile(`${name}.expected.err`)).startsWith('error:')) continue;
      expect(code, name).toBe(0);
      if (command.includes('s3cr3t')) {
        expect(stdout, name).toContain('# .runner/credentials/local.yaml (runner masks them in all output)');
      }
      await writeFile(join(dir, '.runner/tests', `converted-${name}.yaml`), stdout);
    }
    const validate = await runCli(['validate'], { cwd: dir });
    expect(validate.stdout).toMatch(/files checked: no problems\n$/);
    expect(validate.code).toBe(0);
  });
});

describe('runner convert <command>', () => {
  it('takes the command as one argument or as words after `--`', async () => {
    const quoted = await runCli(['convert', "curl -X DELETE 'https://api.example.test/items/7'"], {
      cwd: dir,
    });
    const words = await runCli(
      ['convert', '--', 'curl', '-X', 'DELETE', 'https://api.example.test/items/7'],
      {
        cwd: dir,
      },
    );
    expect(quoted.code).toBe(0);
    expect(quoted.stdout).toContain('method: DELETE\n      url: https://api.example.test/items/7\n');
    expect(words.stdout).toBe(quoted.stdout);
  });

  it('refuses `--name=value` options (unknown to curl) by name with exit 2, never printing the value', async () => {
    const command = 'curl --user=alice:s3cr3t-eq https://api.example.test/me';
    const { code, stdout, stderr } = await runCli(['convert', command], { cwd: dir });
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toMatch(
      /^error: unknown curl option `--user=…`: this converter does not know what it changes/,
    );
    expect(stdout + stderr).not.toContain('s3cr3t');
  });

  it('refuses auth schemes it cannot send, naming them (exit 2)', async () => {
    for (const option of ['--anyauth', '--negotiate', '--ntlm']) {
      const { code, stderr } = await runCli(['convert', `curl ${option} -u a:b https://a.test`], {
        cwd: dir,
      });
      expect(code, option).toBe(2);
      expect(stderr).toContain(`curl option \`${option}\` cannot be converted`);
    }
  });

  it('reads the files a command names, relative to the current directory', async () => {
    await writeFile(join(dir, 'body.json'), '{"name":"Ada"}');
    const { code, stdout } = await runCli(
      ['convert', "curl -H 'Content-Type: application/json' --data-binary @body.json https://a.test/users"],
      { cwd: dir },
    );
    expect(code).toBe(0);
    expect(stdout).toContain('      body:\n        name: Ada\n');
  });

  it('makes URLs relative to the environment with --env, setting the service', async () => {
    await runCli(['init', '--demo'], { cwd: dir });
    const { code, stdout } = await runCli(
      ['convert', '--env', 'local', 'curl \'http://localhost:4010/auth/login\' --json \'{"username":"u"}\''],
      { cwd: dir },
    );
    expect(code).toBe(0);
    expect(stdout).toContain('      service: auth\n      url: /login\n');
    await writeFile(join(dir, '.runner/tests/login.yaml'), stdout);
    expect((await runCli(['validate'], { cwd: dir })).code).toBe(0);
  });

  it('refuses --env without a workspace, and bad input, with exit 2 and no stack trace', async () => {
    const cases: [string[], string, RegExp][] = [
      [['convert', '-e', 'local', 'curl https://a.test'], '', /^error: `--env local` needs a workspace/],
      [['convert', 'wget https://a.test'], '', /^error: not a cURL command: it starts with `wget`/],
      [['convert', '-'], "curl 'https://a.test", /^<stdin>:1:6: unbalanced quotes/],
      [['convert', '-'], 'curl -H "Accept: */*"', /^error: the cURL command has no URL/],
      [['convert'], '', /^error: give a cURL command/],
    ];
    for (const [args, stdin, message] of cases) {
      const { code, stdout, stderr } = await runCli(args, { cwd: dir, stdin });
      expect(code, args.join(' ')).toBe(2);
      expect(stdout).toBe('');
      expect(stderr).toMatch(message);
      expect(stderr).not.toMatch(/internal error|\n\s+at /);
    }
  });
});

describe('runner convert --to curl', () => {
  it('prints one command per request step, credentials masked unless --raw', async () => {
    await runCli(['init', '--demo'], { cwd: dir });
    const masked = await runCli(['convert', '--to', 'curl', 'users-crud.yaml'], { cwd: dir });
    expect(masked.code).toBe(0);
    expect(masked.stdout).toContain('# Scenario: Users CRUD (.runner/tests/users-crud.yaml)');
    expect(masked.stdout).toContain(
      "# setup[0] Log in with the demo credentials\ncurl 'http://localhost:4010/auth/login' \\",
    );
    expect(masked.stdout).toContain('"password":"[MASKED]"');
    expect(masked.stdout).not.toContain('demo-password');
    expect(masked.stdout.match(/^curl /gm)?.length).toBeGreaterThanOrEqual(5);

    const raw = await runCli(['convert', '--to', 'curl', 'users-crud.yaml', '--raw'], { cwd: dir });
    expect(raw.stdout).toContain('"password":"demo-password"');
  });

  it('converts back to the same request (round trip through the CLI)', async () => {
    await runCli(['init', '--demo'], { cwd: dir });
    const command = await readFile(join(corpusDir, 'typed-get-query.curl'), 'utf8');
    const first = await runCli(['convert', '-'], { cwd: dir, stdin: command });
    await writeFile(join(dir, '.runner/tests/query.yaml'), first.stdout);
    const curl = await runCli(['convert', '--to', 'curl', 'query.yaml'], { cwd: dir });
    expect(curl.code).toBe(0);
    const second = await runCli(['convert', '-'], { cwd: dir, stdin: curl.stdout });
    const request = (yaml: string) => yaml.slice(yaml.indexOf('\nscenario:'));
    expect(request(second.stdout)).toBe(request(first.stdout));
  });

  it('refuses an invalid scenario with its diagnostics (exit 2)', async () => {
    await runCli(['init', '--demo'], { cwd: dir });
    await writeFile(
      join(dir, '.runner/tests/bad.yaml'),
      'scenario: bad\nsteps:\n  - request: { method: FETCH, url: /x }\n',
    );
    const { code, stderr } = await runCli(['convert', '--to', 'curl', 'bad.yaml'], { cwd: dir });
    expect(code).toBe(2);
    expect(stderr).toMatch(/^\.runner\/tests\/bad\.yaml:3:\d+: /);
  });
});
