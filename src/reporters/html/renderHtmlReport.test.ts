import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { RunResult, ScenarioResult, StepResult } from '../../engine/index.js';
import { renderHtmlReport } from './renderHtmlReport.js';

const META = { version: '1.2.3', generatedAt: '2026-03-14T09:31:12.000Z' };
const PAYLOAD = '<script>alert(1)</script><img src=x onerror=alert(2)></script><!--';

function step(fields: Partial<StepResult>): StepResult {
  return {
    index: 0,
    section: 'steps',
    kind: 'request',
    label: 'Get user',
    status: 'passed',
    durationMs: 20,
    loc: { file: 't.yaml', line: 3, col: 5 },
    assertions: [],
    saved: {},
    warnings: [],
    ...fields,
  };
}

function scenario(name: string, steps: StepResult[], fields: Partial<ScenarioResult> = {}): ScenarioResult {
  const counts = { passed: 0, failed: 0, skipped: 0, total: steps.length };
  for (const item of steps) counts[item.status]++;
  return {
    name,
    file: 't.yaml',
    tags: [],
    environment: 'local',
    status: counts.failed > 0 ? 'failed' : 'passed',
    startedAt: '2026-03-14T09:30:00.000Z',
    durationMs: 100,
    steps,
    counts,
    variables: {},
    ...fields,
  };
}

function run(scenarios: ScenarioResult[]): RunResult {
  const counts = { passed: 0, failed: 0, skipped: 0, total: 0 };
  for (const item of scenarios) {
    counts.passed += item.counts.passed;
    counts.failed += item.counts.failed;
    counts.skipped += item.counts.skipped;
    counts.total += item.counts.total;
  }
  return {
    environment: 'local',
    status: counts.failed > 0 ? 'failed' : 'passed',
    startedAt: '2026-03-14T09:30:00.000Z',
    durationMs: 3_250,
    scenarios,
    counts,
  };
}

const mixed = run([
  scenario('Users', [
    step({ label: 'Reset', section: 'setup' }),
    step({ label: 'Create', status: 'failed', error: 'boom' }),
    step({ label: 'Read' }),
    step({ label: 'Later', status: 'skipped', skipReason: 'halted' }),
  ]),
  scenario('Health', [step({ label: 'Ping' })], {
    description: 'Checks that the API is up.',
    tags: ['smoke'],
  }),
]);

const tile = (html: string, kind: string) =>
  html.match(new RegExp(`<div class="tile ${kind}"><span class="value">([^<]*)</span>`))?.[1];

