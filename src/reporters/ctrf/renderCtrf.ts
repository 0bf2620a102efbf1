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
  const tests = run.scenarios.flatMap((scenario) =>
    scenario.steps.map((step) => ctrfTest(step, scenario, meta)),
  );
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
        tests: tests.length,
        passed: run.counts.passed,
        failed: run.counts.failed,
        skipped: run.counts.skipped,
        pending: 0,
        other: 0,
        flaky: tests.filter((test) => test.flaky === true).length,
        suites: run.scenarios.length,
        start: startMs,
        stop: startMs + wholeMs(run.durationMs),
        duration: wholeMs(run.durationMs),
      },
      tests,
      environment: { testEnvironment: run.environment },
    },
  };
  return `${JSON.stringify(report, null, 2)}\n`;
}
