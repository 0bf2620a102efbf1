import { parseExpected, type AssertionResult } from '../assertions/index.js';
import type {
  AuthExchangeRecord,
  RecordRetention,
  RecordedRequest,
  StreamExchange,
  RecordedResponse,
  RunListener,
  RunResult,
  ScenarioResult,
  StepList,
  StepResult,
} from '../engine/index.js';
import { quoteValue } from '../expressions/index.js';
import { MASK, pathKeys, type Masker } from '../masking/index.js';
import { LAZY, maskedOnRead } from './maskOnRead.js';

/**
 * An assertion's message shows the value it found (`got {"token":"eyJ..."}`), shortened. Field masking
 * cannot see inside that text, so the value is masked where it was read and the message is written again
 * with the masked value, shortened only after masking. An assertion with nothing to mask is returned as it
 * is (a run masks three or so per step, nearly always unchanged).
 */
function maskAssertion(assertion: AssertionResult, masker: Masker): AssertionResult {
  const keys = pathKeys(assertion.path);
  let message = assertion.message;
  const swap = (from: string, to: string) => {
    if (from.length > 0 && from !== to) message = message.split(from).join(to);
  };
  const actual = masker.maskValue(assertion.actual, keys);
  if (actual !== assertion.actual) swap(quoteValue(assertion.actual), quoteValue(actual));
  let expected = masker.maskValue(assertion.expected);
  // What a check on a masked field expects is as secret as what it finds (`body.ssn: 123-45-6789`).
  if (masker.isCookieHeader(keys) && assertion.expected !== undefined && assertion.expected !== null) {
    // A cookie header is masked cookie by cookie, and so is what a check on it expects.
    const parsed = parseExpected(assertion.expected);
    const written = parsed.kind === 'literal' ? parsed.value : parsed.argument;
    const shown = typeof written === 'string' ? masker.maskValue(written, keys) : written;
    if (typeof written === 'string' && shown !== written) {
      if (parsed.kind === 'literal') {
        swap(quoteValue(written), quoteValue(shown));
        expected = shown;
      } else {
        const display = parsed.display.split(written).join(String(shown));
        swap(parsed.display, display);
        expected = display;
      }
    }
  } else if (masker.isSensitive(keys) && assertion.expected !== undefined && assertion.expected !== null) {
    const parsed = parseExpected(assertion.expected);
    if (parsed.kind === 'literal') {
      swap(quoteValue(parsed.value), MASK);
      expected = MASK;
    } else if (parsed.argument !== undefined) {
      const shown = `${parsed.negated ? 'not ' : ''}${parsed.name} ${MASK}`;
      swap(parsed.display, shown);
      expected = shown;
    }
  }
  message = masker.maskText(message);
  const path = masker.maskText(assertion.path);
  const available = masker.maskValue(assertion.available);
  if (
    actual === assertion.actual &&
    expected === assertion.expected &&
    message === assertion.message &&
    path === assertion.path &&
    available === assertion.available
  ) {
    return assertion;
  }
  // A copy (its `loc` is the runner's own): the engine's record must stay as it was.
  const masked: AssertionResult = { ...assertion, path, expected, actual, message };
  if (available !== undefined) masked.available = available;
  return masked;
}

/** The step's assertions, as the same list when none had anything to mask (nearly always). */
function maskAssertions(list: AssertionResult[], masker: Masker): AssertionResult[] {
  let out: AssertionResult[] | undefined;
  for (let i = 0; i < list.length; i++) {
    const masked = maskAssertion(list[i]!, masker);
    if (masked !== list[i]) (out ??= list.slice())[i] = masked;
  }
  return out ?? list;
}

