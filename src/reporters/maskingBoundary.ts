import { parseExpected, type AssertionResult } from '../assertions/index.js';
import type { RunListener, RunResult, ScenarioResult, StepResult } from '../engine/index.js';
import { quoteValue } from '../expressions/index.js';
import { MASK, pathKeys, type Masker } from '../masking/index.js';

/**
 * An assertion's message shows the value it found (`got {"token":"eyJ..."}`), shortened. Field masking
 * cannot see inside that text, so the value is masked where it was read and the message is written again
 * with the masked value, shortened only after masking.
 */
function maskAssertion(assertion: AssertionResult, masker: Masker): AssertionResult {
  // A copy: masking shares what it does not change, and the engine's record must stay as it was.
  const masked = { ...masker.maskValue(assertion) };
  const keys = pathKeys(assertion.path);
  let message = assertion.message;
  const swap = (from: string, to: string) => {
    if (from.length > 0 && from !== to) message = message.split(from).join(to);
  };
  if (assertion.actual !== undefined) {
    const actual = masker.maskValue(assertion.actual, keys);
    swap(quoteValue(assertion.actual), quoteValue(actual));
    masked.actual = actual;
  }
  // What a check on a masked field expects is as secret as what it finds (`body.ssn: 123-45-6789`).
  if (masker.isSensitive(keys) && assertion.expected !== undefined && assertion.expected !== null) {
    const parsed = parseExpected(assertion.expected);
    if (parsed.kind === 'literal') {
      swap(quoteValue(parsed.value), MASK);
      masked.expected = MASK;
    } else if (parsed.argument !== undefined) {
      const shown = `${parsed.negated ? 'not ' : ''}${parsed.name} ${MASK}`;
      swap(parsed.display, shown);
      masked.expected = shown;
    }
  }
  return { ...masked, message: masker.maskText(message) };
}

/**
 * Step fields that can be large (bodies, headers, every retry attempt) are masked when a reporter first
 * reads them: the console prints a line per passing step and never looks at its bodies, and masking them
 * anyway was a tenth of the runner's own time per step (bench/throughput). They are still only ever seen
 * masked, with every secret known at the time they are read.
 */
const LAZY_STEP_FIELDS = [
  'request',
  'response',
  'attempts',
  'redirects',
  'cache',
  'spreadsheet',
  'saved',
  'variablesAtFailure',
] as const satisfies readonly (keyof StepResult)[];

function maskLazily(
  out: StepResult,
  step: StepResult,
  field: (typeof LAZY_STEP_FIELDS)[number],
  masker: Masker,
) {
  let masked: unknown;
  let done = false;
  Object.defineProperty(out, field, {
    enumerable: true,
    configurable: true,
    get() {
      if (!done) {
        masked = masker.maskValue(step[field], [field]);
        done = true;
      }
      return masked;
    },
  });
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
    const light: Partial<StepResult> = { ...raw, assertions: [], children: undefined };
    for (const field of LAZY_STEP_FIELDS) delete light[field];
    const out = { ...masker.maskValue(light) } as StepResult;
    out.assertions = raw.assertions.map((assertion) => maskAssertion(assertion, masker));
    if (raw.children) out.children = raw.children.map(step);
    else delete out.children;
    for (const field of LAZY_STEP_FIELDS) {
      if (raw[field] !== undefined) maskLazily(out, raw, field, masker);
    }
    masked.set(raw, { version: masker.secretsVersion, step: out });
    return out;
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
