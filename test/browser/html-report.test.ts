/**
 * The HTML report in real headless Chromium (issue 4): failed steps open, expand and collapse, copying,
 * the theme, the failures filter, escaping, and not a single request beyond the file itself. Screenshots go
 * to test-output/html-report/ for a person to look at; UPDATE_DOCS_SCREENSHOT=1 also refreshes the one in
 * docs/.
 */
import { copyFile, mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderHtmlReport } from '../../src/reporters/html/index.js';
import { toCurl } from '../../src/reporters/shared/curl.js';
import { startChromium, type ChromiumSession } from './chromium.js';
import { XSS_PAYLOAD, realisticRun, runWithHostileScenario } from './sampleRuns.js';

const OUTPUT = resolve('test-output/html-report');
const META = { version: '0.1.0', generatedAt: '2026-03-14T09:31:12.000Z', title: 'Shop API · staging' };

let session: ChromiumSession;
let reportUrl: string;
let screenshotUrl: string;

interface OpenReport {
  page: Page;
  /** Closes the page after checking it fetched nothing but its own file and reported no error. */
  close(): Promise<void>;
}

/**
 * The `request` event sees every fetch the page attempts, even one the page's Content-Security-Policy
 * blocks (which never reaches `route`); a blocked one also logs a console error. Anything but the report
 * file itself is refused, so a test can never reach past loopback.
 */
async function openReport(url: string): Promise<OpenReport> {
  const page = await session.context.newPage();
  const requests: string[] = [];
  const problems: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  await page.route('**', (route) => (route.request().url() === url ? route.continue() : route.abort()));
  await page.goto(url);
  return {
    page,
    async close() {
      expect(problems).toEqual([]);
      expect(requests.every((requested) => requested === url)).toBe(true);
      await page.close();
    },
  };
}

/*
 * Code run in the page is passed as text: the project compiles without DOM types (tsconfig.json), and
 * adding them here would let DOM globals into src/ too.
 */
const ALL_STEPS_OPEN = "!document.querySelector('details.step:not([open])')";
const readClipboard = (page: Page) => page.evaluate<string>('navigator.clipboard.readText()');
const isOpen = async (details: Locator) => (await details.getAttribute('open')) !== null;

/*
 * A page's localStorage write reaches the browser process a moment after the script makes it, and a reload
 * may start in a new renderer before then (it did on a loaded CI machine). A user never reloads that fast,
 * so the test reloads until the stored choice shows, and fails if it never does.
 */
const RELOAD_POLL = { timeout: 5_000, interval: 100 };
const afterReload = (page: Page, read: () => Promise<string>) => async () => {
  await page.reload();
  return read();
};

const stepRow = (page: Page, label: string) =>
  page.locator('details.step', { has: page.locator(':scope > summary .label', { hasText: label }) });

beforeAll(async () => {
  await mkdir(OUTPUT, { recursive: true });
  const reportFile = join(OUTPUT, 'report.html');
  const screenshotFile = join(OUTPUT, 'screenshot.html');
  await writeFile(reportFile, renderHtmlReport(runWithHostileScenario(), META));
  await writeFile(screenshotFile, renderHtmlReport(realisticRun(), META));
  reportUrl = pathToFileURL(reportFile).href;
  screenshotUrl = pathToFileURL(screenshotFile).href;
  session = await startChromium({ width: 1280, height: 900 });
  await session.context.grantPermissions(['clipboard-read', 'clipboard-write']);
});

afterAll(async () => {
  await session?.close();
});

