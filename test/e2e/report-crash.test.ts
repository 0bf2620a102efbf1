import { mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, startCli, tempWorkspace } from '../support/cli.js';
import { startTestServer, type TestServer } from '../support/testServer.js';

/**
 * A run killed outright (SIGKILL: no handler runs, nothing is flushed) must not cost the reports of the run
 * before it (issue 14; DECISIONS.md: `latest/` is never left half-written).
 */
let api: TestServer;
let dir: string;
let cleanup: () => Promise<void>;
beforeAll(async () => {
  // Paths starting with /slow never get an answer, so the run is surely mid-way when it is killed.
  api = await startTestServer({
    handler: (request, response) => {
      if (request.url?.startsWith('/slow')) return;
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{"ok":true}');
    },
  });
  ({ dir, cleanup } = await tempWorkspace());
  await mkdir(join(dir, '.runner/environments'), { recursive: true });
  await mkdir(join(dir, '.runner/tests'), { recursive: true });
  await writeFile(join(dir, '.runner/environments/local.yaml'), `baseUrl: ${api.url}\n`);
  await writeFile(
    join(dir, '.runner/tests/quick.yaml'),
    'scenario: Quick\nsteps:\n  - request: { method: GET, url: /ok }\n',
  );
  await writeFile(
    join(dir, '.runner/tests/stuck.yaml'),
    'scenario: Stuck\nsteps:\n  - request: { method: GET, url: /ok }\n  - request: { method: GET, url: /slow }\n',
  );
});
afterAll(async () => {
  await cleanup();
  await api.close();
});

async function received(path: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!api.requests.some((request) => request.url.startsWith(path))) {
    if (Date.now() > deadline) throw new Error(`the server never received ${path}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('a run killed with SIGKILL', () => {
  it('leaves the previous latest/ as it was, and the next run replaces it', async () => {
    const reports = join(dir, '.runner/reports');
    expect((await runCli(['run', 'quick.yaml', '--report', 'json,html'], { cwd: dir })).code).toBe(0);
    const before = {
      json: await readFile(join(reports, 'latest/report.json'), 'utf8'),
      html: await readFile(join(reports, 'latest/report.html'), 'utf8'),
    };

    const cli = startCli(['run', 'stuck.yaml', '--report', 'json,html'], { cwd: dir });
    await received('/slow');
    cli.child.kill('SIGKILL');
    const killed = await cli.done;
    expect(killed.code).toBe(-1);

    expect((await readdir(join(reports, 'latest'))).sort()).toEqual(['report.html', 'report.json']);
    expect(await readFile(join(reports, 'latest/report.json'), 'utf8')).toBe(before.json);
    expect(await readFile(join(reports, 'latest/report.html'), 'utf8')).toBe(before.html);
    expect((await readdir(reports)).filter((name) => name.startsWith('latest.'))).toEqual([]);

    expect((await runCli(['run', 'quick.yaml', '--report', 'json'], { cwd: dir })).code).toBe(0);
    expect(await readdir(join(reports, 'latest'))).toEqual(['report.json']);
  });

  it('leaves the records that ended before it, one JSON object per line, under .in-progress/', async () => {
    const reports = join(dir, '.runner/reports');
    const inProgress = join(reports, '.in-progress');
    const runsBefore = new Set(await readdir(reports).catch(() => []));
    const streamsBefore = new Set(await readdir(inProgress).catch(() => []));
    const cli = startCli(['run', 'stuck.yaml', '--report', 'junit'], { cwd: dir });
    const slowBefore = api.requests.filter((request) => request.url.startsWith('/slow')).length;
    const deadline = Date.now() + 10_000;
    while (api.requests.filter((request) => request.url.startsWith('/slow')).length === slowBefore) {
      if (Date.now() > deadline) throw new Error('the server never received /slow');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const newStreams = async () =>
      (await readdir(inProgress).catch(() => [])).filter((name) => !streamsBefore.has(name));
    // Lines reach the file in batches at least every 50 ms: wait for the finished step's record.
    const streamText = async () => {
      const [name] = await newStreams();
      return name === undefined
        ? ''
        : readFile(join(inProgress, name, 'steps.ndjson'), 'utf8').catch(() => '');
    };
    while (!(await streamText()).includes('GET /ok')) {
      if (Date.now() > deadline) throw new Error('the finished step never reached the stream');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    cli.child.kill('SIGKILL');
    await cli.done;

    // No run directory: the run never finished, and retention never sees its stream.
    expect((await readdir(reports)).filter((name) => !runsBefore.has(name))).toEqual([]);
    const streams = await newStreams();
    expect(streams).toHaveLength(1);
    const file = join(inProgress, streams[0]!, 'steps.ndjson');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    const lines = (await readFile(file, 'utf8')).trimEnd().split('\n');
    const records = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(records[0]).toEqual({ x: 0, scenario: { name: 'Stuck', file: '.runner/tests/stuck.yaml' } });
    expect(records[1]).toMatchObject({
      x: 0,
      depth: 0,
      step: { label: 'GET /ok', status: 'passed', index: 0 },
    });
    // The step that never got its answer has no record, and nothing says the execution ended.
    expect(records).toHaveLength(2);
  });

  it('removes the stream once the reports are written from it, and when the run cannot start', async () => {
    const reports = join(dir, '.runner/reports');
    const inProgress = join(reports, '.in-progress');
    const streamsBefore = (await readdir(inProgress).catch(() => [])).length;
    const runsBefore = new Set(await readdir(reports));
    expect((await runCli(['run', 'quick.yaml', '--report', 'json,junit'], { cwd: dir })).code).toBe(0);
    const newRun = (await readdir(reports)).filter(
      (name) => !runsBefore.has(name) && !name.startsWith('latest'),
    );
    expect(await readdir(join(reports, newRun[0]!))).toEqual(['report.json', 'report.xml']);
    expect(await readdir(inProgress)).toHaveLength(streamsBefore);

    // A client certificate that cannot be read stops the run before anything is sent (exit 2).
    await writeFile(
      join(dir, '.runner/environments/broken.yaml'),
      `baseUrl: ${api.url}\nhttp: { caFile: missing.pem }\n`,
    );
    const broken = await runCli(['run', 'quick.yaml', '--env', 'broken', '--report', 'json'], { cwd: dir });
    expect(broken.code).toBe(2);
    expect(await readdir(inProgress)).toHaveLength(streamsBefore);
  });
});