/**
 * How a step is masked. Bodies, headers, nested records and the variables at a failure can be large, so
 * they are masked when a reporter first reads them (with every secret known by then): the console prints a
 * passing step from its label, method, URL and status, and masking bodies anyway cost a sixth of the
 * runner's own time per step (bench/throughput). Each masked record is one object literal of a fixed shape
 * (a field the step lacks reads as undefined), which V8 builds far faster than a copy key by key.
 * The fields the runner itself writes (positions, kinds, states, timings, protocol numbers) pass as they
 * are: nothing a scenario or a server sends reaches them, and masking them could only go wrong (a numeric
 * secret 1234 would have hidden a duration of 1234 ms).
 */
type Masked<T> = { [K in keyof Required<T>]: T[K] | undefined };

/** The paths of masked fields, made once: a step is masked at the same few paths every time. */
const PATH = {
  scenario: ['scenario'],
  label: ['label'],
  saved: ['saved'],
  warnings: ['warnings'],
  error: ['error'],
  skipReason: ['skipReason'],
  requestId: ['requestId'],
  attempts: ['attempts'],
  redirects: ['redirects'],
  cache: ['cache'],
  stream: ['stream'],
  spreadsheet: ['spreadsheet'],
  variablesAtFailure: ['variablesAtFailure'],
  request: ['request'],
  requestMethod: ['request', 'method'],
  requestUrl: ['request', 'url'],
  requestHeaders: ['request', 'headers'],
  requestBody: ['request', 'body'],
  response: ['response'],
  responseStatusText: ['response', 'statusText'],
  responseHeaders: ['response', 'headers'],
  responseBody: ['response', 'body'],
} as const satisfies Record<string, readonly string[]>;

/** A lazily masked field not read yet (undefined is a value a field can have). */
const UNREAD: unique symbol = Symbol('unread');

/** Where a request's and a response's large fields are masked, made once. */
const REQUEST_LAZY = { headers: PATH.requestHeaders, body: PATH.requestBody };
const RESPONSE_LAZY = { headers: PATH.responseHeaders, body: PATH.responseBody };

function maskRequest(raw: RecordedRequest, masker: Masker): RecordedRequest {
  if (masker.isSensitive(PATH.request)) return MASK as unknown as RecordedRequest;
  const fields: Masked<RecordedRequest> = {
    method: masker.maskValue(raw.method, PATH.requestMethod),
    url: masker.maskValue(raw.url, PATH.requestUrl),
    headers: LAZY as RecordedRequest['headers'],
    body: LAZY,
    proxy: raw.proxy === undefined ? undefined : masker.maskText(raw.proxy),
  };
  return maskedOnRead<RecordedRequest>(fields, raw, masker, REQUEST_LAZY);
}

/**
 * A stream step's record, each part masked where the same part of an HTTP exchange is (its headers as
 * request headers, what it sent as a request body, what came as a response body), so `security.mask.fields`
 * rules such as `headers.x-session` or `body.ssn` reach it as they reach a request.
 */
function maskStream(raw: StreamExchange, masker: Masker): StreamExchange {
  if (masker.isSensitive(PATH.stream)) return MASK as unknown as StreamExchange;
  return {
    ...raw,
    url: masker.maskValue(raw.url, PATH.requestUrl),
    requestHeaders: masker.maskValue(raw.requestHeaders, PATH.requestHeaders),
    sent: masker.maskValue(raw.sent, PATH.requestBody),
    items: masker.maskValue(raw.items, PATH.responseBody),
    close: masker.maskValue(raw.close, PATH.stream),
    headers: masker.maskValue(raw.headers, PATH.responseHeaders),
    trailers: masker.maskValue(raw.trailers, PATH.responseHeaders),
    proxy: raw.proxy === undefined ? undefined : masker.maskText(raw.proxy),
  };
}

function maskResponse(raw: RecordedResponse, masker: Masker): RecordedResponse {
  if (masker.isSensitive(PATH.response)) return MASK as unknown as RecordedResponse;
  const fields: Masked<RecordedResponse> = {
    status: raw.status,
    statusText: masker.maskValue(raw.statusText, PATH.responseStatusText),
    httpVersion: raw.httpVersion,
    headers: LAZY as RecordedResponse['headers'],
    body: LAZY,
    sizeBytes: raw.sizeBytes,
    encoding: raw.encoding,
    encodedSizeBytes: raw.encodedSizeBytes,
  };
  return maskedOnRead<RecordedResponse>(fields, raw, masker, RESPONSE_LAZY);
}

