import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { LoadReport } from '../../src/load/index.js';
import { runCli, tempWorkspace } from '../support/cli.js';
import { startTestServer, type TestServer } from '../support/testServer.js';

// Issue 26, DECISIONS.md "Load": `runner load` runs the scenarios as they are against a real server reached
// as `localhost`, and the server counts what arrived.

let api: TestServer | undefined;
let dir: string;
let cleanup: (() => Promise<void>) | undefined;
/** Requests in progress on the server now, and the most at once. */
let inFlight = 0;
let mostInFlight = 0;

/** Every path answers 200 JSON after `delayMs`; `/login` answers a token, `/slow` waits 500 ms. */
async function setUp(delayMs: number, scenario: string): Promise<void> {
  inFlight = 0;
  mostInFlight = 0;
  api = await startTestServer({
    handler: (request, response) => {
      inFlight++;
      mostInFlight = Math.max(mostInFlight, inFlight);
      const path = new URL(request.url ?? '/', 'http://x').pathname;
      const wait = path === '/slow' ? 500 : delayMs;
      setTimeout(() => {
        inFlight--;
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ path, token: 'tok-123', auth: request.headers.authorization ?? null }));
      }, wait);
    },
  });
  ({ dir, cleanup } = await tempWorkspace());
  await mkdir(join(dir, '.runner/environments'), { recursive: true });
  await mkdir(join(dir, '.runner/tests'), { recursive: true });
  await writeFile(join(dir, '.runner/config.yaml'), 'project: { name: load }\n');
  await writeFile(join(dir, '.runner/environments/local.yaml'), `baseUrl: ${api.url}\n`);
  await writeFile(join(dir, '.runner/tests/load.yaml'), scenario);
}

afterEach(async () => {
  await api?.close();
  await cleanup?.();
  api = undefined;
  cleanup = undefined;
});

const ONE_GET = `scenario: One GET
steps:
  - name: Get item
    request: { method: GET, url: /item }
    expect: { status: 200, body.path: /item }
`;

async function loadJson(path = '.runner/reports/latest/load.json'): Promise<LoadReport> {
  return JSON.parse(await readFile(join(dir, path), 'utf8')) as LoadReport;
}

const count = (path: string) => api!.requests.filter((request) => request.url === path).length;

