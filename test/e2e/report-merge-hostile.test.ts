import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeScenario } from '../support/workspaceFiles.js';
import { runCli, tempWorkspace } from '../support/cli.js';
import { startTestServer, type TestServer } from '../support/testServer.js';

/**
 * Issue 28: `runner report merge` fed what a hostile file or a raw report holds, through the built CLI: a
 * `--report-raw` report must come out masked in every format, a body nested 5,000 levels must not cost the
 * reports, and a report that cannot be written is exit 2 naming the file, never a warning and exit 0.
 */
const TOKEN = 'tok-9f8e7d6c5b4a';
const API_KEY = 'key-1a2b3c4d5e6f';
const PASSWORD = 'pw-0p9o8i7u6y';

let server: TestServer;
let dir: string;
let cleanup: () => Promise<void>;

beforeAll(async () => {
  // Echoes what it got, the query key included, so the secrets come back in the response too.
  server = await startTestServer({
    handler: (request, response) => {
      const url = new URL(request.url ?? '/', 'http://x');
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        response.setHeader('content-type', 'application/json');
        response.end(JSON.stringify({ key: url.searchParams.get('key'), got: body }));
      });
    },
  });
  ({ dir, cleanup } = await tempWorkspace());
  for (const sub of ['environments', 'credentials', 'tests'])
    await mkdir(join(dir, '.runner', sub), { recursive: true });
  await writeFile(join(dir, '.runner/environments/local.yaml'), `baseUrl: ${server.url}\n`);
  await writeFile(
    join(dir, '.runner/credentials/local.yaml'),
    `api: { token: ${TOKEN}, key: ${API_KEY}, password: ${PASSWORD} }\n`,
  );
});
afterAll(async () => {
  await cleanup();
  await server.close();
});

const scenario = (name: string, yaml: string) => writeScenario(dir, name, yaml);

describe('report merge', () => {
  async function rawRun(): Promise<string> {
    const file = await scenario(
      'secrets',
      `scenario: secrets
steps:
  - name: send every kind of secret
    request:
      method: POST
      url: /echo
      query: { key: $accounts.api.key }
      headers: { Authorization: Bearer $accounts.api.token }
      body: { password: $accounts.api.password, note: plain }
    expect: { status: 201 }
`,
    );
    await rm(join(dir, '.runner/reports'), { recursive: true, force: true });
    const run = await runCli(['run', file, '--report-raw'], { cwd: dir });
    expect(run.code, run.stderr).toBe(1);
    const raw = await readFile(join(dir, '.runner/reports/latest/report.json'), 'utf8');
    // The input really is raw: the merge is what must mask.
    expect(raw).toContain(TOKEN);
    expect(raw).toContain(API_KEY);
    return join(dir, '.runner/reports/latest/report.json');
  }

  it('masks every output it writes from a --report-raw report, inside the workspace or outside it', async () => {
    const input = await rawRun();
    // Outside the workspace only the report itself says what its secrets were (its masked cURL text).
    const elsewhere = await tempWorkspace();
    try {
      for (const cwd of [dir, elsewhere.dir]) {
        const out = join(cwd, 'merged');
        const merged = await runCli(
          ['report', 'merge', input, '--out', out, '--report', 'html,junit,ctrf,json,github'],
          { cwd, env: { GITHUB_ACTIONS: 'true' } },
        );
        expect(merged.code, merged.stderr).toBe(1);
        const names = await readdir(out);
        expect(names.sort()).toEqual(['ctrf-report.json', 'report.html', 'report.json', 'report.xml']);
        const texts = [merged.stdout, merged.stderr];
        for (const name of names) texts.push(await readFile(join(out, name), 'utf8'));
        for (const text of texts) {
          for (const secret of [TOKEN, API_KEY, PASSWORD]) expect(text, cwd).not.toContain(secret);
        }
        expect(await readFile(join(out, 'report.json'), 'utf8')).toContain('[MASKED]');
      }
    } finally {
      await elsewhere.cleanup();
    }
  });

  it('keeps a body nested 5,000 levels as text and writes every report', async () => {
    const input = await rawRun();
    const report = JSON.parse(await readFile(input, 'utf8')) as {
      steps: { response: { body: unknown } }[];
    };
    const deep = '['.repeat(5_000) + ']'.repeat(5_000);
    report.steps[0]!.response.body = '@DEEP@';
    const hostile = join(dir, 'deep.json');
    await writeFile(hostile, JSON.stringify(report).replace('"@DEEP@"', deep));
    const out = join(dir, 'merged-deep');
    const merged = await runCli(
      ['report', 'merge', hostile, '--out', out, '--report', 'html,junit,ctrf,json'],
      {
        cwd: dir,
      },
    );
    expect(merged.stderr).not.toMatch(/Maximum call stack|warning/);
    expect(merged.code, merged.stderr).toBe(1);
    expect((await readdir(out)).sort()).toEqual([
      'ctrf-report.json',
      'report.html',
      'report.json',
      'report.xml',
    ]);
    const json = await readFile(join(out, 'report.json'), 'utf8');
    expect(json).toContain('nested deeper than 1000 levels and is kept as text');
  });

  it('exits 2 naming the file when a report cannot be written, and leaves no part of the output', async () => {
    const input = await rawRun();
    const out = join(dir, 'blocked');
    await mkdir(join(out, 'report.html'), { recursive: true });
    const merged = await runCli(['report', 'merge', input, '--out', out, '--report', 'json,html'], {
      cwd: dir,
    });
    expect(merged.code).toBe(2);
    expect(merged.stderr).toMatch(/report\.html/);
    expect(merged.stderr).not.toMatch(/\n\s+at /);
    expect((await readdir(out)).sort()).toEqual(['report.html']);
  });
});
