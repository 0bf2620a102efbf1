import { describe, expect, it } from 'vitest';
import type { RunResult } from '../../engine/index.js';
import { runResult, scenarioResult, stepResult } from '../../../test/support/reportRuns.js';
import { createStyle } from '../style.js';
import { createConsoleReporter } from './consoleReporter.js';
import { renderStep } from './renderStep.js';
import { renderSummary } from './renderSummary.js';

const loc = { file: 't.yaml', line: 1, col: 1 };
const step = stepResult;

const plain = { style: createStyle(false), verbose: false };
const response = {
  status: 200,
  statusText: 'OK',
  httpVersion: '1.1',
  headers: { 'x-a': '1' },
  body: { ok: true },
  sizeBytes: 11,
};

describe('renderStep', () => {
  it('prints the symbol, label, method and URL of a named step, status and duration, then its assertions', () => {
    const lines = renderStep(
      step({
        label: 'Health',
        request: { method: 'GET', url: 'http://h/health', headers: {} },
        response,
        assertions: [{ path: 'status', expected: 200, actual: 200, passed: true, message: 'status == 200' }],
      }),
      0,
      plain,
    );
    expect(lines).toEqual(['  ✓ Health  GET http://h/health  200  12ms', '      ✓ status == 200']);
  });

  it('marks a passing redirect with → and a skipped step with its reason', () => {
    expect(renderStep(step({ response: { ...response, status: 302 } }), 0, plain)[0]).toMatch(
      /^ {2}→ GET \/health/,
    );
    expect(renderStep(step({ status: 'skipped', skipReason: 'setup failed' }), 0, plain)).toEqual([
      '  ○ GET /health  skipped: setup failed',
    ]);
  });

  it('prints the response of a failed step, and headers only when verbose', () => {
    const failed = step({
      status: 'failed',
      response,
      assertions: [
        {
          path: 'status',
          expected: 201,
          actual: 200,
          passed: false,
          message: 'status = 201 (expected), got 200',
        },
      ],
    });
    const lines = renderStep(failed, 0, plain).join('\n');
    expect(lines).toContain('✗ status = 201 (expected), got 200');
    expect(lines).toContain('Response 200 OK (HTTP/1.1, 11 bytes)');
    expect(lines).toContain('"ok": true');
    expect(lines).not.toContain('x-a: 1');
    expect(renderStep(failed, 0, { ...plain, verbose: true }).join('\n')).toContain('x-a: 1');
  });

  it('prints what a failed cache step asked and the reply it got, and nothing of it when it passed', () => {
    const cache = {
      connection: 'sessions',
      command: 'get',
      key: 'session:42',
      reply: { exists: true, value: { user: 'ann' }, ttl: null },
    };
    const failed = renderStep(step({ kind: 'cache', label: 'Session', status: 'failed', cache }), 0, plain);
    expect(failed.join('\n')).toContain('Cache GET session:42 on sessions');
    expect(failed.join('\n')).toContain('"user": "ann"');
    const passed = renderStep(step({ kind: 'cache', label: 'Session', cache }), 0, plain);
    expect(passed.join('\n')).not.toContain('Cache GET');
  });

  it('says how many rows an export wrote and an import read, and where', () => {
    const spreadsheet = { file: 'out/users.xlsx', sheet: 'Users', rows: 3 };
    const [exported] = renderStep(step({ kind: 'export', label: 'Export', spreadsheet }), 0, plain);
    expect(exported).toContain('wrote 3 rows · out/users.xlsx (Users)');
    const one = { ...spreadsheet, rows: 1 };
    const [imported] = renderStep(step({ kind: 'import', label: 'Import', spreadsheet: one }), 0, plain);
    expect(imported).toContain('read 1 row · out/users.xlsx (Users)');
  });

  it('names the budget and the latency of a timing violation', () => {
    const lines = renderStep(
      step({ status: 'failed', timing: { maxMs: 50, actualMs: 156, passed: false } }),
      0,
      plain,
    );
    expect(lines).toContain('      ✗ latency 156ms exceeds timing.max 50ms');
  });

  it('shows the variables of a named set step', () => {
    const line = renderStep(step({ kind: 'set', label: 'Choose', saved: { a: '1', b: '2' } }), 0, plain)[0];
    expect(line).toBe('  ✓ Choose  set variables: a, b  12ms');
  });
});

