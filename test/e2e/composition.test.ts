import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runCli, tempWorkspace } from '../support/cli.js';
import { startTestServer, type TestServer } from '../support/testServer.js';

// DECISIONS.md, Wave 2 / Platform: composition is resolved before any request, and `use` targets stay
// inside the project root. The built CLI against a real server reached as `localhost`.

let api: TestServer;
let dir: string;
let project: string;
let cleanup: () => Promise<void>;

beforeAll(async () => {
  api = await startTestServer();
  ({ dir, cleanup } = await tempWorkspace());
  // The project is one level down, so a file can sit just outside it.
  project = join(dir, 'project');
  await mkdir(join(project, '.runner/environments'), { recursive: true });
  await mkdir(join(project, '.runner/tests/_shared'), { recursive: true });
  await writeFile(join(project, '.runner/config.yaml'), 'project: { name: composition }\n');
  await writeFile(
    join(project, '.runner/environments/local.yaml'),
    `baseUrl: http://localhost:${new URL(api.url).port}\n`,
  );
  await writeFile(join(dir, 'outside-secret.txt'), 'top-secret-canary-7731: do not print me\n');
});
afterAll(async () => {
  await cleanup();
  await api.close();
});
beforeEach(() => {
  api.requests.length = 0;
});

const BROKEN_TOKEN = `scenario: Token
steps:
  - request: { method: POST, url: /auth/login }
    expekt: { status: 200 }
`;

async function write(files: Record<string, string>): Promise<void> {
  for (const [name, text] of Object.entries(files)) await writeFile(join(project, name), text);
}

describe('runner run checks composition before sending anything', () => {
  it('exits 2 naming file:line:col when a later step uses a broken fragment', async () => {
    await write({
      '.runner/tests/broken.yaml': `scenario: Uses a broken fragment
steps:
  - request: { method: GET, url: /health }
  - use: _shared/login.yaml
`,
      '.runner/tests/_shared/login.yaml': `scenario: Login
steps:
  - use: token.yaml
`,
      '.runner/tests/_shared/token.yaml': BROKEN_TOKEN,
    });
    const { code, stdout, stderr } = await runCli(['run', '.runner/tests/broken.yaml'], { cwd: project });
    expect(code).toBe(2);
    expect(stderr).toContain(
      '.runner/tests/_shared/token.yaml:4:5: unknown key `expekt` in step (did you mean `expect`?)',
    );
    expect(stderr).toContain('.runner/tests/_shared/login.yaml:3:5: `use` target `token.yaml` has 1 problem');
    expect(stderr).toContain('nothing was run');
    expect(stdout).toBe('');
    expect(api.requests).toEqual([]);
  });

  it('exits 2 at the `use` step itself when the second step uses the broken fragment directly', async () => {
    await write({
      '.runner/tests/direct.yaml': `scenario: Uses it directly
steps:
  - request: { method: GET, url: /health }
  - use: _shared/token.yaml
`,
      '.runner/tests/_shared/token.yaml': BROKEN_TOKEN,
    });
    const { code, stderr } = await runCli(['run', '.runner/tests/direct.yaml'], { cwd: project });
    expect(code).toBe(2);
    expect(stderr).toContain('.runner/tests/_shared/token.yaml:4:5: unknown key `expekt`');
    expect(stderr).toContain(
      '.runner/tests/direct.yaml:4:5: `use` target `_shared/token.yaml` has 1 problem',
    );
    expect(api.requests).toEqual([]);
  });

  it('exits 2 on a cycle, naming where it closes', async () => {
    await write({
      '.runner/tests/cycle.yaml': `scenario: Cycle
steps:
  - request: { method: GET, url: /health }
  - use: _shared/ping.yaml
`,
      '.runner/tests/_shared/ping.yaml': 'scenario: Ping\nsteps:\n  - use: pong.yaml\n',
      '.runner/tests/_shared/pong.yaml': 'scenario: Pong\nsteps:\n  - use: ping.yaml\n',
    });
    const { code, stderr } = await runCli(['run', '.runner/tests/cycle.yaml'], { cwd: project });
    expect(code).toBe(2);
    expect(stderr).toContain(
      '.runner/tests/_shared/pong.yaml:3:5: `use` cycle: ping.yaml → pong.yaml → ping.yaml',
    );
    expect(api.requests).toEqual([]);
  });

  it('exits 2 on a `use` that leaves the project, naming the path and printing nothing of the file', async () => {
    const passwd = await readFile('/etc/passwd', 'utf8').catch(() => '');
    await write({
      '.runner/tests/escape.yaml': `scenario: Escape
steps:
  - request: { method: GET, url: /health }
  - use: ../../../outside-secret.txt
  - use: ../../../../../../../../../../etc/passwd
`,
    });
    const { code, stdout, stderr } = await runCli(['run', '.runner/tests/escape.yaml'], { cwd: project });
    expect(code).toBe(2);
    expect(stderr).toContain(
      '.runner/tests/escape.yaml:4:10: `use` target `../../../outside-secret.txt` is outside the project',
    );
    expect(stderr).toContain(
      '.runner/tests/escape.yaml:5:10: `use` target `../../../../../../../../../../etc/passwd` is outside the project',
    );
    const output = stdout + stderr;
    expect(output).not.toContain('top-secret-canary-7731');
    const firstLine = passwd.split('\n')[0] ?? '';
    if (firstLine !== '') expect(output).not.toContain(firstLine.slice(0, 12));
    expect(api.requests).toEqual([]);
  });

  it('exits 2 on a multipart file written outside assets.path, before anything is sent', async () => {
    await write({
      '.runner/tests/upload.yaml': `scenario: Upload
steps:
  - request: { method: GET, url: /health }
  - request: { method: POST, url: /upload, multipart: { files: { doc: ../../../etc/passwd } } }
`,
    });
    const { code, stdout, stderr } = await runCli(['run', '.runner/tests/upload.yaml'], { cwd: project });
    expect(code).toBe(2);
    expect(stderr).toContain(
      '.runner/tests/upload.yaml:4:71: multipart.files.doc: `../../../etc/passwd` is outside assets.path',
    );
    expect(stdout + stderr).not.toContain('root:x:');
    expect(api.requests).toEqual([]);
  });

  it('runs a scenario whose fragments are fine, fragments included', async () => {
    await write({
      '.runner/tests/fine.yaml': `scenario: Fine
steps:
  - use: _shared/health.yaml
`,
      '.runner/tests/_shared/health.yaml': `scenario: Health
steps:
  - request: { method: GET, url: /health }
    expect: { status: 200 }
`,
    });
    const { code } = await runCli(['run', '.runner/tests/fine.yaml'], { cwd: project });
    expect(code).toBe(0);
    expect(api.requests.map((request) => request.url)).toEqual(['/health']);
  });
});
