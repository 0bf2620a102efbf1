import { readdir, readFile, writeFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startCli, tempWorkspace, type CliRun, type StartedCli } from '../support/cli.js';
import { reportSchemaErrors } from '../support/reportSchema.js';
import { startTestServer, type TestServer } from '../support/testServer.js';

// DECISIONS.md, Wave 2 / Platform, Interrupts: the built CLI, a real server reached as `localhost`, real signals.

/** Paths starting with /slow never get an answer: the request is in flight until the client gives up. */
function startApi(): Promise<TestServer> {
  return startTestServer({
    handler: (request, response) => {
      if (request.url?.startsWith('/slow')) return;
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{"ok":true}');
    },
  });
}

let api: TestServer;
let dir: string;
let cleanup: () => Promise<void>;

beforeEach(async () => {
  api = await startApi();
  ({ dir, cleanup } = await tempWorkspace());
  const port = new URL(api.url).port;
  await mkdir(join(dir, '.runner/environments'), { recursive: true });
  await mkdir(join(dir, '.runner/tests'), { recursive: true });
  await writeFile(
    join(dir, '.runner/config.yaml'),
    'project: { name: interrupts }\nreports:\n  format: json,html\n',
  );
  await writeFile(join(dir, '.runner/environments/local.yaml'), `baseUrl: http://localhost:${port}\n`);
});
afterEach(async () => {
  await api.close();
  await cleanup();
});

async function scenario(yaml: string): Promise<void> {
  await writeFile(join(dir, '.runner/tests/slow.yaml'), yaml);
}

/** Resolves once the server has received a request whose path starts with `path`. */
async function received(path: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!api.requests.some((request) => request.url.startsWith(path))) {
    if (Date.now() > deadline) throw new Error(`the server never received ${path}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const paths = () => api.requests.map((request) => `${request.method} ${request.url}`);

async function endedWithin(cli: StartedCli, ms: number): Promise<CliRun> {
  const started = Date.now();
  const run = await cli.done;
  expect(Date.now() - started).toBeLessThan(ms);
  return run;
}

interface ReportJson {
  metadata: { interrupted?: boolean; status: string };
  summary: { passed: number; failed: number; skipped: number; total: number };
  steps: { label: string; status: string; section: string; error?: string; skipReason?: string }[];
}

/** latest/ holds the run's complete files (the same as its timestamped directory) and no leftovers. */
async function latestReport(): Promise<ReportJson> {
  const reports = join(dir, '.runner/reports');
  const entries = await readdir(reports);
  expect(entries.filter((name) => name.startsWith('latest.'))).toEqual([]);
  const runDirs = entries.filter((name) => /^\d{4}-\d\d-\d\dT/.test(name));
  expect(runDirs).toHaveLength(1);
  expect((await readdir(join(reports, 'latest'))).sort()).toEqual(['report.html', 'report.json']);
  for (const file of ['report.json', 'report.html']) {
    expect(await readFile(join(reports, 'latest', file), 'utf8')).toBe(
      await readFile(join(reports, runDirs[0]!, file), 'utf8'),
    );
  }
  const report = JSON.parse(await readFile(join(reports, 'latest/report.json'), 'utf8')) as ReportJson;
  expect(reportSchemaErrors(report)).toEqual([]);
  return report;
}

const SLOW_SCENARIO = `scenario: Slow
setup:
  - name: prepare
    request: { method: GET, url: /prepare }
steps:
  - name: slow call
    request: { method: GET, url: /slow }
  - name: never sent
    request: { method: GET, url: /after }
teardown:
  - name: clean up
    request: { method: DELETE, url: /cleanup }
`;

describe.each(['SIGINT', 'SIGTERM'] as const)('%s during a slow request', (signal) => {
  it('aborts it, skips the remaining steps, runs teardown, writes marked reports and exits 130', async () => {
    await scenario(SLOW_SCENARIO);
    const cli = startCli(['run'], { cwd: dir });
    await received('/slow');
    cli.child.kill(signal);
    const { code, stdout, stderr } = await endedWithin(cli, 2_000);

    expect(code).toBe(130);
    expect(paths()).toEqual(['GET /prepare', 'GET /slow', 'DELETE /cleanup']);
    expect(stdout).toContain('INTERRUPTED');
    expect(stdout).toContain('Interrupted: the steps not yet run were skipped');
    expect(stderr).toContain(`interrupted (${signal})`);
    expect(stderr).not.toMatch(/\n\s+at /);

    const report = await latestReport();
    expect(report.metadata.interrupted).toBe(true);
    expect(report.steps.map((step) => [step.label, step.status])).toEqual([
      ['prepare', 'passed'],
      ['slow call', 'failed'],
      ['never sent', 'skipped'],
      ['clean up', 'passed'],
    ]);
    expect(report.steps[1]!.error).toMatch(/^interrupted: /);
    expect(report.steps[2]!.skipReason).toBe('the run was interrupted');
    expect(report.summary).toMatchObject({ passed: 2, failed: 1, skipped: 1, total: 4 });
    const html = await readFile(join(dir, '.runner/reports/latest/report.html'), 'utf8');
    expect(html).toContain('<div class="result interrupted">INTERRUPTED</div>');
  });
});

describe('a second signal', () => {
  it('skips the rest of teardown, aborts its request in flight and still exits 130 with reports', async () => {
    await scenario(`scenario: Slow teardown
steps:
  - name: slow call
    request: { method: GET, url: /slow-step }
teardown:
  - name: slow clean up
    request: { method: DELETE, url: /slow-cleanup }
  - name: last clean up
    request: { method: DELETE, url: /cleanup }
`);
    const cli = startCli(['run'], { cwd: dir });
    await received('/slow-step');
    cli.child.kill('SIGINT');
    await received('/slow-cleanup');
    cli.child.kill('SIGINT');
    const { code, stderr } = await endedWithin(cli, 2_000);

    expect(code).toBe(130);
    expect(stderr).toContain('interrupted again (SIGINT): skipping teardown');
    expect(paths()).toEqual(['GET /slow-step', 'DELETE /slow-cleanup']);
    const report = await latestReport();
    expect(report.metadata.interrupted).toBe(true);
    expect(report.steps.map((step) => [step.label, step.status])).toEqual([
      ['slow call', 'failed'],
      ['slow clean up', 'failed'],
      ['last clean up', 'skipped'],
    ]);
    expect(report.steps[2]!.skipReason).toBe('a second interrupt skipped teardown');
  });
});

describe('a run that is not interrupted', () => {
  it('has no interrupted mark and keeps its exit code', async () => {
    await scenario(`scenario: Quick
steps:
  - request: { method: GET, url: /quick }
`);
    const { code, stdout } = await startCli(['run'], { cwd: dir }).done;
    expect(code).toBe(0);
    expect(stdout).not.toContain('INTERRUPTED');
    expect((await latestReport()).metadata).not.toHaveProperty('interrupted');
  });
});
