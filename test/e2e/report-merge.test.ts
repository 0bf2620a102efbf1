import { cp, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ctrfSchemaErrors } from '../support/ctrfSchema.js';
import { reportSchemaErrors } from '../support/reportSchema.js';
import { runCli, tempWorkspace } from '../support/cli.js';
import { startTestServer, type TestServer } from '../support/testServer.js';

/**
 * `runner report merge` (DECISIONS.md, Running at scale): shards run with the built CLI against a loopback
 * server, then merged into one run whose reports match a run of the whole suite.
 */
const FILES: Record<string, string> = {
  'a.yaml': `scenario: Examples
examples:
  - { id: 1 }
  - { id: 2 }
steps:
  - name: Health $id
    request: { method: GET, url: /health }
    expect: { status: 200 }
`,
  'more/b.yaml': `scenario: Broken
steps:
  - name: Missing user
    request: { method: GET, url: /users/999 }
    expect: { status: 200 }
  - name: Healthy
    request: { method: GET, url: /health }
`,
  'more/c.yaml': `scenario: Fine
steps:
  - name: Healthy too
    request: { method: GET, url: /health }
    expect: { status: 200 }
`,
};

interface Report {
  metadata: { scenario: string; testFile: string };
  summary: Record<string, number>;
  steps: unknown[];
  scenarios?: { metadata: { scenario: string; testFile: string }; summary: Record<string, number> }[];
}

let server: TestServer;
let dir: string;
let cleanup: () => Promise<void>;
let full: Report;

const readJson = async <T>(path: string) => JSON.parse(await readFile(path, 'utf8')) as T;

/** Runs one shard and keeps a copy of its `latest/` as `<name>/`. */
async function shard(name: string, path: string): Promise<void> {
  await runCli(['run', path, '--report', 'json'], { cwd: dir });
  await cp(join(dir, '.runner/reports/latest'), join(dir, name), { recursive: true });
}

beforeAll(async () => {
  server = await startTestServer();
  ({ dir, cleanup } = await tempWorkspace());
  await mkdir(join(dir, '.runner/environments'), { recursive: true });
  await mkdir(join(dir, '.runner/tests/more'), { recursive: true });
  await writeFile(join(dir, '.runner/environments/local.yaml'), `baseUrl: ${server.url}\n`);
  for (const [file, text] of Object.entries(FILES)) await writeFile(join(dir, '.runner/tests', file), text);
  await runCli(['run', '--report', 'json'], { cwd: dir });
  full = await readJson<Report>(join(dir, '.runner/reports/latest/report.json'));
  await shard('shard-1', 'a.yaml');
  await shard('shard-2', 'more/b.yaml');
  await shard('shard-3', 'more/c.yaml');
}, 60_000);
afterAll(async () => {
  await cleanup();
  await server.close();
});

const brief = (report: Report) =>
  (report.scenarios ?? []).map((record) => [
    record.metadata.scenario,
    record.metadata.testFile,
    record.summary,
  ]);