describe('HTML report in Chromium', () => {
  it('opens with failed steps open and their details shown, the others closed', async () => {
    const report = await openReport(reportUrl);
    const { page } = report;
    const openLabels = await page.locator('details.step[open] > summary .label').allTextContents();
    expect(openLabels).toEqual([
      'Create order',
      'Order history is fast',
      'Request a refund',
      `Failed ${XSS_PAYLOAD}`,
    ]);
    expect(await page.locator('details.step.passed[open], details.step.skipped[open]').count()).toBe(0);
    const failed = stepRow(page, 'Create order');
    await expect(failed.locator('.a-msg').first().textContent()).resolves.toBe(
      'status = 201 (expected), got 422',
    );
    await expect(failed.locator('pre.body.json .j-key').first().textContent()).resolves.toBe('"sku"');
    await report.close();
  });

  it('builds a closed step when it opens, and copies its cURL and its request id', async () => {
    const report = await openReport(reportUrl);
    const { page } = report;
    const row = stepRow(page, 'Create user');
    expect(await row.locator('.step-body').count()).toBe(0);
    await row.locator(':scope > summary').click();
    expect(await isOpen(row)).toBe(true);
    await expect(row.locator('pre.body.json').first().textContent()).resolves.toContain(
      '"name": "Ada Lovelace"',
    );

    const createUser = realisticRun().scenarios[0]?.steps[1];
    if (!createUser?.request) throw new Error('sample run changed: step "Create user" has no request');
    await row.getByRole('button', { name: 'Copy cURL' }).click();
    await row.locator('button.copy.copied').waitFor();
    await expect(readClipboard(page)).resolves.toBe(toCurl(createUser.request));

    // The request-id badge sits in the summary: copying must leave the step as it was.
    const other = stepRow(page, 'Log in').first();
    await other.locator('button.rid').click();
    await other.locator('button.rid.copied').waitFor();
    await expect(readClipboard(page)).resolves.toBe('req-7f3a9c02');
    expect(await isOpen(other)).toBe(false);
    await report.close();
  });

  it('expands every step, nested loop and use steps included, and collapses them again', async () => {
    const report = await openReport(reportUrl);
    const { page } = report;
    await page.getByRole('button', { name: 'Expand all' }).click();
    await page.waitForFunction(ALL_STEPS_OPEN);
    // 5 + 4 + 2 + 2 + 2 top-level steps, plus 1 `use` child and 3 loop iterations.
    expect(await page.locator('details.step[open]').count()).toBe(19);
    const iteration = page.locator('.children details.step', { hasText: 'search?q=mouse' }).first();
    await expect(iteration.locator('pre.body').textContent()).resolves.toContain('"query": "mouse"');
    expect(await iteration.isVisible()).toBe(true);

    await page.getByRole('button', { name: 'Collapse all' }).click();
    expect(await page.locator('details.step[open]').count()).toBe(0);
    expect(await page.locator('details.scenario[open]').count()).toBe(5);
    await report.close();
  });

  it('shows failures only, and everything again', async () => {
    const report = await openReport(reportUrl);
    const { page } = report;
    const filter = page.getByRole('button', { name: 'Failures only' });
    await filter.click();
    await expect(filter.getAttribute('aria-pressed')).resolves.toBe('true');
    expect(await stepRow(page, 'Create order').isVisible()).toBe(true);
    expect(await stepRow(page, 'Wait for shipment').isVisible()).toBe(false);
    expect(await page.locator('details.scenario', { hasText: 'User lifecycle' }).isVisible()).toBe(false);
    expect(await page.locator('details.step:visible').count()).toBe(4);
    await filter.click();
    expect(await stepRow(page, 'Wait for shipment').isVisible()).toBe(true);
    await report.close();
  });

  it('keeps text from responses as text, in open and in lazily built steps', async () => {
    const report = await openReport(reportUrl);
    const { page } = report;
    await page.getByRole('button', { name: 'Expand all' }).click();
    await page.waitForFunction(ALL_STEPS_OPEN);
    const hostile = page.locator('details.scenario', { hasText: 'Hostile' });
    expect(await hostile.locator('img, iframe, script').count()).toBe(0);
    await expect(hostile.locator('h2').textContent()).resolves.toBe(`Hostile ${XSS_PAYLOAD}`);
    await expect(stepRow(page, 'Failed').locator('pre.error').textContent()).resolves.toBe(
      `network error ${XSS_PAYLOAD}`,
    );
    await expect(stepRow(page, 'Passed').locator('pre.body').textContent()).resolves.toBe(
      `plain text ${XSS_PAYLOAD}`,
    );
    await expect(page.evaluate<unknown>('window.__xss')).resolves.toBeUndefined();
    await report.close();
  });

  it('follows the system theme, toggles it, keeps the choice across reloads, and takes screenshots', async () => {
    const report = await openReport(screenshotUrl);
    const { page } = report;
    const background = () => page.evaluate<string>('getComputedStyle(document.body).backgroundColor');
    expect(await background()).toBe('rgb(245, 246, 248)');
    await page.screenshot({ path: join(OUTPUT, 'report-light.png'), fullPage: true });

    await page.getByRole('button', { name: /Dark/ }).click();
    await expect(page.locator('html').getAttribute('data-theme')).resolves.toBe('dark');
    expect(await background()).toBe('rgb(14, 17, 22)');
    await expect.poll(afterReload(page, background), RELOAD_POLL).toBe('rgb(14, 17, 22)');
    await expect(page.getByRole('button', { name: /Light/ }).count()).resolves.toBe(1);
    await page.screenshot({ path: join(OUTPUT, 'report-dark.png'), fullPage: true });

    await page.getByRole('button', { name: /Light/ }).click();
    await page.evaluate('localStorage.clear()');
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(afterReload(page, background), RELOAD_POLL).toBe('rgb(14, 17, 22)');
    await report.close();
  });

  it('shows a failure, a retry and a loop at once for the screenshot in docs/', async () => {
    const report = await openReport(screenshotUrl);
    const { page } = report;
    await page.getByRole('button', { name: 'Collapse all' }).click();
    await page.locator('details.scenario', { hasText: 'User lifecycle' }).locator(':scope > summary').click();
    await stepRow(page, 'Create order').locator(':scope > summary').click();
    await stepRow(page, 'for_each').locator(':scope > summary').click();
    const openLabels = await page.locator('details.step[open] > summary .label').allTextContents();
    expect(openLabels).toEqual(['Create order', 'for_each $terms (3 items)']);
    expect(await page.locator('details.step[open] .children details.step').count()).toBe(3);
    // Nested rows sit indented under their parent, as its body does.
    const left = async (locator: ReturnType<typeof stepRow>) =>
      (await locator.locator(':scope > summary').boundingBox())!.x;
    const parentLeft = await left(stepRow(page, 'for_each'));
    const nested = page.locator('details.step[open] .children details.step').first();
    expect((await nested.locator(':scope > summary').boundingBox())!.x).toBeGreaterThanOrEqual(
      parentLeft + 30,
    );
    await expect(stepRow(page, 'Wait for shipment').locator('.badge.attempts').textContent()).resolves.toBe(
      '3 attempts',
    );
    // The sticky top bar belongs at the top, and no row should look hovered.
    await page.evaluate('window.scrollTo(0, 0)');
    await page.mouse.move(0, 0);
    const file = join(OUTPUT, 'report-overview.png');
    await page.screenshot({ path: file, fullPage: true });
    if (process.env.UPDATE_DOCS_SCREENSHOT === '1') await copyFile(file, 'docs/report-screenshot.png');
    await report.close();
  });
});