/** A token request or Digest challenge: its request and response masked as the step's own are. */
function maskAuthExchange(raw: AuthExchangeRecord, masker: Masker): AuthExchangeRecord {
  return {
    purpose: raw.purpose,
    request: maskRequest(raw.request, masker),
    ...(raw.response === undefined ? {} : { response: maskResponse(raw.response, masker) }),
    ...(raw.durationMs === undefined ? {} : { durationMs: raw.durationMs }),
    ...(raw.error === undefined ? {} : { error: masker.maskText(raw.error) }),
  };
}

/**
 * A list masked as it is read: an array is masked at once (a run kept in memory); records read back from disk
 * one at a time are masked one at a time, so a long loop is never held whole.
 */
function maskedList(list: StepList, mask: (step: StepResult) => StepResult): StepList {
  if (Array.isArray(list)) return (list as readonly StepResult[]).map(mask);
  return {
    length: list.length,
    *[Symbol.iterator]() {
      for (const item of list) yield mask(item);
    },
  };
}

/** Masks steps, scenarios and runs for one masker, each step once while the set of secrets is unchanged. */
export interface ResultMasker {
  step(step: StepResult): StepResult;
  /**
   * A record that passes the boundary once, as it ends (a nested step's own event): masked like `step`, but
   * not remembered, so a long loop does not keep a masked copy of every record it printed.
   */
  once(step: StepResult): StepResult;
  scenario(scenario: ScenarioResult): ScenarioResult;
  run(run: RunResult): RunResult;
}

export function createResultMasker(masker: Masker): ResultMasker {
  // Secrets found later in the run (a token saved at step 5) must be masked in earlier steps too when the
  // run's end is reported, so a cached copy is only reused while the set of secrets is unchanged.
  const masked = new WeakMap<StepResult, { version: number; step: StepResult }>();
  const maskStep = (raw: StepResult): StepResult => {
    const out: Masked<StepResult> = {
      index: raw.index,
      section: raw.section,
      kind: raw.kind,
      label: masker.maskValue(raw.label, PATH.label),
      status: raw.status,
      durationMs: raw.durationMs,
      loc: raw.loc,
      request: raw.request && maskRequest(raw.request, masker),
      response: raw.response && maskResponse(raw.response, masker),
      assertions: maskAssertions(raw.assertions, masker),
      saved: masker.maskValue(raw.saved, PATH.saved),
      warnings: masker.maskValue(raw.warnings, PATH.warnings),
      error: masker.maskValue(raw.error, PATH.error),
      skipReason: masker.maskValue(raw.skipReason, PATH.skipReason),
      timing: raw.timing,
      requestId: masker.maskValue(raw.requestId, PATH.requestId),
      // The operation's label comes from the OpenAPI document, not from the exchange: nothing to mask.
      operation: raw.operation,
      children: raw.children && raw.children.length === 0 ? [] : undefined,
      childCounts: raw.childCounts,
      attempts: masker.maskValue(raw.attempts, PATH.attempts),
      redirects: masker.maskValue(raw.redirects, PATH.redirects),
      authExchanges: raw.authExchanges?.map((exchange) => maskAuthExchange(exchange, masker)),
      cache: masker.maskValue(raw.cache, PATH.cache),
      stream: raw.stream && maskStream(raw.stream, masker),
      spreadsheet: masker.maskValue(raw.spreadsheet, PATH.spreadsheet),
      haltsScenario: raw.haltsScenario,
      variablesAtFailure: undefined,
    };
    // Nested records and the variables at a failure can be large: masked when first read (a loop's end
    // does not mask its 20,000 passes again unless a reporter reads them). Most records have neither, and
    // stay a plain object of one shape, which V8 builds far faster than one with accessors.
    if ((raw.children && raw.children.length > 0) || raw.variablesAtFailure !== undefined) {
      let children: StepResult['children'] | typeof UNREAD = UNREAD;
      let variablesAtFailure: StepResult['variablesAtFailure'] | typeof UNREAD = UNREAD;
      Object.defineProperties(out, {
        children: {
          enumerable: true,
          get: () =>
            children === UNREAD ? (children = raw.children && maskedList(raw.children, step)) : children,
        },
        variablesAtFailure: {
          enumerable: true,
          get: () =>
            variablesAtFailure === UNREAD
              ? (variablesAtFailure = masker.maskValue(raw.variablesAtFailure, PATH.variablesAtFailure))
              : variablesAtFailure,
        },
      });
    }
    return out as StepResult;
  };
  const step = (raw: StepResult): StepResult => {
    const cached = masked.get(raw);
    if (cached && cached.version === masker.secretsVersion) return cached.step;
    const result = maskStep(raw);
    masked.set(raw, { version: masker.secretsVersion, step: result });
    return result;
  };
  const scenario = (raw: ScenarioResult): ScenarioResult => ({
    ...masker.maskValue({ ...raw, steps: [] }),
    steps: raw.steps.map(step),
  });
  const run = (raw: RunResult): RunResult => ({
    ...masker.maskValue({ ...raw, scenarios: [] }),
    scenarios: raw.scenarios.map(scenario),
  });
  return { step, once: maskStep, scenario, run };
}

