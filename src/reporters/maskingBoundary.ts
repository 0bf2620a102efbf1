import { parseExpected, type AssertionResult } from '../assertions/index.js';
import type {
  RecordedRequest,
  RecordedResponse,
  RunListener,
  RunResult,
  ScenarioResult,
  StepResult,
} from '../engine/index.js';
import { quoteValue } from '../expressions/index.js';
import { MASK, pathKeys, type Masker } from '../masking/index.js';

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
  if (masker.isSensitive(keys) && assertion.expected !== undefined && assertion.expected !== null) {
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

/**
 * How a step is masked. Bodies, headers, saved values, retry attempts and cache replies can be large, so
 * they are masked when a reporter first reads them (with every secret known by then): the console prints a
 * passing step from its label, method, URL and status, and masking the rest anyway cost a sixth of the
 * runner's own time per step (bench/throughput). Each masked record is one object literal of a fixed
 * shape (a field the step lacks reads as undefined), which V8 builds far faster than a copy key by key.
 * The fields the runner itself writes (positions, kinds, states, timings, protocol numbers) pass as they
 * are: nothing a scenario or a server sends reaches them, and masking them could only go wrong (a numeric
 * secret 1234 would have hidden a duration of 1234 ms).
 */
type Masked<T> = { [K in keyof Required<T>]: T[K] | undefined };

/** The paths masked fields sit at, made once: a run masks the same few on every step. */
const paths = new Map<string, readonly string[]>();
function pathOf(...keys: string[]): readonly string[] {
  const id = keys.join('.');
  let path = paths.get(id);
  if (path === undefined) {
    path = keys;
    paths.set(id, path);
  }
  return path;
}

/** A getter's value, masked on first read. */
function onRead<T>(mask: () => T): () => T {
  let done = false;
  let masked: T;
  return () => {
    if (!done) {
      masked = mask();
      done = true;
    }
    return masked;
  };
}

function maskRequest(raw: RecordedRequest, masker: Masker): RecordedRequest {
  if (masker.isSensitive(pathOf('request'))) return MASK as unknown as RecordedRequest;
  const headers = onRead(() => masker.maskValue(raw.headers, pathOf('request', 'headers')));
  const body = onRead(() => masker.maskValue(raw.body, pathOf('request', 'body')));
  const out: Masked<RecordedRequest> = {
    method: masker.maskValue(raw.method, pathOf('request', 'method')),
    url: masker.maskValue(raw.url, pathOf('request', 'url')),
    get headers() {
      return headers();
    },
    get body() {
      return body();
    },
  };
  return out as RecordedRequest;
}

function maskResponse(raw: RecordedResponse, masker: Masker): RecordedResponse {
  if (masker.isSensitive(pathOf('response'))) return MASK as unknown as RecordedResponse;
  const headers = onRead(() => masker.maskValue(raw.headers, pathOf('response', 'headers')));
  const body = onRead(() => masker.maskValue(raw.body, pathOf('response', 'body')));
  const out: Masked<RecordedResponse> = {
    status: raw.status,
    statusText: masker.maskValue(raw.statusText, pathOf('response', 'statusText')),
    httpVersion: raw.httpVersion,
    get headers() {
      return headers();
    },
    get body() {
      return body();
    },
    sizeBytes: raw.sizeBytes,
  };
  return out as RecordedResponse;
}

/** Masks steps, scenarios and runs for one masker, each step once while the set of secrets is unchanged. */
export interface ResultMasker {
  step(step: StepResult): StepResult;
  scenario(scenario: ScenarioResult): ScenarioResult;
  run(run: RunResult): RunResult;
}

export function createResultMasker(masker: Masker): ResultMasker {
  // Secrets found later in the run (a token saved at step 5) must be masked in earlier steps too when the
  // run's end is reported, so a cached copy is only reused while the set of secrets is unchanged.
  const masked = new WeakMap<StepResult, { version: number; step: StepResult }>();
  const step = (raw: StepResult): StepResult => {
    const cached = masked.get(raw);
    if (cached && cached.version === masker.secretsVersion) return cached.step;
    const field = <K extends keyof StepResult>(key: K) =>
      onRead(() => masker.maskValue(raw[key], pathOf(key)));
    const saved = field('saved');
    const attempts = field('attempts');
    const redirects = field('redirects');
    const cache = field('cache');
    const spreadsheet = field('spreadsheet');
    const variablesAtFailure = field('variablesAtFailure');
    const out: Masked<StepResult> = {
      index: raw.index,
      section: raw.section,
      kind: raw.kind,
      label: masker.maskValue(raw.label, pathOf('label')),
      status: raw.status,
      durationMs: raw.durationMs,
      loc: raw.loc,
      request: raw.request && maskRequest(raw.request, masker),
      response: raw.response && maskResponse(raw.response, masker),
      assertions: raw.assertions.map((assertion) => maskAssertion(assertion, masker)),
      get saved() {
        return saved();
      },
      warnings: masker.maskValue(raw.warnings, pathOf('warnings')),
      error: masker.maskValue(raw.error, pathOf('error')),
      skipReason: masker.maskValue(raw.skipReason, pathOf('skipReason')),
      timing: raw.timing,
      requestId: masker.maskValue(raw.requestId, pathOf('requestId')),
      children: raw.children?.map(step),
      get attempts() {
        return attempts();
      },
      get redirects() {
        return redirects();
      },
      get cache() {
        return cache();
      },
      get spreadsheet() {
        return spreadsheet();
      },
      haltsScenario: raw.haltsScenario,
      get variablesAtFailure() {
        return variablesAtFailure();
      },
    };
    const result = out as StepResult;
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
  return { step, scenario, run };
}

/**
 * The one masking boundary between the engine and every reporter (STYLE.md, "Masking happens at one
 * boundary"): each event is masked before any reporter sees it. A step is masked once, however many events
 * carry it (its own end, its scenario's end, the run's end), and only the hooks the listener has are wired.
 */
export function maskEvents(listener: RunListener, masker: Masker): RunListener {
  const results = createResultMasker(masker);
  const out: RunListener = {};
  if (listener.onRunBegin) out.onRunBegin = (event) => listener.onRunBegin?.(masker.maskValue(event));
  if (listener.onScenarioBegin)
    out.onScenarioBegin = (event) => listener.onScenarioBegin?.(masker.maskValue(event));
  if (listener.onStepBegin) {
    // Once per step: only the two texts a scenario writes are masked (section, depth and loc are the runner's).
    out.onStepBegin = (event) =>
      listener.onStepBegin?.({
        ...event,
        scenario: masker.maskValue(event.scenario, pathOf('scenario')),
        label: masker.maskValue(event.label, pathOf('label')),
      });
  }
  if (listener.onStepEnd) {
    out.onStepEnd = (event) =>
      listener.onStepEnd?.({
        ...event,
        scenario: masker.maskValue(event.scenario, pathOf('scenario')),
        result: results.step(event.result),
      });
  }
  if (listener.onScenarioEnd)
    out.onScenarioEnd = (result) => listener.onScenarioEnd?.(results.scenario(result));
  if (listener.onRunEnd) out.onRunEnd = (result) => listener.onRunEnd?.(results.run(result));
  return out;
}
