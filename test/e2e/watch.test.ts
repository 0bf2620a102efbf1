import { spawn } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtCli, cliEnv, tempWorkspace } from '../support/cli.js';
import { startTestServer, type TestServer } from '../support/testServer.js';

// Issue 16, DECISIONS.md "Authoring" and "Finer points": `runner run --watch` end to end in a pseudo-terminal
// (script(1) gives the built CLI a real terminal, so keys arrive in raw mode): an edit re-runs only the
// affected scenario, a fragment edit re-runs its users, a file that does not parse is shown and watching goes
// on, Enter runs all, `f` the failed, `q` exits 0.

const PROMPT = 'Watching for changes · Enter: run all · f: run failed · q: quit';

let api: TestServer;
let dir: string;
let cleanup: () => Promise<void>;

beforeAll(async () => {
  api = await startTestServer({
    handler: (_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{"ok":true}');
    },
  });
  ({ dir, cleanup } = await tempWorkspace());
  await mkdir(join(dir, '.runner/environments'), { recursive: true });
  await mkdir(join(dir, '.runner/tests/_shared'), { recursive: true });
  await writeFile(join(dir, '.runner/config.yaml'), 'project: { name: watch }\n');
  await writeFile(
    join(dir, '.runner/environments/local.yaml'),
    `baseUrl: http://localhost:${new URL(api.url).port}\n`,
  );
  await writeFile(
    join(dir, '.runner/tests/a.yaml'),
    'scenario: A\nsteps:\n  - request: { method: GET, url: /a }\n',
  );
  await writeFile(join(dir, '.runner/tests/b.yaml'), 'scenario: B\nsteps:\n  - use: _shared/login.yaml\n');
  // C uses the fragment too, and fails: `f` runs it alone.
  await writeFile(
    join(dir, '.runner/tests/c.yaml'),
    'scenario: C\nsteps:\n  - use: _shared/login.yaml\n  - request: { method: GET, url: /c }\n    expect: { status: 201 }\n',
  );
  await writeFile(
    join(dir, '.runner/tests/_shared/login.yaml'),
    'scenario: Login\nsteps:\n  - request: { method: POST, url: /login }\n',
  );
});
afterAll(async () => {
  await cleanup();
  await api.close();
});

/** The built CLI in a pseudo-terminal; `output` grows as it prints, `type` sends keys to the terminal. */
function startInTerminal(args: string[]) {
  const command = [process.execPath, builtCli, ...args].map((word) => `'${word}'`).join(' ');
  const child = spawn('script', ['-qfec', command, '/dev/null'], {
    cwd: dir,
    env: { ...cliEnv(), TERM: 'dumb' },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const session = {
    output: '',
    exit: new Promise<number>((done) => child.on('close', (code) => done(code ?? -1))),
  };
  child.stdout.on('data', (chunk: Buffer) => (session.output += chunk.toString('utf8').replace(/\r/g, '')));
  child.stderr.on('data', (chunk: Buffer) => (session.output += chunk.toString('utf8').replace(/\r/g, '')));
  return { session, type: (keys: string) => child.stdin.write(keys), kill: () => child.kill() };
}

async function until(read: () => string, count: number, text: string, timeoutMs = 15_000): Promise<void> {
  const start = Date.now();
  while (read().split(text).length - 1 < count) {
    if (Date.now() - start > timeoutMs)
      throw new Error(`timed out waiting for "${text}" x${count}:\n${read()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The output printed since the `n`th prompt. */
function afterPrompt(output: string, n: number): string {
  return output.split(PROMPT).slice(n).join(PROMPT);
}

describe('runner run --watch', () => {
  it('re-runs what each change affects, keeps watching past a syntax error, and quits with q', async () => {
    const terminal = startInTerminal(['run', '--watch']);
    const read = () => terminal.session.output;
    try {
      await until(read, 1, PROMPT);
      expect(read()).toContain('» all scenarios · running 3 scenarios');

      // A scenario: only it runs.
      await writeFile(
        join(dir, '.runner/tests/a.yaml'),
        'scenario: A\nsteps:\n  - request: { method: GET, url: /a2 }\n',
      );
      await until(read, 2, PROMPT);
      let run = afterPrompt(read(), 1);
      expect(run).toContain('» .runner/tests/a.yaml changed · running 1 scenario\n');
      expect(run).toContain('A  .runner/tests/a.yaml');
      expect(run).not.toContain('B  .runner/tests/b.yaml');

      // A fragment: its users run, and nothing else.
      await writeFile(
        join(dir, '.runner/tests/_shared/login.yaml'),
        'scenario: Login\nsteps:\n  - request: { method: POST, url: /login2 }\n',
      );
      await until(read, 3, PROMPT);
      run = afterPrompt(read(), 2);
      expect(run).toContain('» .runner/tests/_shared/login.yaml changed · running 2 scenarios\n');
      expect(run).toContain('B  .runner/tests/b.yaml');
      expect(run).toContain('C  .runner/tests/c.yaml');
      expect(run).not.toContain('A  .runner/tests/a.yaml');

      // A file that does not parse: file:line:col, and watching goes on.
      await writeFile(join(dir, '.runner/tests/a.yaml'), 'scenario: [\n');
      await until(read, 4, PROMPT);
      expect(afterPrompt(read(), 3)).toContain('.runner/tests/a.yaml:2:1: YAML syntax');
      await writeFile(
        join(dir, '.runner/tests/a.yaml'),
        'scenario: A\nsteps:\n  - request: { method: GET, url: /a }\n',
      );
      await until(read, 5, PROMPT);
      expect(afterPrompt(read(), 4)).toContain('» .runner/tests/a.yaml changed · running 1 scenario\n');

      // `f`: the failed scenario (C) alone; Enter: everything.
      terminal.type('f');
      await until(read, 6, PROMPT);
      run = afterPrompt(read(), 5);
      expect(run).toContain('» failed scenarios · running 1 scenario\n');
      expect(run).toContain('C  .runner/tests/c.yaml');
      terminal.type('\r');
      await until(read, 7, PROMPT);
      expect(afterPrompt(read(), 6)).toContain('» all scenarios · running 3 scenarios');

      // config.yaml: everything.
      await writeFile(join(dir, '.runner/config.yaml'), 'project: { name: watched }\n');
      await until(read, 8, PROMPT);
      expect(afterPrompt(read(), 7)).toContain(
        '» .runner/config.yaml changed (config.yaml): all scenarios · running 3 scenarios',
      );

      terminal.type('q');
      expect(await terminal.session.exit).toBe(0);
    } finally {
      terminal.kill();
    }
  }, 60_000);
});
