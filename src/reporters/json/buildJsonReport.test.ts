import { describe, expect, it } from 'vitest';
import {
  failedStep,
  healthScenario,
  loginStep,
  ordersScenario,
  runResult,
  scenarioResult,
} from '../../../test/support/reportRuns.js';
import { buildJsonReport, serializeJsonReport } from './buildJsonReport.js';

const meta = { version: '0.1.0-alpha.1', generatedAt: '2026-11-21T10:31:07.000Z' };

describe('buildJsonReport, one scenario execution', () => {
  const report = buildJsonReport(runResult([ordersScenario()]), meta);

  it('is exactly a SPEC record: metadata, summary, steps, errors, and no scenarios list', () => {
    expect(Object.keys(report)).toEqual(['metadata', 'summary', 'steps', 'errors']);
    expect(report.metadata).toEqual({
      version: '0.1.0-alpha.1',
      timestamp: '2026-11-21T10:31:05.000Z',
      duration: 1235,
      scenario: 'Orders',
      testFile: '.runner/tests/orders.yaml',
      environment: 'local',
      status: 'failed',
      generatedAt: '2026-11-21T10:31:07.000Z',
      description: 'Order lifecycle',
      tags: ['smoke'],
    });
  });

  it('counts top-level steps, skipped ones apart, and rounds the pass rate of the steps that ran down', () => {
    // login, upload passed; failed, retried, loop failed; halted skipped.
    expect(report.summary).toEqual({ total: 6, passed: 2, failed: 3, skipped: 1, passedPercent: 40 });
    const almost = scenarioResult('Almost', [
      ...Array.from({ length: 199 }, (_, index) => ({ ...loginStep, index })),
      { ...failedStep, index: 199 },
    ]);
    expect(buildJsonReport(runResult([almost]), meta).summary.passedPercent).toBe(99);
    const none = scenarioResult('None', []);
    expect(buildJsonReport(runResult([none]), meta).summary).toEqual({
      total: 0,
      passed: 0,
      failed: 0,
      skipped: 0,
      passedPercent: 0,
    });
  });

  it('names the scenario file even when the caller names the run after a directory', () => {
    const named = buildJsonReport(runResult([ordersScenario()]), { ...meta, testFile: '.runner/tests' });
    expect(named.metadata.testFile).toBe('.runner/tests/orders.yaml');
  });

  it('collects every failure as "label: message", nested steps named through their parents', () => {
    expect(report.errors).toEqual([
      'Get order: status = 200 (expected), got 404',
      'Get order: body.id: path not found',
      'Get order: latency 812ms exceeds timing.max 500ms',
      'Wait for shipment: status = 200 (expected), got 202',
      'Wait for shipment: failed after 3 attempts (retry.attempts)',
      'for_each $items › for_each 2/2 › use common/check.yaml › Check item: connect ECONNREFUSED 127.0.0.1:9',
    ]);
  });

  it('has no undefined anywhere, so the serialised text says everything the object does', () => {
    const text = serializeJsonReport(report);
    expect(JSON.parse(text)).toEqual(report);
    expect(text.endsWith('}\n')).toBe(true);
  });
});

describe('buildJsonReport, several executions', () => {
  const run = runResult([ordersScenario(), healthScenario('Health [1]'), healthScenario('Health [2]')]);
  const report = buildJsonReport(run, meta);

  it('aggregates at the top level and keeps one full SPEC record per execution', () => {
    expect(Object.keys(report)).toEqual(['metadata', 'summary', 'steps', 'errors', 'scenarios']);
    expect(report.metadata.scenario).toBe('3 scenarios');
    expect(report.metadata.testFile).toBe('.runner/tests/orders.yaml');
    expect(report.metadata.timestamp).toBe(run.startedAt);
    expect(report.summary).toEqual({ total: 10, passed: 4, failed: 3, skipped: 3, passedPercent: 57 });
    expect(report.steps).toEqual([]);
    expect(report.scenarios?.map((record) => record.metadata.scenario)).toEqual([
      'Orders',
      'Health [1]',
      'Health [2]',
    ]);
    const single = buildJsonReport(runResult([ordersScenario()]), meta);
    const [orders] = report.scenarios ?? [];
    expect(orders?.steps).toEqual(single.steps);
    expect(orders?.errors).toEqual(single.errors);
    expect(orders?.metadata.timestamp).toBe('2026-11-21T10:31:05.123Z');
    expect(orders?.metadata.duration).toBe(251);
    expect(report.scenarios?.[1]?.summary).toEqual({
      total: 2,
      passed: 1,
      failed: 0,
      skipped: 1,
      passedPercent: 100,
    });
  });

  it('prefixes each execution’s errors with its name', () => {
    expect(report.errors[0]).toBe('Orders › Get order: status = 200 (expected), got 404');
    expect(report.errors).toHaveLength(6);
  });

  it('names the files when executions come from several and the caller gave no name', () => {
    const other = healthScenario();
    const mixed = runResult([ordersScenario(), { ...other, file: '.runner/tests/health.yaml' }]);
    expect(buildJsonReport(mixed, meta).metadata.testFile).toBe(
      '.runner/tests/orders.yaml, .runner/tests/health.yaml',
    );
    expect(buildJsonReport(mixed, { ...meta, testFile: '.runner/tests' }).metadata.testFile).toBe(
      '.runner/tests',
    );
  });

  it('reports a run without executions as an empty aggregate', () => {
    const empty = buildJsonReport(runResult([]), meta);
    expect(empty.metadata.scenario).toBe('0 scenarios');
    expect(empty.scenarios).toEqual([]);
    expect(empty.summary.total).toBe(0);
  });
});

describe('buildJsonReport of an interrupted run', () => {
  it('marks the run and each execution the interrupt reached with `interrupted: true`', () => {
    const cut = ordersScenario({ interrupted: 'during' });
    const never = { ...healthScenario('Health [2]'), interrupted: 'before' as const };
    const report = buildJsonReport({ ...runResult([cut, healthScenario(), never]), interrupted: true }, meta);
    expect(report.metadata.interrupted).toBe(true);
    expect(report.scenarios?.map((record) => record.metadata.interrupted)).toEqual([true, undefined, true]);
    const single = buildJsonReport({ ...runResult([cut]), interrupted: true }, meta);
    expect(single.metadata.interrupted).toBe(true);
    expect(buildJsonReport(runResult([ordersScenario()]), meta).metadata).not.toHaveProperty('interrupted');
  });
});
