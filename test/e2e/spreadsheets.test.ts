/**
 * The built CLI on a workspace that exports API data to a spreadsheet, imports it back and sends one request
 * per row (the data-driven example of README.md), plus `validate` on a broken spreadsheet step.
 */
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, stabilize, tempWorkspace } from '../support/cli.js';
import { startTestServer, type TestServer } from '../support/testServer.js';

let server: TestServer;
let dir: string;
let cleanup: () => Promise<void>;

const SCENARIO = `scenario: users round trip
steps:
  - name: fetch users
    request: { method: GET, url: /users }
    save: { users: body.items }
  - name: export users
    export:
      file: users.xlsx
      from: $users
      sheet: Users
      columns:
        - { header: User ID, value: $item.id }
        - { header: Full Name, value: $item.name }
        - { header: E-mail, value: $item.email }
        - { header: Is Admin, value: "$if($item.role == admin, true, false)" }
  - name: import users
    import: { file: users.xlsx, as: rows, sheet: Users }
  - name: echo each row
    for_each:
      from: $rows
      as: row
      steps:
        - request:
            method: POST
            url: /echo
            body: { id: $row.user_id, email: $row.e_mail, admin: $bool($row.is_admin) }
          expect:
            status: 200
            body.body.id: $row.user_id
`;

beforeAll(async () => {
  server = await startTestServer();
  ({ dir, cleanup } = await tempWorkspace());
  await mkdir(join(dir, '.runner/environments'), { recursive: true });
  await mkdir(join(dir, '.runner/tests'), { recursive: true });
  await writeFile(join(dir, '.runner/config.yaml'), 'export:\n  path: exports\n');
  await writeFile(join(dir, '.runner/environments/local.yaml'), `baseUrl: ${server.url}\n`);
  await writeFile(join(dir, '.runner/tests/users.yaml'), SCENARIO);
});
afterAll(async () => {
  await cleanup();
  await server.close();
});

describe('runner run with export and import steps', () => {
  it('writes the workbook under export.path, reads it back and sends a request per row', async () => {
    const before = server.requests.length;
    const { code, stdout, stderr } = await runCli(['run', '--report', 'json'], { cwd: dir });
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect((await stat(join(dir, 'exports/users.xlsx'))).size).toBeGreaterThan(0);

    const posted = server.requests.slice(before).filter((request) => request.method === 'POST');
    expect(posted.map((request) => JSON.parse(request.body) as unknown)).toEqual([
      { id: 1, email: 'ada@example.test', admin: true },
      { id: 2, email: 'grace@example.test', admin: false },
      { id: 3, email: 'alan@example.test', admin: false },
      { id: 4, email: 'katherine@example.test', admin: false },
      { id: 5, email: 'margaret@example.test', admin: false },
    ]);
    expect(stabilize(stdout)).toContain('export users');

    const report = JSON.parse(await readFile(join(dir, '.runner/reports/latest/report.json'), 'utf8')) as {
      summary: { failed: number };
      steps: { label: string; saved?: Record<string, unknown[]> }[];
    };
    expect(report.summary.failed).toBe(0);
    expect(report.steps.find((step) => step.label === 'import users')?.saved?.rows).toHaveLength(5);
  });

  it('fails the step with a clear message when the sheet is missing', async () => {
    await writeFile(
      join(dir, '.runner/tests/users.yaml'),
      SCENARIO.replace('as: rows, sheet: Users', 'as: rows, sheet: People'),
    );
    const { code, stdout } = await runCli(['run'], { cwd: dir });
    expect(code).toBe(1);
    expect(stdout).toContain('`exports/users.xlsx` has no sheet `People` (sheets: `Users`)');
  });
});

describe('runner validate on spreadsheet steps', () => {
  it('reports problems at file:line:col and exits 1', async () => {
    await writeFile(
      join(dir, '.runner/tests/users.yaml'),
      SCENARIO.replace('from: $users', 'from: users').replace('sheet: Users\n', 'sheet: "Users/All"\n'),
    );
    const { code, stdout } = await runCli(['validate'], { cwd: dir });
    expect(code).toBe(1);
    expect(stdout).toContain(
      '.runner/tests/users.yaml:9:13: `from` must name a variable starting with `$`, got "users" (write `$users`)',
    );
    expect(stdout).toContain(
      '.runner/tests/users.yaml:10:14: a sheet name cannot contain `/` (nor any of : \\ / ? * [ ])',
    );
  });
});
