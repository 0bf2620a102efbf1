import { parseExpected, type AssertionResult } from '../assertions/index.js';
import type { RunListener, ScenarioResult, StepResult } from '../engine/index.js';
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
 * The one masking boundary between the engine and every reporter (STYLE.md, "Masking happens at one
 * boundary"): each event is masked before any reporter sees it. A step is masked once, however many events
 * carry it (its own end, its scenario's end, the run's end), and only the hooks the listener has are wired.
 */
export function maskEvents(listener: RunListener, masker: Masker): RunListener {
  // Secrets found later in the run (a token saved at step 5) must be masked in earlier steps too when the
  // run's end is reported, so a cached copy is only reused while the set of secrets is unchanged.
  const masked = new WeakMap<StepResult, { version: number; step: StepResult }>();
  const maskStep = (step: StepResult): StepResult => {
    const cached = masked.get(step);
    if (cached && cached.version === masker.secretsVersion) return cached.step;
    const out: StepResult = { ...masker.maskValue({ ...step, assertions: [], children: undefined }) };
    out.assertions = step.assertions.map((assertion) => maskAssertion(assertion, masker));
    if (step.children) out.children = step.children.map(maskStep);
    else delete out.children;
    masked.set(step, { version: masker.secretsVersion, step: out });
    return out;
  };
  const maskScenario = (scenario: ScenarioResult): ScenarioResult => ({
    ...masker.maskValue({ ...scenario, steps: [] }),
    steps: scenario.steps.map(maskStep),
  });
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
        result: maskStep(event.result),
      });
  }
  if (listener.onScenarioEnd) out.onScenarioEnd = (result) => listener.onScenarioEnd?.(maskScenario(result));
  if (listener.onRunEnd) {
    out.onRunEnd = (result) =>
      listener.onRunEnd?.({
        ...masker.maskValue({ ...result, scenarios: [] }),
        scenarios: result.scenarios.map(maskScenario),
      });
  }
  return out;
}
