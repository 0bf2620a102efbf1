import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ctrfSchemaErrors } from '../support/ctrfSchema.js';
import { runCli, tempWorkspace } from '../support/cli.js';
import { startTestServer, type TestServer } from '../support/testServer.js';

/**
 * The CI reports of a real run (DECISIONS.md, Running at scale): CTRF validated against its published
 * schema, GitHub annotations and job summary, JUnit file and line, all behind the masking boundary.
 */
const secret = `Pl4nted-${Math.random().toString(36).slice(2)}`;

const SCENARIO = `scenario: Orders
steps:
  - name: Health
    request: { method: GET, url: /health }
    expect: { status: 200 }
  - name: "Fetch: user, 100% sure"
    request:
      method: GET
      url: /users/999?key=$accounts.api.token
      headers: { x-api-key: $accounts.api.token }
    expect:
      status: 200
      body.error: $accounts.api.token
`;

const OTHER = `scenario: Passing
steps:
  - name: Still healthy
    request: { method: GET, url: /health }
`;

let server: TestServer;
let dir: string;
let cleanup: () => Promise<void>;
beforeAll(async () => {
  server = await startTestServer();
  ({ dir, cleanup } = await tempWorkspace());
  for (const sub of ['environments', 'credentials', 'tests/shop']) {
    await mkdir(join(dir, '.runner', sub), { recursive: true });
  }
  await writeFile(join(dir, '.runner/environments/local.yaml'), `baseUrl: ${server.url}\n`);
  await writeFile(join(dir, '.runner/credentials/local.yaml'), `api:\n  token: ${secret}\n`);
  await writeFile(join(dir, '.runner/tests/shop/orders.yaml'), SCENARIO);
  await writeFile(join(dir, '.runner/tests/passing.yaml'), OTHER);
});
afterAll(async () => {
  await cleanup();
  await server.close();
});

interface CtrfTest {
  name: string;
  status: string;
  filePath: string;
  line: number;
  message?: string;
}

describe('runner run --report ctrf,junit', () => {
  it('writes a CTRF report valid against its schema, one test per step, file from the project root', async () => {
    // Run from a sub-directory: filePath stays relative to the project root, not to the cwd.
    const cwd = join(dir, '.runner/tests');
    const { code, stdout } = await runCli(['run', '--report', 'ctrf,junit'], { cwd });
    expect(code).toBe(1);
    expect(stdout).toContain('ctrf-report.json');
    const text = await readFile(join(dir, '.runner/reports/latest/ctrf-report.json'), 'utf8');
    const report = JSON.parse(text) as { results: { tests: CtrfTest[]; summary: Record<string, number> } };
    expect(ctrfSchemaErrors(report)).toEqual([]);
    expect(report.results.tests.map((test) => [test.name, test.status, test.filePath, test.line])).toEqual([
      ['Passing › Still healthy', 'passed', '.runner/tests/passing.yaml', 3],
      ['Orders › Health', 'passed', '.runner/tests/shop/orders.yaml', 3],
      ['Orders › Fetch: user, 100% sure', 'failed', '.runner/tests/shop/orders.yaml', 6],
    ]);
    expect(report.results.summary).toMatchObject({ tests: 3, passed: 2, failed: 1, skipped: 0 });
    expect(report.results.tests[2]!.message).toBe('status = 200 (expected), got 404');
    expect(text).not.toContain(secret);

    const xml = await readFile(join(dir, '.runner/reports/latest/report.xml'), 'utf8');
    expect(xml).toMatch(
      /<testcase classname="Orders" name="\[1\] Fetch: user, 100% sure" file="shop\/orders.yaml" line="6" /,
    );
    expect(xml).not.toContain(secret);
  });
});

describe('the github report', () => {
  it('is added in GitHub Actions: annotations at file and line, escaped, and a job summary', async () => {
    const summaryFile = join(dir, 'step-summary.md');
    await writeFile(summaryFile, '# Earlier step\n');
    const { code, stdout } = await runCli(['run'], {
      cwd: dir,
      env: {
        GITHUB_ACTIONS: 'true',
        GITHUB_WORKSPACE: join(dir, '.runner'),
        GITHUB_STEP_SUMMARY: summaryFile,
      },
    });
    expect(code).toBe(1);
    const errors = stdout.split('\n').filter((line) => line.startsWith('::'));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(
      /^::error file=tests\/shop\/orders\.yaml,line=6,col=5,title=Orders › Fetch%3A user%2C 100%25 sure::✗ status = 200 \(expected\), got 404 \(\.runner\/tests\/shop\/orders\.yaml:12:7\)%0A✗ body\.error = "\[MASKED\]" \(expected\), got "user 999 not found" \(\.runner\/tests\/shop\/orders\.yaml:13:7\)%0ARequest: GET http:\/\/localhost:\d+\/users\/999\?key=\[MASKED\]%0A/,
    );
    const summary = await readFile(summaryFile, 'utf8');
    expect(summary.startsWith('# Earlier step\n## runner: ❌ failed\n')).toBe(true);
    expect(summary).toContain(
      '| Orders › Fetch: user, 100% sure | tests/shop/orders.yaml:6 | status = 200 (expected), got 404 |',
    );
    expect(summary).toContain('| ✅ Passing | tests/passing.yaml | 1 | 0 | 0 |');
    expect(stdout + summary).not.toContain(secret);
  });

  it.each([['github'], ['github,json']])(
    'tells which pass and which step of a failed loop failed (--report %s), with the nested counts',
    async (formats) => {
      await writeFile(
        join(dir, '.runner/tests/loop.yaml'),
        `scenario: Loop
steps:
  - name: Every user
    repeat:
      attempts: 40
      until: $n == 99
      steps:
        - set: { n: 1 }
        - name: Fetch
          request: { method: GET, url: /users/999 }
          expect: { status: 200 }
`,
      );
      const { stdout, code } = await runCli(['run', 'loop.yaml', '--report', formats], { cwd: dir });
      expect(code).toBe(1);
      const annotation = stdout.split('\n').find((line) => line.startsWith('::error'))!;
      expect(annotation).toContain('title=Loop › Every user::');
      expect(annotation).toContain('Nested executions: 1 (0 passed, 1 failed, 0 skipped)');
      expect(annotation).toContain('✗ repeat 1/40');
      expect(annotation).toContain('✗ Fetch');
      expect(annotation).toContain('status = 200 (expected), got 404');
    },
  );

  it('is written on request outside GitHub Actions too, with paths from the project root', async () => {
    const { stdout } = await runCli(['run', 'shop/orders.yaml', '--report', 'github'], { cwd: dir });
    expect(stdout).toMatch(/^::error file=\.runner\/tests\/shop\/orders\.yaml,line=6,col=5,title=/m);
    expect(stdout).not.toContain('Reports:');
  });
});