describe('runner report merge', () => {
  it('merges shards into the run the whole suite gives, in every format, and exits 1 on a failure', async () => {
    const summaryFile = join(dir, 'summary.md');
    const { code, stdout, stderr } = await runCli(
      [
        'report',
        'merge',
        'shard-2/report.json',
        'shard-3',
        'shard-1',
        '--out',
        'merged',
        '--report',
        'json,html,junit,ctrf,github',
      ],
      { cwd: dir, env: { GITHUB_STEP_SUMMARY: summaryFile } },
    );
    expect(stderr).toBe('');
    expect(code).toBe(1);
    expect(stdout).toContain('Merged 3 reports: 4 scenarios, 5 steps: 4 passed, 1 failed, 0 skipped');
    expect(stdout).toContain(
      'Reports: merged/report.json, merged/report.html, merged/report.xml, merged/ctrf-report.json',
    );
    expect((await readdir(join(dir, 'merged'))).sort()).toEqual([
      'ctrf-report.json',
      'report.html',
      'report.json',
      'report.xml',
    ]);

    const merged = await readJson<Report>(join(dir, 'merged/report.json'));
    expect(reportSchemaErrors(merged)).toEqual([]);
    expect(merged.summary).toEqual(full.summary);
    expect(merged.summary).toMatchObject({ total: 5, passed: 4, failed: 1 });
    expect(brief(merged)).toEqual(brief(full));
    expect(merged.metadata.scenario).toBe('4 scenarios');

    const ctrf = await readJson<{ results: { tests: { name: string; filePath: string; line: number }[] } }>(
      join(dir, 'merged/ctrf-report.json'),
    );
    expect(ctrfSchemaErrors(ctrf)).toEqual([]);
    expect(ctrf.results.tests).toHaveLength(5);
    expect(ctrf.results.tests[2]).toMatchObject({
      name: 'Broken › Missing user',
      filePath: '.runner/tests/more/b.yaml',
      line: 3,
    });

    const xml = await readFile(join(dir, 'merged/report.xml'), 'utf8');
    expect(xml.match(/<testcase /g)).toHaveLength(5);
    expect(xml).toContain('name="[0] Missing user" file=".runner/tests/more/b.yaml" line="3"');
    const html = await readFile(join(dir, 'merged/report.html'), 'utf8');
    expect(html).toContain('Missing user');

    expect(stdout).toMatch(
      /^::error file=\.runner\/tests\/more\/b\.yaml,line=3,col=5,title=Broken › Missing user::✗ status = 200 \(expected\), got 404/m,
    );
    expect(await readFile(summaryFile, 'utf8')).toContain(
      '| Broken › Missing user | .runner/tests/more/b.yaml:3 |',
    );
  });

  it('exits 0 when every merged step passed, and a single report stays a SPEC record', async () => {
    const { code } = await runCli(['report', 'merge', 'shard-1', 'shard-3', '--out', 'passing'], {
      cwd: dir,
    });
    expect(code).toBe(0);
    expect(await readdir(join(dir, 'passing'))).toEqual(['report.json']);
    const one = await runCli(['report', 'merge', 'shard-3', '--out', 'one'], { cwd: dir });
    expect(one.code).toBe(0);
    const report = await readJson<Report>(join(dir, 'one/report.json'));
    expect(report.scenarios).toBeUndefined();
    expect(report.metadata).toMatchObject({ scenario: 'Fine', testFile: '.runner/tests/more/c.yaml' });
    expect(report.steps).toHaveLength(1);
  });

  it('exits 2 naming the input it cannot read or understand, and writes nothing', async () => {
    await mkdir(join(dir, 'empty'), { recursive: true });
    await writeFile(join(dir, 'broken.json'), '{\n  "metadata": {\n    "scenario": oops\n}\n');
    await writeFile(join(dir, 'other.json'), '{"metadata": {"scenario": 1}, "summary": {}}');
    const cases: [string, RegExp][] = [
      ['missing/report.json', /^error: missing\/report\.json: cannot read it \(ENOENT\)/],
      ['empty', /^error: empty: no report\.json in this directory/],
      ['broken.json', /^broken\.json:3:17: not valid JSON: Unexpected token 'o'\n$/],
      [
        'other.json',
        /^error: other\.json: not a runner report\.json \(\/metadata\/scenario: expected a string\)/,
      ],
    ];
    for (const [input, message] of cases) {
      const { code, stderr } = await runCli(['report', 'merge', 'shard-1', input, '--out', 'never'], {
        cwd: dir,
      });
      expect(code, input).toBe(2);
      expect(stderr, input).toMatch(message);
    }
    const noOut = await runCli(['report', 'merge', 'shard-1'], { cwd: dir });
    expect([noOut.code, noOut.stderr]).toEqual([2, expect.stringContaining('needs --out <dir>')]);
    expect(await readdir(dir)).not.toContain('never');
  });

  it('exits 2 naming the folder when the merged reports cannot be written (issue 28)', async () => {
    await writeFile(join(dir, 'a-file'), 'not a directory');
    const { code, stderr } = await runCli(['report', 'merge', 'shard-3', '--out', 'a-file/merged'], {
      cwd: dir,
    });
    expect(code).toBe(2);
    expect(stderr).toMatch(/^error: a-file\/merged: cannot write it \(ENOTDIR\)/);
  });
});