describe('console reporter', () => {
  const run: RunResult = {
    environment: 'local',
    status: 'passed',
    startedAt: '',
    durationMs: 5,
    scenarios: [],
    counts: { passed: 1, failed: 0, skipped: 0, total: 1 },
  };

  it('on a terminal shows the running step, then replaces it with the result', () => {
    let out = '';
    const reporter = createConsoleReporter({ out: { write: (t) => (out += t) }, ...plain, live: true });
    reporter.onStepBegin?.({ scenario: 's', section: 'steps', label: 'GET /slow', depth: 0, loc });
    expect(out).toBe('  … GET /slow');
    reporter.onStepEnd?.({ scenario: 's', depth: 0, result: step({ label: 'GET /slow' }) });
    expect(out).toBe('  … GET /slow\r\u001b[2K  ✓ GET /slow  12ms\n');
  });

  it('in CI writes only finished lines, and a summary', async () => {
    let out = '';
    const reporter = createConsoleReporter({ out: { write: (t) => (out += t) }, ...plain, live: false });
    reporter.onStepBegin?.({ scenario: 's', section: 'steps', label: 'GET /slow', depth: 0, loc });
    reporter.onStepEnd?.({ scenario: 's', depth: 0, result: step({}) });
    await reporter.onRunEnd?.(run);
    expect(out).not.toContain('\r');
    expect(out).toContain('PASSED  1 passed, 0 failed, 1 total steps · 0 scenarios · 5ms');
  });
});

describe('console reporter, nested steps', () => {
  const begin = (label: string, depth: number, nesting?: 'parent' | 'pass') => ({
    scenario: 's',
    section: 'steps' as const,
    label,
    depth,
    loc,
    ...(nesting ? { nesting } : {}),
  });

  it('prints each nested step as it ends, under its loop and pass headers, and the loop line at its end', () => {
    let out = '';
    const reporter = createConsoleReporter({ out: { write: (t) => (out += t) }, ...plain, live: false });
    reporter.onStepBegin?.(begin('Create users', 0, 'parent'));
    // Nothing is printed before a nested step has something to show.
    expect(out).toBe('');
    reporter.onStepBegin?.(begin('repeat 1/2', 1, 'pass'));
    reporter.onStepBegin?.(begin('Create user', 2));
    reporter.onStepEnd?.({ scenario: 's', depth: 2, result: step({ label: 'Create user' }) });
    expect(out).toBe('  ▸ Create users\n    repeat 1/2\n      ✓ Create user  12ms\n');
    reporter.onStepEnd?.({ scenario: 's', depth: 1, nesting: 'pass', result: step({ label: 'repeat 1/2' }) });
    reporter.onStepBegin?.(begin('repeat 2/2', 1, 'pass'));
    reporter.onStepBegin?.(begin('Create user', 2));
    reporter.onStepEnd?.({ scenario: 's', depth: 2, result: step({ label: 'Create user' }) });
    reporter.onStepEnd?.({ scenario: 's', depth: 1, nesting: 'pass', result: step({ label: 'repeat 2/2' }) });
    // The loop's record still holds its passes; they are not printed a second time.
    const loop = step({ label: 'Create users', children: [step({ label: 'repeat 1/2' })] });
    reporter.onStepEnd?.({ scenario: 's', depth: 0, nesting: 'parent', result: loop });
    expect(out.split('\n')).toEqual([
      '  ▸ Create users',
      '    repeat 1/2',
      '      ✓ Create user  12ms',
      '    repeat 2/2',
      '      ✓ Create user  12ms',
      '  ✓ Create users  12ms',
      '',
    ]);
  });

  it('with --quiet prints a failed nested step under the headers of its loop and pass, and nothing passed', () => {
    let out = '';
    const reporter = createConsoleReporter({
      out: { write: (t) => (out += t) },
      ...plain,
      live: false,
      quiet: true,
    });
    reporter.onScenarioBegin?.({ name: 'Loop', file: 'l.yaml' });
    reporter.onStepBegin?.(begin('Each', 0, 'parent'));
    reporter.onStepBegin?.(begin('for_each 1/2', 1, 'pass'));
    reporter.onStepEnd?.({ scenario: 's', depth: 2, result: step({ label: 'Fine' }) });
    reporter.onStepEnd?.({
      scenario: 's',
      depth: 1,
      nesting: 'pass',
      result: step({ label: 'for_each 1/2' }),
    });
    expect(out).toBe('');
    reporter.onStepBegin?.(begin('for_each 2/2', 1, 'pass'));
    reporter.onStepEnd?.({ scenario: 's', depth: 2, result: step({ label: 'Broken', status: 'failed' }) });
    reporter.onStepEnd?.({
      scenario: 's',
      depth: 1,
      nesting: 'pass',
      result: step({ label: 'for_each 2/2' }),
    });
    const loop = step({ label: 'Each', status: 'failed' });
    reporter.onStepEnd?.({ scenario: 's', depth: 0, nesting: 'parent', result: loop });
    expect(out.split('\n')).toEqual([
      '',
      'Loop  l.yaml',
      '  ▸ Each',
      '    for_each 2/2',
      '      ✗ Broken  12ms',
      '  ✗ Each  12ms',
      '',
    ]);
  });

  it('prints a loop that ran nothing (skipped, empty) as one line, without a header', () => {
    let out = '';
    const reporter = createConsoleReporter({ out: { write: (t) => (out += t) }, ...plain, live: false });
    reporter.onStepBegin?.(begin('Empty', 0, 'parent'));
    reporter.onStepEnd?.({ scenario: 's', depth: 0, nesting: 'parent', result: step({ label: 'Empty' }) });
    expect(out).toBe('  ✓ Empty  12ms\n');
  });

  it('on a terminal shows a running nested step, then replaces it with the headers and its result', () => {
    let out = '';
    const reporter = createConsoleReporter({ out: { write: (t) => (out += t) }, ...plain, live: true });
    reporter.onStepBegin?.(begin('use login.yaml', 0, 'parent'));
    reporter.onStepBegin?.(begin('Log in', 1));
    expect(out).toBe('    … Log in');
    reporter.onStepEnd?.({ scenario: 's', depth: 1, result: step({ label: 'Log in' }) });
    expect(out).toBe('    … Log in\r\u001b[2K  ▸ use login.yaml\n    ✓ Log in  12ms\n');
  });
});

