import { grpcStatusName, type AssertionResult } from '../../assertions/index.js';
import type {
  AttemptRecord,
  RecordedRequest,
  RecordedResponse,
  StepResult,
  StreamExchange,
} from '../../engine/index.js';
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

/** A stream step's connection as a request (URL, headers, what was sent) and a response holding its items. */
function streamRecords(stream: StreamExchange): { request: JsonRequest; response: JsonResponse } {
  const request: JsonRequest = {
    // A gRPC call is an HTTP/2 POST; the other streams open with a GET.
    method: stream.kind === 'grpc' ? 'POST' : 'GET',
    url: stream.url,
    headers: stream.requestHeaders ?? {},
    body: null,
  };
  if (stream.proxy !== undefined) request.proxy = stream.proxy;
  if (stream.sent !== undefined) request.sent = stream.sent;
  const response: JsonResponse = {
    status: stream.status ?? 0,
    headers: stream.headers ?? {},
    body: null,
    statusText:
      stream.kind === 'grpc' && stream.status !== undefined ? (grpcStatusName(stream.status) ?? '') : '',
    httpVersion: stream.httpVersion ?? '1.1',
    sizeBytes: 0,
    [stream.itemsKey]: stream.items,
    itemCount: stream.itemCount,
  };
  if (stream.close !== undefined) response.close = stream.close;
  if (stream.trailers !== undefined) response.trailers = stream.trailers;
  return { request, response };
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
  const record = ownStepRecord(step, scenarioFile, masked);
  if (step.children) {
    record.children = [];
    for (const [child, maskedChild] of childPairs(step, masked))
      record.children.push(stepRecord(child, scenarioFile, maskedChild));
  }
  return record;
}

/** A step's record without its nested records (`children`, always the last key when present). */
export function ownStepRecord(step: StepResult, scenarioFile: string, masked: StepResult = step): JsonStep {
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
  if (step.stream) Object.assign(record, streamRecords(step.stream));
  if (step.loc.file !== scenarioFile) record.file = step.loc.file;
  if (step.skipReason !== undefined) record.skipReason = step.skipReason;
  if (step.error !== undefined) record.error = step.error;
  if (step.timing) {
    const { maxMs, actualMs, passed } = step.timing;
    record.timing = { max: wholeMs(maxMs), actual: wholeMs(actualMs), passed };
  }
  if (step.attempts) record.attempts = step.attempts.map(attemptRecord);
  if (step.redirects) record.redirects = step.redirects.map((hop) => ({ ...hop }));
  if (step.authExchanges) {
    record.authExchanges = step.authExchanges.map((exchange) => ({
      purpose: exchange.purpose,
      request: requestRecord(exchange.request),
      response: exchange.response ? responseRecord(exchange.response) : null,
      ...(exchange.durationMs === undefined ? {} : { duration: wholeMs(exchange.durationMs) }),
      ...(exchange.error === undefined ? {} : { error: exchange.error }),
    }));
  }
  if (step.warnings.length > 0) record.warnings = [...step.warnings];
  if (Object.keys(step.saved).length > 0) record.saved = step.saved;
  if (step.cache) record.cache = { ...step.cache };
  if (step.spreadsheet) record.spreadsheet = { ...step.spreadsheet };
  return record;
}

/**
 * Each nested record with its masked counterpart, read together one at a time. A raw child with no masked
 * counterpart shows no cURL text rather than an unmasked one.
 */
export function* childPairs(step: StepResult, masked: StepResult): Generator<[StepResult, StepResult]> {
  if (!step.children) return;
  if (masked === step) {
    for (const child of step.children) yield [child, child];
    return;
  }
  const others = masked.children?.[Symbol.iterator]();
  for (const child of step.children) {
    const other = others?.next();
    yield [child, other && !other.done ? other.value : { ...child, request: undefined }];
  }
}

/**
 * The report's `errors`: `label: message` for each failed assertion, a failed `timing.max` and the step's
 * error, in the order the console prints them; a nested step is named through its parents (`outer › inner`).
 */
export function stepErrors(step: StepResult, parents = ''): string[] {
  const name = stepErrorName(step, parents);
  const errors = ownStepErrors(step, name);
  for (const child of step.children ?? []) errors.push(...stepErrors(child, name));
  return errors;
}

/** How `errors` names a step: through its parents' labels. */
export function stepErrorName(step: StepResult, parents: string): string {
  return parents === '' ? step.label : `${parents} › ${step.label}`;
}

/** The errors of the step itself, without those of its nested records. */
export function ownStepErrors(step: StepResult, name: string): string[] {
  const errors = step.assertions
    .filter((assertion) => !assertion.passed)
    .map((assertion) => `${name}: ${assertion.message}`);
  if (step.timing && !step.timing.passed) {
    const { maxMs, actualMs } = step.timing;
    errors.push(`${name}: latency ${formatDuration(actualMs)} exceeds timing.max ${formatDuration(maxMs)}`);
  }
  if (step.error !== undefined) errors.push(`${name}: ${step.error}`);
  return errors;
}
