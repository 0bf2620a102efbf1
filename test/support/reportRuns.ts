/**
 * Finished runs for report tests, built by hand so every field a report shows is present somewhere:
 * passed, failed and skipped steps, a retry with attempts, redirects, a timing violation, loop passes and a
 * composed scenario as children, a multipart upload, and setup/teardown sections.
 */
import { addCounts, countSteps } from '../../src/engine/results.js';
import type { RunResult, ScenarioResult, StepResult } from '../../src/engine/results.js';

export const SCENARIO_FILE = '.runner/tests/orders.yaml';

export function stepResult(overrides: Partial<StepResult> = {}): StepResult {
  return {
    index: 0,
    section: 'steps',
    kind: 'request',
    label: 'GET /health',
    status: 'passed',
    durationMs: 12.4,
    loc: { file: SCENARIO_FILE, line: 5, col: 5 },
    assertions: [],
    saved: {},
    warnings: [],
    ...overrides,
  };
}

export function scenarioResult(
  name: string,
  steps: StepResult[],
  overrides: Partial<ScenarioResult> = {},
): ScenarioResult {
  const counts = countSteps(steps);
  return {
    name,
    file: SCENARIO_FILE,
    tags: [],
    environment: 'local',
    status: counts.failed > 0 ? 'failed' : 'passed',
    startedAt: '2026-11-21T10:31:05.123Z',
    durationMs: 250.6,
    steps,
    counts,
    variables: {},
    ...overrides,
  };
}

export function runResult(scenarios: ScenarioResult[]): RunResult {
  const counts = scenarios
    .map((scenario) => scenario.counts)
    .reduce(addCounts, { passed: 0, failed: 0, skipped: 0, total: 0 });
  return {
    environment: 'local',
    status: scenarios.some((scenario) => scenario.status === 'failed') ? 'failed' : 'passed',
    startedAt: '2026-11-21T10:31:05.000Z',
    durationMs: 1234.5,
    scenarios,
    counts,
  };
}

const BASE = 'http://127.0.0.1:8080';

function at(line: number, file = SCENARIO_FILE): StepResult['loc'] {
  return { file, line, col: 5 };
}

/** A login in setup that passes, with a request id, a saved token and a followed redirect. */
export const loginStep = stepResult({
  index: 0,
  section: 'setup',
  label: 'Log in',
  loc: at(4),
  request: {
    method: 'POST',
    url: `${BASE}/login`,
    headers: { 'content-type': 'application/json' },
    body: { user: 'ann', password: '[MASKED]' },
  },
  response: {
    status: 200,
    statusText: 'OK',
    httpVersion: '1.1',
    headers: { 'content-type': 'application/json', 'x-request-id': 'req-42' },
    body: { token: '[MASKED]' },
    sizeBytes: 21,
  },
  requestId: 'req-42',
  redirects: [{ status: 302, from: `${BASE}/signin`, to: `${BASE}/login` }],
  assertions: [{ path: 'status', expected: 200, actual: 200, passed: true, message: 'status == 200' }],
  saved: { token: '[MASKED]' },
});

/** A failed step: a missing body path (actual undefined), a wrong status and a blown latency budget. */
export const failedStep = stepResult({
  index: 1,
  label: 'Get order',
  status: 'failed',
  durationMs: 812,
  loc: at(12),
  request: { method: 'GET', url: `${BASE}/orders/7`, headers: { authorization: 'Bearer [MASKED]' } },
  response: {
    status: 404,
    statusText: 'Not Found',
    httpVersion: '2',
    headers: {},
    sizeBytes: 0,
  },
  timing: { maxMs: 500, actualMs: 812.2, passed: false },
  assertions: [
    {
      path: 'status',
      expected: 200,
      actual: 404,
      passed: false,
      message: 'status = 200 (expected), got 404',
      loc: at(15),
    },
    {
      path: 'body.id',
      expected: 'integer',
      actual: undefined,
      passed: false,
      message: 'body.id: path not found',
      available: [],
      loc: at(16),
    },
  ],
});

