import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportSchemaErrors } from '../support/reportSchema.js';
import { runCli, tempWorkspace, writeEnvironment } from '../support/cli.js';
import { startTestServer, type TestServer } from '../support/testServer.js';

let server: TestServer;
let dir: string;
let cleanup: () => Promise<void>;
beforeAll(async () => {
  server = await startTestServer();
  ({ dir, cleanup } = await tempWorkspace('failures'));
  await writeEnvironment(dir, 'local', `baseUrl: ${server.url}\n`);
});
afterAll(async () => {
  await cleanup();
  await server.close();
});

describe('runner run --report', () => {
  it('writes every report into a timestamped directory mirrored to latest/, and failure snapshots', async () => {
    const { code, stdout } = await runCli(['run', '--report', 'html,json,junit'], { cwd: dir });
    expect(code).toBe(1);
    expect(stdout).toContain(
      'Reports: .runner/reports/latest/report.json, .runner/reports/latest/report.html, .runner/reports/latest/report.xml',
    );
    const reports = join(dir, '.runner/reports');
    const entries = (await readdir(reports)).sort();
    const runDirs = entries.filter((name) => /^\d{4}-\d\d-\d\dT/.test(name));
    expect(runDirs).toHaveLength(1);
    expect(entries).toContain('latest');
    for (const file of ['report.json', 'report.html', 'report.xml']) {
      expect(await readFile(join(reports, 'latest', file), 'utf8')).toBe(
        await readFile(join(reports, runDirs[0]!, file), 'utf8'),
      );
    }

    const json = JSON.parse(await readFile(join(reports, 'latest/report.json'), 'utf8')) as {
      summary: { total: number; failed: number };
      scenarios: unknown[];
    };
    expect(reportSchemaErrors(json)).toEqual([]);
    expect(json.scenarios).toHaveLength(2);
    expect(json.summary).toMatchObject({ total: 8, failed: 4 });

    const xml = await readFile(join(reports, 'latest/report.xml'), 'utf8');
    expect(xml.match(/<testsuite /g)).toHaveLength(2);
    expect(xml).toContain('<skipped');

    const html = await readFile(join(reports, 'latest/report.html'), 'utf8');
    expect(html).toMatch(/^<!DOCTYPE html>/i);
    expect(html).not.toMatch(/<(script|link)[^>]+(src|href)="https?:/);

    const snapshots = await readdir(join(reports, 'failures'));
    expect(snapshots).toHaveLength(4);
    for (const name of snapshots) expect(name).toMatch(/^failure-.+-step\d+-\d{4}-\d\d-\d\dT[\d-]+Z\.json$/);
    const snapshot = JSON.parse(
      await readFile(join(reports, 'failures', snapshots.sort()[0]!), 'utf8'),
    ) as Record<string, unknown>;
    expect(Object.keys(snapshot)).toEqual(
      expect.arrayContaining([
        'timestamp',
        'scenario',
        'testFile',
        'failedStepIndex',
        'failedStepLine',
        'role',
        'error',
        'diagnostics',
      ]),
    );
  });

  it('a second run keeps the first directory and replaces latest/', async () => {
    await runCli(['run', 'failing.yaml', '--report', 'json'], { cwd: dir });
    const reports = join(dir, '.runner/reports');
    const runDirs = (await readdir(reports)).filter((name) => /^\d{4}-/.test(name));
    expect(runDirs).toHaveLength(2);
    expect(await readdir(join(reports, 'latest'))).toEqual(['report.json']);
  });

  it('refuses an unknown format before running anything', async () => {
    const before = server.requests.length;
    const { code, stderr } = await runCli(['run', '--report', 'pdf'], { cwd: dir });
    expect(code).toBe(2);
    expect(stderr).toContain('unknown report format `pdf` in --report');
    expect(server.requests.length).toBe(before);
  });
});
