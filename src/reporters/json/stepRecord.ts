import type { AssertionResult } from '../../assertions/index.js';
import type { AttemptRecord, RecordedRequest, RecordedResponse, StepResult } from '../../engine/index.js';
import { formatDuration } from '../durations.js';
import { toCurl } from '../shared/curl.js';
import type { JsonAssertion, JsonAttempt, JsonRequest, JsonResponse, JsonStep } from './reportTypes.js';

/** SPEC, Reports: durations are integers (ms). */
const wholeMs = (ms: number): number => Math.round(ms);

function assertionRecord(assertion: AssertionResult): JsonAssertion {
  const record: JsonAssertion = {
    path: assertion.path,
    expected: assertion.expected ?? null,
    actual: assertion.actual ?? null,
    passed: assertion.passed,
    message: assertion.message,
  };
  if (assertion.available) record.available = assertion.available;
  if (assertion.loc) {
    record.line = assertion.loc.line;
    record.col = assertion.loc.col;
  }
  return record;
}

function requestRecord(request: RecordedRequest): JsonRequest {
  const record: JsonRequest = {
    method: request.method,
    url: request.url,
    headers: request.headers,
    body: request.body ?? null,
  };
  if (request.proxy !== undefined) record.proxy = request.proxy;
  return record;
}

function responseRecord(response: RecordedResponse): JsonResponse {
  const record: JsonResponse = {
    status: response.status,
    headers: response.headers,
    body: response.body ?? null,
    statusText: response.statusText,
    httpVersion: response.httpVersion,
    sizeBytes: response.sizeBytes,
  };
  if (response.encoding !== undefined) {
    record.encoding = response.encoding;
    if (response.encodedSizeBytes !== undefined) record.encodedSizeBytes = response.encodedSizeBytes;
  }
  return record;
}

function attemptRecord(attempt: AttemptRecord): JsonAttempt {
  const record: JsonAttempt = {
    attempt: attempt.attempt,
    status: attempt.status,
    duration: wholeMs(attempt.durationMs),
  };
  if (attempt.httpStatus !== undefined) record.httpStatus = attempt.httpStatus;
  if (attempt.failure !== undefined) record.failure = attempt.failure;
  if (attempt.waitMs !== undefined) record.wait = wholeMs(attempt.waitMs);
  return record;
}

/**
 * One step as SPEC's step record, then our additions; optional additions appear only when they apply.
 * `scenarioFile` is the file of the scenario the record belongs to: a step from elsewhere names its file.
 * `masked` is the same step after the masking boundary when `step` is raw (`--report-raw`): the cURL text
 * always comes from it, since raw never affects cURL text (SPEC, Flag behavior).
 */
export function stepRecord(step: StepResult, scenarioFile: string, masked: StepResult = step): JsonStep {
  const record: JsonStep = {
    index: step.index,
    label: step.label,
    duration: wholeMs(step.durationMs),
    durationLabel: formatDuration(step.durationMs),
    passed: step.status === 'passed',
    curl: masked.request ? toCurl(masked.request) : null,
    request: step.request ? requestRecord(step.request) : null,
    response: step.response ? responseRecord(step.response) : null,
    requestId: step.requestId ?? null,
    assertions: step.assertions.map(assertionRecord),
    status: step.status,
    kind: step.kind,
    section: step.section,
    line: step.loc.line,
    col: step.loc.col,
  };
  if (step.loc.file !== scenarioFile) record.file = step.loc.file;
  if (step.skipReason !== undefined) record.skipReason = step.skipReason;
  if (step.error !== undefined) record.error = step.error;
  if (step.timing) {
    const { maxMs, actualMs, passed } = step.timing;
    record.timing = { max: wholeMs(maxMs), actual: wholeMs(actualMs), passed };
  }
  if (step.attempts) record.attempts = step.attempts.map(attemptRecord);
  if (step.redirects) record.redirects = step.redirects.map((hop) => ({ ...hop }));
  if (step.warnings.length > 0) record.warnings = [...step.warnings];
  if (Object.keys(step.saved).length > 0) record.saved = step.saved;
  if (step.cache) record.cache = { ...step.cache };
  if (step.spreadsheet) record.spreadsheet = { ...step.spreadsheet };
  if (step.children) {
    // A raw child with no masked counterpart shows no cURL text rather than an unmasked one.
    record.children = step.children.map((child, i) =>
      stepRecord(
        child,
        scenarioFile,
        masked === step ? child : (masked.children?.[i] ?? { ...child, request: undefined }),
      ),
    );
  }
  return record;
}

/**
 * The report's `errors`: `label: message` for each failed assertion, a failed `timing.max` and the step's
 * error, in the order the console prints them; a nested step is named through its parents (`outer › inner`).
 */
export function stepErrors(step: StepResult, parents = ''): string[] {
  const name = parents === '' ? step.label : `${parents} › ${step.label}`;
  const errors = step.assertions
    .filter((assertion) => !assertion.passed)
    .map((assertion) => `${name}: ${assertion.message}`);
  if (step.timing && !step.timing.passed) {
    const { maxMs, actualMs } = step.timing;
    errors.push(`${name}: latency ${formatDuration(actualMs)} exceeds timing.max ${formatDuration(maxMs)}`);
  }
  if (step.error !== undefined) errors.push(`${name}: ${step.error}`);
  for (const child of step.children ?? []) errors.push(...stepErrors(child, name));
  return errors;
}