/** An exhausted retry: three attempts, then the scenario halts. */
export const retriedStep = stepResult({
  index: 2,
  label: 'Wait for shipment',
  status: 'failed',
  durationMs: 3100,
  loc: at(20),
  request: { method: 'GET', url: `${BASE}/orders/7/shipment`, headers: {} },
  response: { status: 202, statusText: 'Accepted', httpVersion: '1.1', headers: {}, body: '', sizeBytes: 0 },
  assertions: [
    {
      path: 'status',
      expected: 200,
      actual: 202,
      passed: false,
      message: 'status = 200 (expected), got 202',
    },
  ],
  attempts: [
    { attempt: 1, status: 'failed', httpStatus: 202, durationMs: 10.2, failure: 'status', waitMs: 500.4 },
    { attempt: 2, status: 'failed', httpStatus: 202, durationMs: 9, failure: 'status', waitMs: 1000 },
    { attempt: 3, status: 'failed', httpStatus: 202, durationMs: 11, failure: 'status' },
  ],
  error: 'failed after 3 attempts (retry.attempts)',
  haltsScenario: true,
});

export const haltedStep = stepResult({
  index: 3,
  label: 'Cancel order',
  status: 'skipped',
  durationMs: 0,
  loc: at(28),
  skipReason: 'an exhausted retry halted the scenario',
});

/** A `for_each` with two passes; the second pass's `use`d step comes from another file and fails. */
export const loopStep = stepResult({
  index: 4,
  kind: 'for_each',
  label: 'for_each $items',
  status: 'failed',
  durationMs: 40,
  loc: at(31),
  children: [
    stepResult({
      index: 0,
      kind: 'for_each',
      label: 'for_each 1/2',
      loc: at(31),
      children: [stepResult({ index: 0, kind: 'set', label: 'set variables: sku', loc: at(34) })],
    }),
    stepResult({
      index: 1,
      kind: 'for_each',
      label: 'for_each 2/2',
      status: 'failed',
      loc: at(31),
      children: [
        stepResult({
          index: 0,
          kind: 'use',
          label: 'use common/check.yaml',
          status: 'failed',
          loc: at(35),
          children: [
            stepResult({
              index: 0,
              label: 'Check item',
              status: 'failed',
              loc: at(3, '.runner/tests/common/check.yaml'),
              error: 'connect ECONNREFUSED 127.0.0.1:9',
              warnings: ['count(body.items): path not found; nothing saved'],
            }),
          ],
        }),
      ],
    }),
  ],
});

export const uploadStep = stepResult({
  index: 5,
  section: 'teardown',
  label: 'Upload receipt',
  loc: at(40),
  request: {
    method: 'POST',
    url: `${BASE}/receipts`,
    headers: { 'content-type': 'multipart/form-data; boundary=b1' },
    body: {
      fields: { title: 'Receipt 7' },
      files: { document: { filename: 'r7.pdf', contentType: 'application/pdf', size: 1024 } },
    },
  },
  response: { status: 201, statusText: 'Created', httpVersion: '1.1', headers: {}, sizeBytes: 0 },
});

export function ordersScenario(overrides: Partial<ScenarioResult> = {}): ScenarioResult {
  return scenarioResult('Orders', [loginStep, failedStep, retriedStep, haltedStep, loopStep, uploadStep], {
    description: 'Order lifecycle',
    tags: ['smoke'],
    ...overrides,
  });
}

export function healthScenario(name = 'Health'): ScenarioResult {
  return scenarioResult(name, [
    stepResult({ assertions: [{ path: 'status', expected: 200, actual: 200, passed: true, message: 'ok' }] }),
    stepResult({
      index: 1,
      label: 'Skip me',
      status: 'skipped',
      skipReason: '`if` was false',
      durationMs: 0,
    }),
  ]);
}