describe('runner load, open model', () => {
  it('sends 200/s for 10s as 2,000 requests (+/- 2%) and reports p50 within 2 ms of a 20 ms server', async () => {
    await setUp(20, ONE_GET);
    const result = await runCli(
      [
        'load',
        '--rate',
        '200/s',
        '--duration',
        '10s',
        '--threshold',
        'p50<40ms',
        '--threshold',
        'error_rate<1%',
      ],
      { cwd: dir, env: { CI: 'true' } },
    );
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const sent = count('/item');
    expect(sent).toBeGreaterThanOrEqual(1960);
    expect(sent).toBeLessThanOrEqual(2040);
    const report = await loadJson();
    expect(report.summary.requests).toBe(sent);
    expect(report.summary.iterations).toBe(sent);
    expect(report.summary.errors).toBe(0);
    expect(report.summary.dropped_iterations).toBe(0);
    expect(Math.abs(report.summary.latency.p50 - 20)).toBeLessThanOrEqual(2);
    expect(report.thresholds.map((t) => t.passed)).toEqual([true, true]);
    // Ten seconds of timeline, each about 200 requests.
    expect(report.timeline.length).toBeGreaterThanOrEqual(10);
    expect(report.timeline[5]!.requests).toBeGreaterThan(180);
    // The CI form of the live view: plain progress lines, then the summary table and the thresholds.
    expect(result.stdout).toMatch(/^\d+s\/10s {2}\d+ iterations {2}\d+ requests/m);
    expect(result.stdout).toMatch(/^Get item +\d+ +0 /m);
    expect(result.stdout).toContain('✓ p50<40ms');
    expect(result.stdout).not.toContain('\r');
  }, 40_000);

  it('fails a threshold that does not hold with exit 1, and says which and what was measured', async () => {
    await setUp(20, ONE_GET);
    const result = await runCli(
      [
        'load',
        '--rate',
        '50/s',
        '--duration',
        '1s',
        '--threshold',
        'p95<5ms',
        '--threshold',
        '"Get item":rps>1',
      ],
      { cwd: dir, env: { CI: 'true' } },
    );
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/✗ p95<5ms {2}\(measured \d+\.\d\dms\)/);
    expect(result.stdout).toMatch(/✓ "Get item":rps>1 {2}\(measured \d+\.\d\/s\)/);
    const report = await loadJson();
    expect(report.thresholds).toEqual([
      expect.objectContaining({ threshold: 'p95<5ms', passed: false }),
      expect.objectContaining({ threshold: '"Get item":rps>1', passed: true }),
    ]);
  }, 20_000);

  it('keeps its rate when the server slows down, and drops what finds no free slot', async () => {
    await setUp(
      0,
      ONE_GET.replace('url: /item', 'url: /slow').replace('body.path: /item', 'body.path: /slow'),
    );
    // 40/s for 2 s against a 500 ms server: 80 arrivals, about 20 at once; a closed model would send 2 per user.
    const open = await runCli(['load', '--rate', '40/s', '--duration', '2s'], {
      cwd: dir,
      env: { CI: 'true' },
    });
    expect(open.code).toBe(0);
    expect(count('/slow')).toBe(80);
    expect(mostInFlight).toBeGreaterThanOrEqual(15);

    const capped = await runCli(['load', '--rate', '40/s', '--duration', '2s', '--max-vus', '5'], {
      cwd: dir,
      env: { CI: 'true' },
    });
    expect(capped.code).toBe(0);
    const report = await loadJson();
    expect(report.summary.dropped_iterations).toBeGreaterThan(40);
    expect(report.summary.iterations + report.summary.dropped_iterations).toBe(80);
    expect(capped.stdout).toMatch(/\d+ dropped \(no free slot at their arrival\)/);
  }, 30_000);
});

describe('runner load, closed model', () => {
  it('runs setup once, hands its saves to every iteration, and teardown once', async () => {
    await setUp(
      2,
      `scenario: With a session
setup:
  - name: Log in
    request: { method: POST, url: /login }
    save: { token: body.token }
steps:
  - name: Read with the token
    request: { method: GET, url: /item, headers: { Authorization: Bearer $token } }
    expect: { status: 200, body.auth: Bearer tok-123 }
teardown:
  - name: Log out
    request: { method: POST, url: /logout }
`,
    );
    const result = await runCli(['load', '--vus', '3', '--duration', '1s'], {
      cwd: dir,
      env: { CI: 'true' },
    });
    expect(result.code).toBe(0);
    expect(count('/login')).toBe(1);
    expect(count('/logout')).toBe(1);
    const reads = api!.requests.filter((request) => request.url === '/item');
    expect(reads.length).toBeGreaterThan(20);
    expect(reads.every((request) => request.headers.authorization === 'Bearer tok-123')).toBe(true);
    const report = await loadJson();
    expect(report.load).toMatchObject({ model: 'closed', vus: 3 });
    expect(report.summary.errors).toBe(0);
    // Setup and teardown are not load: only the main steps are measured.
    expect(Object.keys(report.steps)).toEqual(['Read with the token']);
    expect(report.steps['Read with the token']!.requests).toBe(reads.length);
  }, 20_000);

  it('counts an iteration with a failed check as an error, and names the first failure', async () => {
    await setUp(0, ONE_GET.replace('body.path: /item', 'body.path: /elsewhere'));
    const result = await runCli(['load', '--vus', '2', '--duration', '1s', '--threshold', 'error_rate<50%'], {
      cwd: dir,
      env: { CI: 'true' },
    });
    expect(result.code).toBe(1);
    const report = await loadJson();
    expect(report.summary.errors).toBe(report.summary.iterations);
    expect(report.summary.error_rate).toBe(1);
    expect(report.steps['Get item']!.first_failure).toContain('body.path');
    expect(result.stdout).toMatch(/✗ Get item: \d+ failed, first: body\.path/);
  }, 20_000);

  it('runs no load when setup fails: exit 1, teardown still runs', async () => {
    await setUp(
      0,
      `scenario: Broken setup
setup:
  - name: Log in
    request: { method: POST, url: /login }
    expect: { status: 201 }
steps:
  - request: { method: GET, url: /item }
teardown:
  - request: { method: POST, url: /logout }
`,
    );
    const result = await runCli(['load', '--vus', '2', '--duration', '1s'], {
      cwd: dir,
      env: { CI: 'true' },
    });
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('✗ setup: Broken setup › Log in: status = 201 (expected), got 200');
    expect(result.stderr).toContain('setup failed: no load was run');
    expect(count('/item')).toBe(0);
    expect(count('/logout')).toBe(1);
  }, 20_000);
});

