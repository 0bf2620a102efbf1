import { parseExpected, type AssertionResult } from '../assertions/index.js';
import type { RunListener, RunResult, ScenarioResult, StepResult } from '../engine/index.js';
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
 * Step fields that can be large (bodies, headers, every retry attempt) are masked when a reporter first
 * reads them: the console prints a line per passing step from the method, URL and status and never looks
 * at headers or bodies, and masking them anyway was a sixth of the runner's own time per step
 * (bench/throughput). They are still only ever seen masked, with every secret known when they are read.
 * The number is how many levels stay lazy: `request.method` is masked with the request, `request.body`
 * only when read.
 */
const LAZY_STEP_FIELDS: ReadonlyMap<string, number> = new Map([
  ['request', 1],
  ['response', 1],
  ['attempts', 0],
  ['redirects', 0],
  ['cache', 0],
  ['spreadsheet', 0],
  ['saved', 0],
  ['variablesAtFailure', 0],
]);

/**
 * Fields the runner itself writes (positions, kinds, states, timings): no variable or response can reach
 * them, so they pass as they are. Masking them cost a tenth of masking a step, and could only go wrong:
 * a numeric secret `1234` would have hidden a duration of 1234 ms.
 */
const RUNNER_STEP_FIELDS: ReadonlySet<string> = new Set([
  'index',
  'section',
  'kind',
  'status',
  'durationMs',
  'loc',
  'haltsScenario',
]);

function defineLazily(out: Record<string, unknown>, key: string, mask: () => unknown): void {
  let masked: unknown;
  let done = false;
  Object.defineProperty(out, key, {
    enumerable: true,
    configurable: true,
    get() {
      if (!done) {
        masked = mask();
        done = true;
      }
      return masked;
    },
  });
}

/** `value` at `at`, masked as `masker.maskValue` would, with objects `depth` levels down masked on read. */
function maskOnRead(value: unknown, at: readonly string[], depth: number, masker: Masker): unknown {
  if (depth <= 0 || value === null || typeof value !== 'object' || Array.isArray(value)) {
    return masker.maskValue(value, at);
  }
  if (masker.isSensitive(at)) return MASK;
  const record = value as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  const path = [...at, ''];
  for (const key of Object.keys(record)) {
    const item = record[key];
    if (item === null || typeof item !== 'object') {
      path[at.length] = key;
      out[key] = masker.maskValue(item, path);
    } else if (Object.keys(item).length === 0) {
      out[key] = item;
    } else {
      defineLazily(out, key, () => maskOnRead(item, [...at, key], depth - 1, masker));
    }
  }
  return out;
}

/** `[key]`, made once per key: a step's fields are masked at paths of one key, the same dozen each time. */
const fieldPaths = new Map<string, readonly string[]>();
function fieldPath(key: string): readonly string[] {
  let path = fieldPaths.get(key);
  if (path === undefined) {
    path = [key];
    fieldPaths.set(key, path);
  }
  return path;
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
    const record = raw as unknown as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(record)) {
      const value = record[key];
      const depth = LAZY_STEP_FIELDS.get(key);
      if (RUNNER_STEP_FIELDS.has(key)) out[key] = value;
      else if (key === 'assertions') out.assertions = raw.assertions.map((a) => maskAssertion(a, masker));
      else if (key === 'children') {
        if (raw.children) out.children = raw.children.map(step);
      } else if (depth === undefined || value === null || typeof value !== 'object') {
        out[key] = masker.maskValue(value, fieldPath(key));
      } else if (depth > 0) {
        // Not lazy itself: a reader of `request` nearly always reads `request.method` and `request.url`.
        out[key] = maskOnRead(value, fieldPath(key), depth, masker);
      } else if (Object.keys(value).length === 0) {
        out[key] = value;
      } else {
        defineLazily(out, key, () => maskOnRead(value, fieldPath(key), depth, masker));
      }
    }
    const result = out as unknown as StepResult;
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
  if (listener.onStepBegin) out.onStepBegin = (event) => listener.onStepBegin?.(masker.maskValue(event));
  if (listener.onStepEnd) {
    out.onStepEnd = (event) =>
      listener.onStepEnd?.({
        ...event,
        scenario: masker.maskText(event.scenario),
        result: results.step(event.result),
      });
  }
  if (listener.onScenarioEnd)
    out.onScenarioEnd = (result) => listener.onScenarioEnd?.(results.scenario(result));
  if (listener.onRunEnd) out.onRunEnd = (result) => listener.onRunEnd?.(results.run(result));
  return out;
}
