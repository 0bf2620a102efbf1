import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildLoadReport,
  createLatencyHistogram,
  renderLoadHtml,
  type LoadData,
} from '../../src/load/index.js';
import { startChromium, type ChromiumSession } from './chromium.js';

// Issue 26: load.html shows latency over time and a latency histogram, drawn as inline SVG, in a real browser.

let session: ChromiumSession;
let dir: string;

beforeAll(async () => {
  session = await startChromium({ width: 1280, height: 1000 });
  dir = await mkdtemp(join(tmpdir(), 'runner-load-html-'));
}, 30_000);

afterAll(async () => {
  await session?.close();
  await rm(dir, { recursive: true, force: true });
});

/** Twelve seconds of load whose latency climbs from 20 ms to about 75 ms, with a slow tail. */
function sampleData(): LoadData {
  const step = createLatencyHistogram();
  const seconds = Array.from({ length: 12 }, (_, second) => {
    const latency = createLatencyHistogram();
    for (let i = 0; i < 200; i++) {
      const value = 20 + second * 5 + (i % 10) + (i % 50 === 0 ? 200 : 0);
      latency.record(value);
      step.record(value);
    }
    return { requests: 200, errors: second === 7 ? 4 : 0, latency };
  });
  return {
    loadMs: 12_000,
    iterations: 2_400,
    failedIterations: 4,
    dropped: 0,
    steps: new Map([
      [
        'Get <item>',
        { requests: 2_400, errors: 4, latency: step, firstFailure: 'status = 200 (expected), got 503' },
      ],
    ]),
    seconds,
  };
}

describe('load.html in Chromium', () => {
  it('draws p50/p95/p99 over time and a histogram of 40 bars, with the steps table and thresholds', async () => {
    const data = sampleData();
    const report = buildLoadReport(
      data,
      {
        version: '0.0.0-test',
        generatedAt: '2026-11-28T00:00:00.000Z',
        environment: 'staging',
        load: { model: 'open', rate: 200, duration_ms: 12_000, ramp_ms: 0 },
      },
      [],
    );
    report.thresholds = [{ threshold: 'p95<100ms', passed: true, actual: 80 }];
    const all = createLatencyHistogram();
    for (const step of data.steps.values()) all.add(step.latency);
    const file = join(dir, 'load.html');
    await writeFile(file, renderLoadHtml(report, all));

    const page = await session.context.newPage();
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(pathToFileURL(file).href);

    const overTime = page.locator('#latency-over-time');
    const box = await overTime.boundingBox();
    expect(box!.width).toBeGreaterThan(600);
    expect(box!.height).toBeGreaterThan(200);
    // One point per second in each of the three lines, p99 above p50 at every second.
    const lines = await page.$$eval('#latency-over-time polyline', (nodes) =>
      nodes.map((node) => ({
        series: node.getAttribute('class'),
        ys: (node.getAttribute('points') ?? '')
          .split(' ')
          .map((point: string) => Number(point.split(',')[1])),
      })),
    );
    expect(lines.map((line) => line.series)).toEqual(['series-p50', 'series-p95', 'series-p99']);
    for (const line of lines) expect(line.ys).toHaveLength(12);
    // SVG y grows downwards: a later, slower second is drawn higher than the first.
    expect(lines[0]!.ys[11]!).toBeLessThan(lines[0]!.ys[0]!);
    lines[2]!.ys.forEach((y: number, i: number) => expect(y).toBeLessThanOrEqual(lines[0]!.ys[i]!));

    const bars = await page.$$eval('#latency-histogram rect.bar', (nodes) =>
      nodes.map((node) => node.getBoundingClientRect().height),
    );
    expect(bars).toHaveLength(40);
    expect(bars.filter((height) => height > 0).length).toBeGreaterThan(10);

    await expect(page.locator('#steps').innerText()).resolves.toContain('Get <item>');
    await expect(page.locator('#steps').innerText()).resolves.toContain(
      'first failure: status = 200 (expected), got 503',
    );
    await expect(page.locator('#thresholds').innerText()).resolves.toContain('✓ p95<100ms');
    await page.screenshot({ path: join(dir, 'load.png'), fullPage: true });
    expect(errors).toEqual([]);
    await page.close();
  }, 30_000);
});