describe('runner load --shard and report merge', () => {
  it('splits the rate across shards, and the merged load.json adds up to one run of the whole rate', async () => {
    await setUp(5, ONE_GET);
    const shards = await Promise.all(
      [1, 2].map((index) =>
        runCli(['load', '--rate', '50/s', '--duration', '2s', '--shard', `${index}/2`], {
          cwd: dir,
          env: { CI: 'true' },
        }),
      ),
    );
    expect(shards.map((shard) => shard.code)).toEqual([0, 0]);
    // Each shard wrote its own run directory; both finished at about the same time, so take them by shard.
    const { readdir } = await import('node:fs/promises');
    const runs = (await readdir(join(dir, '.runner/reports'))).filter((name) => /^\d/.test(name));
    expect(runs).toHaveLength(2);
    const inputs = runs.map((name) => `.runner/reports/${name}/load.json`);
    const parts = await Promise.all(inputs.map((input) => loadJson(input)));
    expect(parts.map((part) => part.load.rate).sort()).toEqual([25, 25]);
    expect(parts.map((part) => part.summary.requests)).toEqual([50, 50]);

    const merged = await runCli(['report', 'merge', ...inputs, '--out', 'merged'], { cwd: dir });
    expect(merged.stderr).toBe('');
    expect(merged.code).toBe(0);
    const whole = await loadJson('merged/load.json');
    expect(whole.summary.requests).toBe(100);
    expect(whole.summary.iterations).toBe(100);
    expect(count('/item')).toBe(100);
    expect(whole.load).toMatchObject({ model: 'open', rate: 50, shards: 2 });
    // The merged latencies are those of both shards' requests: between the shards' own, by HDR precision.
    const p50s = parts.map((part) => part.summary.latency.p50);
    expect(whole.summary.latency.p50).toBeGreaterThanOrEqual(Math.min(...p50s) * 0.999);
    expect(whole.summary.latency.p50).toBeLessThanOrEqual(Math.max(...p50s) * 1.001);
    const max = Math.max(...parts.map((part) => part.summary.latency.max));
    expect(Math.abs(whole.summary.latency.max - max)).toBeLessThanOrEqual(max * 0.001 + 0.001);
    const html = await readFile(join(dir, 'merged/load.html'), 'utf8');
    expect(html).toContain('2 shards merged');
  }, 30_000);

  it('refuses bad load flags with exit 2 and a hint', async () => {
    await setUp(0, ONE_GET);
    const cases: [string[], string][] = [
      [['--vus', '2', '--rate', '5/s'], 'use --vus (closed model) or --rate (open model), not both'],
      [['--vus', '0'], 'invalid --vus `0`'],
      [['--rate', 'fast'], 'invalid --rate `fast`'],
      [['--duration', 'soon'], 'invalid --duration `soon`'],
      [['--threshold', 'p95<fast'], 'invalid --threshold `p95<fast`'],
      [['--threshold', 'latency<5ms'], 'unknown metric `latency`'],
      [['--ramp', '20s', '--duration', '10s'], '--ramp (20s) is longer than --duration'],
    ];
    for (const [flags, message] of cases) {
      const result = await runCli(['load', ...flags], { cwd: dir });
      expect(result.code, flags.join(' ')).toBe(2);
      expect(result.stderr).toContain(message);
    }
    expect(api!.requests).toHaveLength(0);
  }, 30_000);
});
