import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli, startCli, tempWorkspace } from '../support/cli.js';
import { startTestServer, type TestServer } from '../support/testServer.js';

// DECISIONS.md, Wave 2 / "Running at scale": the built CLI against a real server reached as `localhost`.

/** When each request arrived and was answered, on the server's clock. */
interface Served {
  path: string;
  start: number;
  end: number;
}

/** Every path answers 200 `{ path, inFlight }` after `delayMs` (0 by default; `?ms=` sets it per request). */
function startApi(delayMs: number): { served: Served[]; start: () => Promise<TestServer> } {
  const served: Served[] = [];
  let inFlight = 0;
  return {
    served,
    start: () =>
      startTestServer({
        handler: (request, response) => {
          const url = new URL(request.url ?? '/', 'http://x');
          const entry = { path: url.pathname, start: performance.now(), end: 0 };
          inFlight++;
          const seen = inFlight;
          const ms = Number(url.searchParams.get('ms') ?? delayMs);
          setTimeout(() => {
            inFlight--;
            entry.end = performance.now();
            served.push(entry);
            response.writeHead(200, { 'content-type': 'application/json' });
            response.end(JSON.stringify({ path: url.pathname, inFlight: seen }));
          }, ms);
        },
      }),
  };
}

let api: TestServer;
let served: Served[];
let dir: string;
let cleanup: () => Promise<void>;

async function setUp(delayMs: number): Promise<void> {
  const started = startApi(delayMs);
  served = started.served;
  api = await started.start();
  ({ dir, cleanup } = await tempWorkspace());
  await mkdir(join(dir, '.runner/environments'), { recursive: true });
  await mkdir(join(dir, '.runner/tests'), { recursive: true });
  await writeFile(join(dir, '.runner/config.yaml'), 'project: { name: scale }\n');
  await writeFile(join(dir, '.runner/environments/local.yaml'), `baseUrl: ${api.url}\n`);
}

afterEach(async () => {
  await api.close();
  await cleanup();
});

async function file(name: string, yaml: string): Promise<void> {
  await writeFile(join(dir, '.runner/tests', name), yaml);
}

/** A scenario `S-<id>` of `steps` GET requests to `/<id>/<n>`, each step named `<id> step <n>`. */
function scenarioYaml(id: string, steps: number, extra = ''): string {
  const lines = [`scenario: S-${id}`, extra, 'steps:'].filter((line) => line !== '');
  for (let n = 1; n <= steps; n++) {
    lines.push(`  - name: ${id} step ${n}`, `    request: { method: GET, url: /${id}/${n} }`);
    lines.push(`    expect: { status: 200, body.path: /${id}/${n} }`);
  }
  return lines.join('\n') + '\n';
}

/** The most requests the server was handling at one time. */
function maxOverlap(entries: readonly Served[]): number {
  let most = 0;
  for (const entry of entries) {
    const at = entry.start;
    most = Math.max(most, entries.filter((other) => other.start <= at && other.end > at).length);
  }
  return most;
}

interface ReportJson {
  metadata: { scenario: string; testFile: string; status: string };
  summary: { passed: number; failed: number; skipped: number; total: number };
  scenarios?: {
    metadata: { scenario: string; testFile: string; status: string };
    steps: { label: string; status: string; skipReason?: string }[];
  }[];
}

async function latestReport(): Promise<ReportJson> {
  return JSON.parse(await readFile(join(dir, '.runner/reports/latest/report.json'), 'utf8')) as ReportJson;
}

/**
 * Splits console output into scenario blocks: a heading line `S-<id>  <file>` and the lines up to the
 * next blank line. Returns the ids in order with the step names each block holds.
 */
function blocks(stdout: string): { id: string; steps: string[] }[] {
  const out: { id: string; steps: string[] }[] = [];
  for (const block of stdout.split('\n\n')) {
    const heading = /^S-(\w+) {2}\.runner\/tests\//.exec(block);
    if (!heading) continue;
    const steps = [...block.matchAll(/^ {2}[✓✗○] (\w+ step \d+)/gm)].map((match) => match[1]!);
    out.push({ id: heading[1]!, steps });
  }
  return out;
}

