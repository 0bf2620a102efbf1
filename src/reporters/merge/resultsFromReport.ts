import type { AssertionResult } from '../../assertions/index.js';
import type {
  RecordedRequest,
  RecordedResponse,
  ScenarioResult,
  StepResult,
  StreamExchange,
} from '../../engine/index.js';
import { STREAM_KINDS, type Section, type StepKind } from '../../language/model.js';
import type {
  JsonAssertion,
  JsonReport,
  JsonRequest,
  JsonResponse,
  JsonScenarioRecord,
  JsonStep,
} from '../json/reportTypes.js';

/**
 * `report.json` read back as the finished results every renderer takes, for `runner report merge`. Nothing
 * here masks: the merged run passes the masking boundary afterwards, as a run's results do (issue 28). What a report does not keep
 * is left empty: the variables at a failure (no snapshots are made from a merge) and a column written
 * before reports had `col` (then 1).
 */
function assertionFrom(record: JsonAssertion, file: string): AssertionResult {
  const assertion: AssertionResult = {
    path: record.path,
    expected: record.expected,
    // A missing path is written as `actual: null` with the fields that were there.
    actual: record.actual === null && record.available !== undefined ? undefined : record.actual,
    passed: record.passed,
    message: record.message,
  };
  if (record.available !== undefined) assertion.available = record.available;
  if (record.line !== undefined) assertion.loc = { file, line: record.line, col: record.col ?? 1 };
  return assertion;
}

function stepFrom(record: JsonStep, scenarioFile: string): StepResult {
  const file = record.file ?? scenarioFile;
  const step: StepResult = {
    index: record.index,
    section: record.section as Section,
    kind: record.kind as StepKind,
    label: record.label,
    status: record.status,
    durationMs: record.duration,
    loc: { file, line: record.line, col: record.col ?? 1 },
    assertions: record.assertions.map((assertion) => assertionFrom(assertion, file)),
    saved: record.saved ?? {},
    warnings: record.warnings ?? [],
  };
  const stream = record.request ? streamFrom(record.kind, record.request, record.response) : undefined;
  if (stream) step.stream = stream;
  else {
    if (record.request) step.request = requestFrom(record.request);
    if (record.response) step.response = responseFrom(record.response);
  }
  if (record.requestId !== null) step.requestId = record.requestId;
  if (record.error !== undefined) step.error = record.error;
  if (record.skipReason !== undefined) step.skipReason = record.skipReason;
  if (record.timing) {
    const { max, actual, passed } = record.timing;
    step.timing = { maxMs: max, actualMs: actual, passed };
  }
  if (record.attempts) {
    step.attempts = record.attempts.map(({ duration, wait, ...attempt }) => ({
      ...attempt,
      durationMs: duration,
      ...(wait === undefined ? {} : { waitMs: wait }),
    }));
  }
  if (record.redirects) step.redirects = record.redirects.map((hop) => ({ ...hop }));
  if (record.authExchanges) {
    step.authExchanges = record.authExchanges.map((exchange) => ({
      purpose: exchange.purpose,
      request: requestFrom(exchange.request),
      ...(exchange.response === null ? {} : { response: responseFrom(exchange.response) }),
      ...(exchange.duration === undefined ? {} : { durationMs: exchange.duration }),
      ...(exchange.error === undefined ? {} : { error: exchange.error }),
    }));
  }
  if (record.cache) step.cache = { ...record.cache };
  if (record.spreadsheet) step.spreadsheet = { ...record.spreadsheet };
  if (record.children) step.children = record.children.map((child) => stepFrom(child, scenarioFile));
  return step;
}

/** A stream step's connection, from the request and response its record shows it as (stepRecord.ts). */
function streamFrom(
  kind: string,
  request: JsonRequest,
  response: JsonResponse | null,
): StreamExchange | undefined {
  if (!(STREAM_KINDS as readonly string[]).includes(kind)) return undefined;
  const itemsKey = kind === 'sse' ? 'events' : 'messages';
  const items = (itemsKey === 'events' ? response?.events : response?.messages) ?? [];
  const headers = response?.headers ?? {};
  return {
    kind: kind as StreamExchange['kind'],
    url: request.url,
    ...(Object.keys(request.headers).length === 0 ? {} : { requestHeaders: request.headers }),
    ...(request.sent === undefined ? {} : { sent: request.sent }),
    ...(request.proxy === undefined ? {} : { proxy: request.proxy }),
    itemsKey,
    items,
    itemCount: response?.itemCount ?? items.length,
    ...(response?.close === undefined ? {} : { close: response.close }),
    // gRPC's OK is 0: its status name (statusText) tells it from "no status came".
    ...(response === null || (response.status === 0 && response.statusText === '')
      ? {}
      : { status: response.status }),
    ...(Object.keys(headers).length === 0
      ? {}
      : { headers: Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, [v].flat().join(', ')])) }),
    ...(response?.trailers === undefined ? {} : { trailers: response.trailers }),
    ...(response === null ? {} : { httpVersion: response.httpVersion }),
    durationMs: 0,
  };
}

function requestFrom(record: JsonRequest): RecordedRequest {
  const { method, url, headers, body, proxy } = record;
  return {
    method,
    url,
    headers,
    ...(body === null ? {} : { body }),
    ...(proxy === undefined ? {} : { proxy }),
  };
}

function responseFrom(record: JsonResponse): RecordedResponse {
  const { status, statusText, httpVersion, headers, body, sizeBytes, encoding, encodedSizeBytes } = record;
  return {
    status,
    statusText,
    httpVersion,
    headers,
    sizeBytes,
    ...(body === null ? {} : { body }),
    ...(encoding === undefined ? {} : { encoding, encodedSizeBytes }),
  };
}

function scenarioFrom(record: JsonScenarioRecord): ScenarioResult {
  const { metadata, summary } = record;
  const scenario: ScenarioResult = {
    name: metadata.scenario,
    file: metadata.testFile,
    tags: metadata.tags ?? [],
    environment: metadata.environment,
    status: metadata.status,
    startedAt: metadata.timestamp,
    durationMs: metadata.duration,
    steps: record.steps.map((step) => stepFrom(step, metadata.testFile)),
    counts: {
      passed: summary.passed,
      failed: summary.failed,
      skipped: summary.skipped,
      total: summary.total,
    },
    variables: {},
  };
  if (metadata.description !== undefined) scenario.description = metadata.description;
  if (metadata.interrupted) scenario.interrupted = 'during';
  return scenario;
}

/** The scenario executions a report holds: its own record, or each of `scenarios[]` (DECISIONS.md, Reports). */
export function scenariosFromReport(report: JsonReport): ScenarioResult[] {
  if (report.scenarios !== undefined) return report.scenarios.map(scenarioFrom);
  return [scenarioFrom(report)];
}
