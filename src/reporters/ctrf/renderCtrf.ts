import type { RunResult, ScenarioResult, StepResult } from '../../engine/index.js';
import { failureText } from '../junit/failureText.js';
import { firstFailure } from '../junit/stepFailures.js';
import { stepTitle } from '../shared/names.js';

/** The CTRF version the report follows (test/fixtures/ctrf holds its schema). */
const CTRF_SPEC_VERSION = '1.0.0';

export interface CtrfMeta {
  /** The runner's version. */
  version: string;
  /** When the report was written, ISO 8601 (passed in: the renderer reads no clock). */
  generatedAt: string;
  /** A step's file as CTRF's `filePath`: relative to the project root (DECISIONS.md, Finer points). */
  filePath: (file: string) => string;
}

interface CtrfTest {
  name: string;
  status: 'passed' | 'failed' | 'skipped';
  duration: number;
  suite: string[];
  filePath: string;
  line: number;
  message?: string;
  trace?: string;
  retries?: number;
  flaky?: boolean;
  tags?: string[];
  type: string;
  extra: { section: string; kind: string; index: number; skipReason?: string };
}

const wholeMs = (ms: number) => Math.max(0, Math.round(ms));

function ctrfTest(step: StepResult, scenario: ScenarioResult, meta: CtrfMeta): CtrfTest {
  const test: CtrfTest = {
    name: stepTitle(scenario.name, step.label),
    status: step.status,
    duration: wholeMs(step.durationMs),
    suite: [scenario.name],
    filePath: meta.filePath(step.loc.file),
    line: step.loc.line,
    type: 'api',
    extra: { section: step.section, kind: step.kind, index: step.index },
  };
  if (step.status === 'failed') {
    test.message = firstFailure(step)?.text ?? 'step failed';
    test.trace = failureText(step);
  }
  if (step.skipReason !== undefined) test.extra.skipReason = step.skipReason;
  const attempts = step.attempts ?? [];
  if (attempts.length > 1) {
    test.retries = attempts.length - 1;
    // CTRF: flaky means it passed after one or more failed attempts.
    test.flaky = step.status === 'passed';
  }
  if (scenario.tags.length > 0) test.tags = [...scenario.tags];
  return test;
}

/**
 * `ctrf-report.json` (DECISIONS.md, Running at scale): the Common Test Report Format, one test per top-level
 * step named `<scenario> › <step>` (nested executions are told in their parent's trace, as in JUnit), with
 * the step's file relative to the project root and its first line. Pure: the run is already masked.
 */
export function renderCtrf(run: RunResult, meta: CtrfMeta): string {
  return [...ctrfText(run, meta)].join('');
}

/** Stands for the list of tests in the report's text, which ctrfText writes one test at a time. */
const TESTS_PLACE = 'runner:ctrf-tests';

/**
 * The same report as text in pieces, one test at a time (issue 24, flat memory): a run read back from its
 * record stream holds one scenario's records at once, never the whole run's. The summary before the tests
 * needs how many are flaky, so the records are read twice (reading is cheap; holding them all was not).
 */
export function* ctrfText(run: RunResult, meta: CtrfMeta): Generator<string> {
  const eachTest = function* () {
    for (const scenario of run.scenarios) {
      for (const step of scenario.steps) yield ctrfTest(step, scenario, meta);
    }
  };
  let count = 0;
  let flaky = 0;
  for (const test of eachTest()) {
    count += 1;
    if (test.flaky === true) flaky += 1;
  }
  const start = Date.parse(run.startedAt);
  const startMs = Number.isNaN(start) ? 0 : start;
  const report = {
    reportFormat: 'CTRF',
    specVersion: CTRF_SPEC_VERSION,
    timestamp: meta.generatedAt,
    generatedBy: `runner ${meta.version}`,
    results: {
      tool: { name: 'runner', version: meta.version },
      summary: {
        tests: count,
        passed: run.counts.passed,
        failed: run.counts.failed,
        skipped: run.counts.skipped,
        pending: 0,
        other: 0,
        flaky,
        suites: run.scenarios.length,
        start: startMs,
        stop: startMs + wholeMs(run.durationMs),
        duration: wholeMs(run.durationMs),
      },
      tests: count === 0 ? [] : [TESTS_PLACE],
      environment: { testEnvironment: run.environment },
    },
  };
  const text = JSON.stringify(report, null, 2);
  const place = text.indexOf(JSON.stringify(TESTS_PLACE));
  if (place < 0) {
    yield `${text}\n`;
    return;
  }
  // The tests go where the placeholder is, indented as JSON.stringify indents that depth.
  const lineStart = text.lastIndexOf('\n', place) + 1;
  const indent = text.slice(lineStart, place);
  yield text.slice(0, lineStart);
  let first = true;
  for (const test of eachTest()) {
    yield `${first ? '' : ',\n'}${indent}${JSON.stringify(test, null, 2).replaceAll('\n', `\n${indent}`)}`;
    first = false;
  }
  yield `${text.slice(place + JSON.stringify(TESTS_PLACE).length)}\n`;
}
