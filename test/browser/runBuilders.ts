/** Small builders of finished results (src/engine/results.ts) for the HTML report's browser tests. */
import type {
  RecordedRequest,
  RecordedResponse,
  RunResult,
  ScenarioResult,
  StepResult,
} from '../../src/engine/index.js';
import { addCounts, countSteps } from '../../src/engine/results.js';

export const BASE = 'http://127.0.0.1:8080';
const STARTED = '2026-03-14T09:30:00.000Z';

let nextIndex = 0;

/** Steps are numbered in the order they are built; each run starts again at 0. */
export function restartStepIndex(): void {
  nextIndex = 0;
}

export function step(fields: Partial<StepResult> & Pick<StepResult, 'label'>): StepResult {
  return {
    index: nextIndex++,
    section: 'steps',
    kind: 'request',
    status: 'passed',
    durationMs: 40,
    loc: { file: 'tests/example.yaml', line: 10 + nextIndex * 6, col: 5 },
    assertions: [],
    saved: {},
    warnings: [],
    ...fields,
  };
}

export function request(
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): RecordedRequest {
  const all: Record<string, string> = { accept: 'application/json', ...headers };
  if (body !== undefined) all['content-type'] = 'application/json';
  return body === undefined
    ? { method, url: `${BASE}${path}`, headers: all }
    : { method, url: `${BASE}${path}`, headers: all, body };
}

export function response(
  status: number,
  statusText: string,
  body?: unknown,
  requestId?: string,
): RecordedResponse {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    date: 'Sat, 14 Mar 2026 09:30:01 GMT',
  };
  if (requestId) headers['x-request-id'] = requestId;
  const size = body === undefined ? 0 : JSON.stringify(body).length;
  return body === undefined
    ? { status, statusText, httpVersion: '1.1', headers, sizeBytes: size }
    : { status, statusText, httpVersion: '1.1', headers, body, sizeBytes: size };
}

export const check = (path: string, expected: unknown, actual: unknown, passed = true, message?: string) => ({
  path,
  expected,
  actual,
  passed,
  message: message ?? `${path} == ${JSON.stringify(actual)}`,
});

export function scenario(
  fields: Partial<ScenarioResult> & Pick<ScenarioResult, 'name' | 'steps'>,
): ScenarioResult {
  const counts = countSteps(fields.steps);
  return {
    file: 'tests/example.yaml',
    tags: [],
    environment: 'staging',
    status: counts.failed > 0 ? 'failed' : 'passed',
    startedAt: STARTED,
    durationMs: fields.steps.reduce((sum, item) => sum + item.durationMs, 0),
    counts,
    variables: {},
    ...fields,
  };
}

export function run(scenarios: ScenarioResult[]): RunResult {
  const counts = scenarios.map((item) => item.counts).reduce(addCounts);
  return {
    environment: 'staging',
    status: counts.failed > 0 ? 'failed' : 'passed',
    startedAt: STARTED,
    durationMs: scenarios.reduce((sum, item) => sum + item.durationMs, 0),
    scenarios,
    counts,
  };
}
