import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, tempWorkspace } from '../support/cli.js';
import { rawResponse, startRawServer, type RawServer } from '../support/rawServer.js';

/**
 * Issue 17: every attempt of a retried step is in report.json (status, duration, error), the console shows
 * how many there were, and the step's duration covers them all, the waits included.
 */
const ANSWER_DELAY_MS = 100;
let server: RawServer;
let dir: string;
let cleanup: () => Promise<void>;
let asked = 0;

beforeAll(async () => {
  server = await startRawServer((_path, socket) => {
    asked++;
    const status = asked < 3 ? '503 Service Unavailable' : '200 OK';
    setTimeout(
      () => rawResponse(socket, `HTTP/1.1 ${status}\r\ncontent-type: application/json`, `{"try":${asked}}`),
      ANSWER_DELAY_MS,
    );
  });
  ({ dir, cleanup } = await tempWorkspace());
  await mkdir(join(dir, '.runner/environments'), { recursive: true });
  await mkdir(join(dir, '.runner/tests'), { recursive: true });
  await writeFile(join(dir, '.runner/environments/local.yaml'), `baseUrl: ${server.url}\n`);
  await writeFile(
    join(dir, '.runner/tests/retried.yaml'),
    `scenario: retried
steps:
  - name: wait for the job
    request: { method: GET, url: /job }
    expect: { status: 200 }
    retry: { attempts: 4, interval: 200ms }
`,
  );
});
afterAll(async () => {
  await cleanup();
  await server.close();
});

interface Attempt {
  attempt: number;
  status: string;
  httpStatus?: number;
  duration: number;
  failure?: string;
  wait?: number;
}

describe('a retried step', () => {
  it('reports every attempt, and its duration covers all of them', async () => {
    const { code, stdout } = await runCli(['run', '--report', 'json'], { cwd: dir });
    expect(code).toBe(0);
    expect(stdout).toMatch(/✓ wait for the job .* 3 attempts/);
    expect(stdout).toContain('attempt 1/3: 503 failed · status = 200 (expected), got 503');
    const report = JSON.parse(await readFile(join(dir, '.runner/reports/latest/report.json'), 'utf8')) as {
      steps: { duration: number; attempts: Attempt[] }[];
    };
    const step = report.steps[0]!;
    expect(step.attempts.map((a) => [a.attempt, a.status, a.httpStatus])).toEqual([
      [1, 'failed', 503],
      [2, 'failed', 503],
      [3, 'passed', 200],
    ]);
    expect(step.attempts[0]!.failure).toBe('status = 200 (expected), got 503');
    for (const attempt of step.attempts) expect(attempt.duration).toBeGreaterThanOrEqual(ANSWER_DELAY_MS - 5);
    const waits = step.attempts.reduce((sum, attempt) => sum + (attempt.wait ?? 0), 0);
    // Two waits of 200 ms ±25% and three answers of 100 ms: far more than the last attempt alone.
    expect(waits).toBeGreaterThanOrEqual(300);
    expect(step.duration).toBeGreaterThanOrEqual(waits + 3 * (ANSWER_DELAY_MS - 5));
  });
});