describe('--jobs', () => {
  beforeEach(() => setUp(150));

  it('runs scenarios at once over the shared client, each block of output whole, reports in file order', async () => {
    const ids = ['a', 'b', 'c', 'd', 'e', 'f'];
    for (const id of ids) await file(`${id}.yaml`, scenarioYaml(id, 3));
    const started = performance.now();
    const run = await runCli(['run', '--jobs', '3', '--report', 'json'], { cwd: dir });
    const wall = performance.now() - started;
    expect(run.code, run.stdout + run.stderr).toBe(0);

    // Server-side timing: three scenarios' requests were in flight together, never more.
    expect(maxOverlap(served)).toBe(3);
    expect(served).toHaveLength(18);
    // One keep-alive connection per job, reused by the scenarios that follow.
    expect(api.connectionCount()).toBe(3);
    // 6 scenarios x 3 steps x 150 ms is 2.7 s one at a time; 3 at once take about a third of that.
    expect(wall).toBeLessThan(2_500);

    // Each scenario's lines form one block holding all its steps, in order, and no other scenario's.
    const printed = blocks(run.stdout);
    expect(printed.map((block) => block.id).sort()).toEqual(ids);
    for (const block of printed) {
      expect(block.steps).toEqual([1, 2, 3].map((n) => `${block.id} step ${n}`));
    }

    const report = await latestReport();
    expect(report.scenarios!.map((scenario) => scenario.metadata.scenario)).toEqual(
      ids.map((id) => `S-${id}`),
    );
  });

  it('keeps report order by file and example index when later ones finish first', async () => {
    // The first file's rows are slowest, so they finish last.
    await file(
      'a.yaml',
      'scenario: Rows\nexamples:\n  - { ms: 600 }\n  - { ms: 400 }\n  - { ms: 10 }\nsteps:\n' +
        '  - request: { method: GET, url: "/rows?ms={{ms}}" }\n    expect: { status: 200 }\n',
    );
    await file('b.yaml', scenarioYaml('b', 1));
    const run = await runCli(['run', '-j', '4', '--report', 'json'], { cwd: dir });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    // Printed as they ended: the fast ones before the slow rows.
    const headings = [...run.stdout.matchAll(/^(Rows \[\d\]|S-b) {2}/gm)].map((match) => match[1]);
    expect(headings).toEqual(['Rows [3]', 'S-b', 'Rows [2]', 'Rows [1]']);
    const report = await latestReport();
    expect(report.scenarios!.map((scenario) => scenario.metadata.scenario)).toEqual([
      'Rows [1]',
      'Rows [2]',
      'Rows [3]',
      'S-b',
    ]);
  });

  it('takes its default from run.jobs in config.yaml, and --jobs wins', async () => {
    await writeFile(join(dir, '.runner/config.yaml'), 'project: { name: scale }\nrun: { jobs: 4 }\n');
    for (const id of ['a', 'b', 'c', 'd']) await file(`${id}.yaml`, scenarioYaml(id, 1));
    expect((await runCli(['run'], { cwd: dir })).code).toBe(0);
    expect(maxOverlap(served)).toBe(4);
    served.length = 0;
    expect((await runCli(['run', '--jobs', '1'], { cwd: dir })).code).toBe(0);
    expect(maxOverlap(served)).toBe(1);
  });

  it('runs a `parallel: false` file alone, after the others', async () => {
    for (const id of ['a', 'b', 'c']) await file(`${id}.yaml`, scenarioYaml(id, 2));
    await file('0-alone.yaml', scenarioYaml('alone', 2, 'parallel: false'));
    const run = await runCli(['run', '--jobs', '4'], { cwd: dir });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    const alone = served.filter((entry) => entry.path.startsWith('/alone/'));
    const others = served.filter((entry) => !entry.path.startsWith('/alone/'));
    expect(alone).toHaveLength(2);
    expect(maxOverlap(others)).toBe(3);
    // Its first request starts after every other request has been answered.
    const lastOther = Math.max(...others.map((entry) => entry.end));
    expect(Math.min(...alone.map((entry) => entry.start))).toBeGreaterThanOrEqual(lastOther);
    expect(blocks(run.stdout).at(-1)!.id).toBe('alone');
  });

  it('rejects a --jobs that is not a whole number from 1 to 256, sending nothing', async () => {
    await file('a.yaml', scenarioYaml('a', 1));
    for (const jobs of ['0', 'many', '257']) {
      const run = await runCli(['run', '--jobs', jobs], { cwd: dir });
      expect(run.code).toBe(2);
      expect(run.stderr).toContain(`invalid --jobs \`${jobs}\``);
    }
    expect(served).toEqual([]);
  });

  it('stops every running scenario on SIGINT, runs each one’s teardown, and starts no more', async () => {
    for (const id of ['a', 'b', 'c', 'd', 'e']) {
      await file(
        `${id}.yaml`,
        `scenario: S-${id}\nsteps:\n  - request: { method: GET, url: "/${id}/slow?ms=30000" }\n` +
          `teardown:\n  - request: { method: GET, url: /${id}/teardown }\n`,
      );
    }
    const cli = startCli(['run', '--jobs', '3', '--report', 'json'], { cwd: dir });
    const deadline = Date.now() + 10_000;
    while (api.requests.filter((request) => request.url.includes('/slow')).length < 3) {
      if (Date.now() > deadline) throw new Error('the three first scenarios never started');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    cli.child.kill('SIGINT');
    const run = await cli.done;
    expect(run.code).toBe(130);
    const paths = api.requests.map((request) => new URL(request.url, 'http://x').pathname).sort();
    expect(paths).toEqual(['/a/slow', '/a/teardown', '/b/slow', '/b/teardown', '/c/slow', '/c/teardown']);
    const report = await latestReport();
    expect(report.scenarios!.map((scenario) => scenario.steps.map((step) => step.status))).toEqual([
      ['failed', 'passed'],
      ['failed', 'passed'],
      ['failed', 'passed'],
      ['skipped', 'skipped'],
      ['skipped', 'skipped'],
    ]);
  });
});

describe('--bail', () => {
  beforeEach(() => setUp(100));

  it('starts nothing after the first failure; running ones finish; the rest are reported as not run', async () => {
    await file(
      'a.yaml',
      'scenario: S-a\nsteps:\n  - request: { method: GET, url: /a/1 }\n    expect: { status: 418 }\n',
    );
    for (const id of ['b', 'c', 'd', 'e']) await file(`${id}.yaml`, scenarioYaml(id, 2));
    const run = await runCli(['run', '--jobs', '2', '--bail', '--report', 'json'], { cwd: dir });
    expect(run.code).toBe(1);
    // a fails after 100 ms while b runs its two steps; b finishes, c, d and e never start.
    expect(served.map((entry) => entry.path).sort()).toEqual(['/a/1', '/b/1', '/b/2']);
    expect(run.stdout).toContain('Bail: stopped after the first failed scenario; 3 scenarios not run');
    const report = await latestReport();
    expect(report.scenarios!.map((scenario) => scenario.metadata.status)).toEqual([
      'failed',
      'passed',
      'passed',
      'passed',
      'passed',
    ]);
    for (const scenario of report.scenarios!.slice(2)) {
      expect(scenario.steps.map((step) => step.skipReason)).toEqual([
        'not run: --bail stopped the run after a failed scenario',
        'not run: --bail stopped the run after a failed scenario',
      ]);
    }
  });

  it('one job at a time: the scenarios after the failed one are not run', async () => {
    await file('a.yaml', scenarioYaml('a', 1));
    await file(
      'b.yaml',
      'scenario: S-b\nsteps:\n  - request: { method: GET, url: /b/1 }\n    expect: { status: 500 }\n',
    );
    await file('c.yaml', scenarioYaml('c', 1));
    const run = await runCli(['run', '--bail'], { cwd: dir });
    expect(run.code).toBe(1);
    expect(served.map((entry) => entry.path)).toEqual(['/a/1', '/b/1']);
    expect(run.stdout).toContain('1 scenario not run');
  });
});
