/**
 * Issue 4: the HTML report is fast to open with 5,000 steps. The page keeps closed steps out of the DOM, so
 * the checks here are the DOM size (deterministic) and, with room for slow machines, the times to first
 * paint and DOMContentLoaded in Chromium. The figures are printed and written to
 * test-output/html-report/performance.json.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderHtmlReport } from '../../src/reporters/html/index.js';
import { startChromium, type ChromiumSession } from './chromium.js';
import { largeRun } from './largeRun.js';

const OUTPUT = resolve('test-output/html-report');
const STEPS = 5_000;
const LOADS = 3;

interface LoadFigures {
  domContentLoadedMs: number;
  firstPaintMs: number;
  elements: number;
  builtBodies: number;
}

/** Run in the page, as text: the project compiles without DOM types. */
const MEASURE = `(() => {
  const navigation = performance.getEntriesByType('navigation')[0];
  const paint = performance.getEntriesByName('first-paint')[0] || performance.getEntriesByType('paint')[0];
  return {
    domContentLoadedMs: navigation.domContentLoadedEventEnd,
    firstPaintMs: paint ? paint.startTime : NaN,
    elements: document.getElementsByTagName('*').length,
    builtBodies: document.querySelectorAll('.step-body').length,
  };
})()`;

let session: ChromiumSession;

beforeAll(async () => {
  session = await startChromium({ width: 1280, height: 900 });
});

afterAll(async () => {
  await session?.close();
});

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

describe('HTML report with 5,000 steps', () => {
  it('opens quickly with a small DOM, and still builds any step on demand', async () => {
    const run = largeRun(STEPS);
    const started = performance.now();
    const html = renderHtmlReport(run, { version: '0.1.0', generatedAt: '2026-03-14T09:31:12.000Z' });
    const renderMs = performance.now() - started;
    await mkdir(OUTPUT, { recursive: true });
    const file = join(OUTPUT, 'report-5000-steps.html');
    await writeFile(file, html);
    const url = pathToFileURL(file).href;

    const loads: LoadFigures[] = [];
    for (let load = 0; load < LOADS; load++) {
      const page = await session.context.newPage();
      await page.goto(url);
      await page.waitForFunction("performance.getEntriesByType('paint').length > 0");
      loads.push(await page.evaluate<LoadFigures>(MEASURE));
      if (load < LOADS - 1) await page.close();
      else {
        // The last body in the page, found by its position in the lazy store.
        const row = page.locator('details.step', { hasText: `Fetch item ${STEPS - 2}` });
        await row.locator(':scope > summary').click();
        await expect(row.locator('pre.body.json').textContent()).resolves.toContain(`"id": ${STEPS - 2}`);
        await page.close();
      }
    }

    const figures = {
      steps: STEPS,
      fileBytes: Buffer.byteLength(html),
      renderMs: Math.round(renderMs),
      domContentLoadedMs: Math.round(median(loads.map((load) => load.domContentLoadedMs))),
      firstPaintMs: Math.round(median(loads.map((load) => load.firstPaintMs))),
      elements: loads[0]?.elements ?? NaN,
    };
    await writeFile(join(OUTPUT, 'performance.json'), `${JSON.stringify({ ...figures, loads }, null, 2)}\n`);
    console.log(`HTML report, ${STEPS} steps:`, figures);

    // Only the failed steps (every 97th) are built up front: one body each, about nine elements per row.
    const failed = run.counts.failed;
    expect(loads.every((load) => load.builtBodies === failed)).toBe(true);
    expect(figures.elements).toBeLessThan(STEPS * 10);
    expect(figures.firstPaintMs).toBeLessThan(3_000);
    expect(figures.domContentLoadedMs).toBeLessThan(5_000);
  });
});