describe('renderSummary of an interrupted run', () => {
  it('says INTERRUPTED first and how many executions never started', () => {
    const cut = scenarioResult('Cut', [step({ status: 'failed' }), step({ status: 'skipped' })], {
      interrupted: 'during',
    });
    const never = scenarioResult('Never', [step({ status: 'skipped' })], { interrupted: 'before' });
    const lines = renderSummary({ ...runResult([cut, never]), interrupted: true }, plain.style);
    expect(lines[1]).toMatch(/^INTERRUPTED {2}0 passed, 1 failed, 2 skipped, 3 total steps/);
    expect(lines[2]).toBe('  Interrupted: the steps not yet run were skipped; 1 scenario never started');
  });

  it('says nothing of interrupts otherwise', () => {
    const lines = renderSummary(runResult([scenarioResult('Fine', [step({})])]), plain.style);
    expect(lines.join('\n')).not.toMatch(/interrupt/i);
  });
});

describe('console output with --jobs and --quiet', () => {
  const begin = { environment: 'local', scenarioCount: 2, startedAt: '2026-01-01T00:00:00.000Z' };

  it('on a terminal with several jobs shows how many scenarios ended, never the running step', () => {
    let out = '';
    const reporter = createConsoleReporter({
      out: { write: (t) => (out += t) },
      ...plain,
      live: true,
      grouped: true,
    });
    reporter.onRunBegin?.(begin);
    expect(out.endsWith('… 0/2 scenarios')).toBe(true);
    reporter.onScenarioBegin?.({ name: 'A', file: 'a.yaml' });
    reporter.onStepBegin?.({ scenario: 'A', section: 'steps', label: 'GET /a', depth: 0, loc });
    expect(out).not.toContain('… GET /a');
    reporter.onStepEnd?.({ scenario: 'A', depth: 0, result: step({ status: 'failed' }) });
    reporter.onScenarioEnd?.(scenarioResult('A', [step({ status: 'failed' })]));
    // The progress line is cleared before the block is printed, and drawn again after it.
    expect(out).toContain('… 0/2 scenarios\r\u001b[2K\nA  a.yaml\n');
    expect(out.endsWith('… 1/2 scenarios · 1 failed')).toBe(true);
  });

  it('off a terminal writes no progress line', () => {
    let out = '';
    const reporter = createConsoleReporter({
      out: { write: (t) => (out += t) },
      ...plain,
      live: false,
      grouped: true,
    });
    reporter.onRunBegin?.(begin);
    reporter.onScenarioEnd?.(scenarioResult('A', [step({})]));
    expect(out).not.toContain('…');
    expect(out).not.toContain('\r');
  });

  it('--quiet prints a scenario heading only above its first failed step', () => {
    let out = '';
    const reporter = createConsoleReporter({
      out: { write: (t) => (out += t) },
      ...plain,
      live: false,
      quiet: true,
    });
    reporter.onRunBegin?.(begin);
    reporter.onScenarioBegin?.({ name: 'Fine', file: 'f.yaml' });
    reporter.onStepEnd?.({ scenario: 'Fine', depth: 0, result: step({ label: 'ok' }) });
    reporter.onScenarioEnd?.(scenarioResult('Fine', [step({})]));
    reporter.onScenarioBegin?.({ name: 'Broken', file: 'b.yaml' });
    reporter.onStepEnd?.({ scenario: 'Broken', depth: 0, result: step({ label: 'ok' }) });
    reporter.onStepEnd?.({ scenario: 'Broken', depth: 0, result: step({ label: 'bad', status: 'failed' }) });
    reporter.onStepEnd?.({ scenario: 'Broken', depth: 0, result: step({ label: 'bad2', status: 'failed' }) });
    expect(out).toBe('\nBroken  b.yaml\n  ✗ bad  12ms\n  ✗ bad2  12ms\n');
  });
});

describe('renderSummary after --bail', () => {
  it('counts the scenarios --bail kept from running', () => {
    const failed = scenarioResult('Failed', [step({ status: 'failed' })]);
    const kept = scenarioResult('Kept', [step({ status: 'skipped' })], { notRun: 'bail' });
    const lines = renderSummary(runResult([failed, kept, { ...kept, name: 'Kept 2' }]), plain.style);
    expect(lines).toContain('  Bail: stopped after the first failed scenario; 2 scenarios not run');
  });
});