/**
 * The one masking boundary between the engine and every reporter (STYLE.md, "Masking happens at one
 * boundary"): each event is masked before any reporter sees it. A step is masked once, however many events
 * carry it (its own end, its scenario's end, the run's end), and only the hooks the listener has are wired.
 */
export function maskEvents(listener: RunListener, masker: Masker, keep?: RecordRetention): RunListener {
  const results = createResultMasker(masker);
  const out: RunListener = {};
  // Every step event names its scenario: masked once while the name and the secrets stay the same.
  let scenario: { raw: string; version: number; masked: string } | undefined;
  const scenarioName = (raw: string): string => {
    if (scenario?.raw !== raw || scenario.version !== masker.secretsVersion)
      scenario = { raw, version: masker.secretsVersion, masked: masker.maskValue(raw, PATH.scenario) };
    return scenario.masked;
  };
  if (listener.onRunBegin) out.onRunBegin = (event) => listener.onRunBegin?.(masker.maskValue(event));
  if (listener.onScenarioBegin)
    out.onScenarioBegin = (event) => listener.onScenarioBegin?.(masker.maskValue(event));
  if (listener.onStepBegin) {
    // Once per step: only the two texts a scenario writes are masked (section, depth and loc are the runner's).
    out.onStepBegin = (event) =>
      listener.onStepBegin?.({
        ...event,
        scenario: scenarioName(event.scenario),
        label: masker.maskValue(event.label, PATH.label),
      });
  }
  if (listener.onStepEnd) {
    out.onStepEnd = (event) => {
      // A record comes back with its scenario's and the run's end only when the run keeps it (recordList):
      // a nested one never, a top-level one unless the run keeps only failures and this one passed. Those
      // are masked once and not remembered (a weak entry per step showed in the step loop and in its GC).
      const comesBack = event.depth === 0 && (keep !== 'failed' || event.result.status === 'failed');
      listener.onStepEnd?.({
        ...event,
        scenario: scenarioName(event.scenario),
        result: comesBack ? results.step(event.result) : results.once(event.result),
      });
    };
  }
  if (listener.onScenarioEnd)
    out.onScenarioEnd = (result) => listener.onScenarioEnd?.(results.scenario(result));
  if (listener.onRunEnd) out.onRunEnd = (result) => listener.onRunEnd?.(results.run(result));
  return out;
}