describe('renderHtmlReport', () => {
  it('says INTERRUPTED when an interrupt stopped the run', () => {
    const html = renderHtmlReport({ ...mixed, interrupted: true }, META);
    expect(html).toContain('<div class="result interrupted">INTERRUPTED</div>');
    expect(html).not.toContain('<div class="result failed">');
  });

  it('summarises the run: result, counts, duration, environment and scenarios', () => {
    const html = renderHtmlReport(mixed, META);
    expect(html).toContain('<div class="result failed">FAILED</div>');
    expect(html).not.toContain('INTERRUPTED');
    expect([tile(html, 'passed'), tile(html, 'failed'), tile(html, 'skipped'), tile(html, 'total')]).toEqual([
      '3',
      '1',
      '1',
      '5',
    ]);
    expect(tile(html, 'duration')).toBe('3.25s');
    expect(tile(html, 'environment')).toBe('local');
    expect(html).toContain('<summary>2 scenarios, 1 failed</summary>');
    expect(html).toContain('<a href="#scenario-2">Health</a> <span class="dim">1 passed</span>');
    expect(html).toContain('<title>API test report · failed</title>');
    expect(html).toContain('runner 1.2.3 · generated 2026-03-14T09:31:12.000Z');
  });

  it('shows each scenario with its description, tags and counts, and labels setup steps', () => {
    const html = renderHtmlReport(mixed, META);
    expect(html).toContain('<details class="scenario failed" id="scenario-1" open>');
    expect(html).toContain('<h2>Health</h2><span class="tag">smoke</span>');
    expect(html).toContain('<p class="description">Checks that the API is up.</p>');
    expect(html).toContain('2 passed · 1 failed · 1 skipped · 100ms');
    expect(html).toContain('<div class="section-label">setup</div>');
    expect(html).toContain('<div class="section-label">steps</div>');
    // A scenario with main steps only needs no section labels.
    const health = html.slice(html.indexOf('id="scenario-2"'));
    expect(health).not.toContain('section-label');
  });

  it('opens failed steps only, and keeps the bodies of the others in the lazy store', () => {
    const html = renderHtmlReport(mixed, META);
    expect(html.match(/<details class="step [a-z]+" open>/g)).toEqual(['<details class="step failed" open>']);
    expect(html.match(/data-body="\d+"/g)).toEqual([
      'data-body="0"',
      'data-body="1"',
      'data-body="2"',
      'data-body="3"',
    ]);
    const start = html.indexOf('<script type="text/html" id="step-bodies">');
    const store = html.slice(start, html.indexOf('</script>', start));
    expect(store.split('<step-end>')).toHaveLength(4);
    expect(store).toContain('Skipped: halted');
  });

  it('writes every text from the run escaped, in rows, headers and lazy bodies alike', () => {
    const hostile = run([
      scenario(
        `S ${PAYLOAD}`,
        [
          step({
            label: PAYLOAD,
            status: 'failed',
            error: PAYLOAD,
            requestId: PAYLOAD,
            request: {
              method: 'POST',
              url: `http://127.0.0.1/${PAYLOAD}`,
              headers: { 'x-a': PAYLOAD },
              body: PAYLOAD,
            },
            response: {
              status: 200,
              statusText: PAYLOAD,
              httpVersion: '1.1',
              headers: {},
              body: { a: PAYLOAD },
              sizeBytes: 1,
            },
            assertions: [
              { path: PAYLOAD, expected: PAYLOAD, actual: PAYLOAD, passed: false, message: PAYLOAD },
            ],
          }),
          step({
            label: 'lazy',
            response: {
              status: 200,
              statusText: 'OK',
              httpVersion: '1.1',
              headers: {},
              body: PAYLOAD,
              sizeBytes: 1,
            },
          }),
        ],
        { description: PAYLOAD, tags: [PAYLOAD], file: PAYLOAD },
      ),
    ]);
    hostile.environment = PAYLOAD;
    const html = renderHtmlReport(hostile, { ...META, title: PAYLOAD, version: PAYLOAD });
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<!--');
    expect(html.match(/<script[ >]/g)).toHaveLength(3);
    expect(html.match(/<\/script>/g)).toHaveLength(3);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(2)&gt;');
  });

  it('is self-contained: nothing to fetch, and only its own scripts may run', () => {
    const html = renderHtmlReport(mixed, META);
    expect(html).not.toMatch(/\s(?:src|href)="(?!#|data:)/);
    expect(html).not.toMatch(/@import|url\(/);
    const policy = html.match(/<meta http-equiv="Content-Security-Policy" content="([^"]+)">/)?.[1] ?? '';
    expect(policy).toContain("default-src 'none'");
    const scripts = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1] ?? '');
    expect(scripts).toHaveLength(2);
    for (const script of scripts) {
      const hash = createHash('sha256').update(script).digest('base64');
      expect(policy).toContain(`'sha256-${hash}'`);
    }
  });

  it('notes a run without failures, uses the given title, and gives the same page for the same run', () => {
    const passed = run([scenario('Health', [step({ label: 'Ping' })])]);
    const html = renderHtmlReport(passed, { ...META, title: 'Nightly' });
    expect(html).toContain('<p class="no-failures dim">No failed steps in this run.</p>');
    expect(html).toContain('<h1>Nightly</h1>');
    expect(html).toContain('<title>Nightly · passed</title>');
    expect(renderHtmlReport(passed, { ...META, title: 'Nightly' })).toBe(html);
    expect(renderHtmlReport(mixed, META)).not.toContain('<p class="no-failures');
  });

  it('lets rows off screen skip rendering only in large reports', () => {
    expect(renderHtmlReport(mixed, META)).toContain('<main>');
    const many = run([
      scenario(
        'Many',
        Array.from({ length: 500 }, (_, index) => step({ label: `s${index}` })),
      ),
    ]);
    expect(renderHtmlReport(many, META)).toContain('<main class="many">');
  });
});
