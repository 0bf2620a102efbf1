import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, tempWorkspace } from '../support/cli.js';
import { rawResponse, startRawServer, type RawServer } from '../support/rawServer.js';

/**
 * DECISIONS.md, Wave 2 / Platform: "A report or snapshot that cannot be written is a warning; the exit code
 * still follows the checks. A missing environment or credentials file is named by its path relative to the
 * project." Tests run as any user (root ignores permissions), so an unwritable folder is made by putting a
 * plain file where the folder must go.
 */
let server: RawServer;
let dir: string;
let cleanup: () => Promise<void>;

beforeAll(async () => {
  server = await startRawServer((_path, socket) =>
    rawResponse(socket, 'HTTP/1.1 200 OK\r\ncontent-type: application/json', '{"ok":true}'),
  );
  ({ dir, cleanup } = await tempWorkspace());
  await mkdir(join(dir, '.runner/environments'), { recursive: true });
  await mkdir(join(dir, '.runner/tests'), { recursive: true });
  await writeFile(join(dir, '.runner/environments/local.yaml'), `baseUrl: ${server.url}\n`);
  await writeFile(
    join(dir, '.runner/tests/checks.yaml'),
    `scenario: checks
steps:
  - request: { method: GET, url: /ok }
    expect: { body.ok: true }
`,
  );
  await writeFile(
    join(dir, '.runner/tests/failing.yaml'),
    `scenario: failing
steps:
  - request: { method: GET, url: /ok }
    expect: { body.ok: false }
`,
  );
});
afterAll(async () => {
  await cleanup();
  await server.close();
});

describe('outputs that cannot be written', () => {
  it('an unwritable reports folder is a warning: exit 0 for passing checks, 1 for failing ones', async () => {
    await writeFile(join(dir, '.runner/config.yaml'), 'reports:\n  path: blocked/reports\n');
    await writeFile(join(dir, 'blocked'), 'a file where the reports folder should be\n');
    const passing = await runCli(['run', '.runner/tests/checks.yaml', '--report', 'json,html,junit'], {
      cwd: dir,
    });
    expect(passing.code).toBe(0);
    expect(passing.stderr).toMatch(/^warning: cannot write reports: .*blocked\/reports/m);
    expect(passing.stderr).not.toContain(dir);
    expect(passing.stderr).not.toMatch(/\n\s+at /);
    const failing = await runCli(['run', '.runner/tests/failing.yaml', '--report', 'json'], { cwd: dir });
    expect(failing.code).toBe(1);
    expect(failing.stderr).toMatch(/^warning: cannot write reports: /m);
    expect(failing.stderr).toMatch(/^warning: cannot write failure snapshots: /m);
  });

  it('an unwritable snapshot folder keeps a failing run at exit 1, and its reports are still written', async () => {
    await writeFile(
      join(dir, '.runner/config.yaml'),
      'reports:\n  path: out/reports\n  failures:\n    path: snapshot-file\n',
    );
    await writeFile(join(dir, 'snapshot-file'), 'not a folder\n');
    const { code, stdout, stderr } = await runCli(['run', '.runner/tests/failing.yaml', '--report', 'json'], {
      cwd: dir,
    });
    expect(code).toBe(1);
    expect(stderr).toMatch(/^warning: cannot write failure snapshots: .*snapshot-file/m);
    expect(stdout).toContain('Reports: out/reports/latest/report.json');
    expect(await readdir(join(dir, 'out/reports/latest'))).toEqual(['report.json']);
  });

  it('names the missing credentials file, relative to the project, when a scenario reads $accounts', async () => {
    await writeFile(join(dir, '.runner/config.yaml'), 'reports:\n  path: out/reports\n');
    await writeFile(
      join(dir, '.runner/tests/accounts.yaml'),
      `scenario: accounts
steps:
  - request: { method: GET, url: "/ok?key=$accounts.api.key" }
`,
    );
    const { code, stderr } = await runCli(['run', '.runner/tests/accounts.yaml'], { cwd: dir });
    expect(code).toBe(1);
    expect(stderr).toContain(
      'warning: no credentials file .runner/credentials/local.yaml for environment `local`: `$accounts` references will not resolve',
    );
  });
});
