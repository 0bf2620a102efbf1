import { describe, expect, it } from 'vitest';
import type { RunResult, ScenarioResult } from '../engine/index.js';
import { healthScenario, ordersScenario, runResult } from '../../test/support/reportRuns.js';
import { ctrfText, renderCtrf } from './ctrf/renderCtrf.js';
import { junitText, renderJunit } from './junit/renderJunit.js';

const meta = { version: '1.2.3', generatedAt: '2026-11-21T10:32:00.000Z', filePath: (file: string) => file };

/**
 * A run whose scenarios read their steps when asked, as a run read back from its record stream does, and
 * log each read: `reads` says which scenario's records were made into objects, in order.
 */
function loggedRun(scenarios: ScenarioResult[]): { run: RunResult; reads: string[] } {
  const reads: string[] = [];
  const run = runResult(scenarios);
  run.scenarios = run.scenarios.map((scenario) => {
    const copy = { ...scenario };
    Object.defineProperty(copy, 'steps', {
      get: () => {
        reads.push(scenario.name);
        return scenario.steps;
      },
      enumerable: true,
    });
    return copy;
  });
  return { run, reads };
}

const many = () => [ordersScenario(), healthScenario('Health 1'), healthScenario('Health 2')];

describe('reports written in pieces (issue 24, flat memory)', () => {
  it('JUnit: each scenario is written as soon as its records are read, before the next is read', () => {
    const { run, reads } = loggedRun(many());
    const seen: string[] = [];
    for (const piece of junitText(run, { generatedAt: meta.generatedAt })) {
      seen.push(`${reads.length}:${piece.includes('<testsuite ') ? 'suite' : 'other'}`);
    }
    // The head needs no record; then one read per suite written, never two ahead.
    expect(seen).toEqual(['0:other', '1:suite', '2:suite', '3:suite', '3:other']);
    expect(reads).toEqual(['Orders', 'Health 1', 'Health 2']);
  });

  it('JUnit: the pieces are the whole report, totals included', () => {
    const run = runResult(many());
    const text = [...junitText(run, { generatedAt: meta.generatedAt })].join('');
    expect(text).toBe(renderJunit(run, { generatedAt: meta.generatedAt }));
    const steps = run.scenarios.flatMap((scenario) => [...scenario.steps]);
    expect(text).toContain(`tests="${steps.length}"`);
    expect(text).toContain(`failures="${steps.filter((step) => step.status === 'failed').length}"`);
  });

  it('CTRF: tests are written one scenario at a time, and the text is the JSON of the whole report', () => {
    const { run, reads } = loggedRun(many());
    const pieces: string[] = [];
    const readsAtPiece: number[] = [];
    for (const piece of ctrfText(run, meta)) {
      pieces.push(piece);
      readsAtPiece.push(reads.length);
    }
    // Two passes (the summary counts flaky tests first), each reading one scenario at a time.
    expect(reads).toEqual(['Orders', 'Health 1', 'Health 2', 'Orders', 'Health 1', 'Health 2']);
    // Tests were written while the second pass was still reading (not all held, then written).
    const firstTest = pieces.findIndex((piece) => piece.includes('"name": "Orders › '));
    expect(readsAtPiece[firstTest]).toBeLessThan(reads.length);

    const text = pieces.join('');
    const parsed = JSON.parse(text) as { results: { tests: { name: string }[]; summary: { tests: number } } };
    expect(parsed.results.summary.tests).toBe(parsed.results.tests.length);
    expect(text).toBe(renderCtrf(runResult(many()), meta));
    // Laid out exactly as JSON.stringify lays out the report with its tests in place.
    expect(text).toBe(`${JSON.stringify(JSON.parse(text), null, 2)}\n`);
  });

  it('CTRF: a run without steps keeps an empty list', () => {
    const run = runResult([
      { ...healthScenario(), steps: [], counts: { passed: 0, failed: 0, skipped: 0, total: 0 } },
    ]);
    const text = [...ctrfText(run, meta)].join('');
    expect(text).toBe(`${JSON.stringify(JSON.parse(text), null, 2)}\n`);
    expect((JSON.parse(text) as { results: { tests: unknown[] } }).results.tests).toEqual([]);
  });
});
