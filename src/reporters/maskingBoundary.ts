import type { AssertionResult } from '../assertions/index.js';
import type { RunListener, StepResult } from '../engine/index.js';
import { quoteValue } from '../expressions/index.js';
import { pathKeys, type Masker } from '../masking/index.js';

/**
 * An assertion's message shows the value it found (`got {"token":"eyJ..."}`), shortened. Field masking
 * cannot see inside that text, so the value is masked where it was read and the message is written again
 * with the masked value, shortened only after masking.
 */
function maskAssertion(assertion: AssertionResult, masker: Masker): AssertionResult {
  const masked = masker.maskValue(assertion);
  if (assertion.actual === undefined) return masked;
  const actual = masker.maskValue(assertion.actual, pathKeys(assertion.path));
  const shown = quoteValue(assertion.actual);
  const message = assertion.message.includes(shown)
    ? assertion.message.split(shown).join(quoteValue(actual))
    : assertion.message;
  return { ...masked, actual, message: masker.maskText(message) };
}

function maskStep(step: StepResult, masker: Masker): StepResult {
  const masked = masker.maskValue(step);
  masked.assertions = step.assertions.map((assertion) => maskAssertion(assertion, masker));
  if (step.children) masked.children = step.children.map((child) => maskStep(child, masker));
  return masked;
}

/**
 * The one masking boundary between the engine and every reporter (STYLE.md, "Masking happens at one
 * boundary"): each event is masked before any reporter sees it.
 */
export function maskEvents(listener: RunListener, masker: Masker): RunListener {
  return {
    onRunBegin: (event) => listener.onRunBegin?.(masker.maskValue(event)),
    onScenarioBegin: (event) => listener.onScenarioBegin?.(masker.maskValue(event)),
    onStepBegin: (event) => listener.onStepBegin?.(masker.maskValue(event)),
    onStepEnd: (event) =>
      listener.onStepEnd?.({ ...masker.maskValue(event), result: maskStep(event.result, masker) }),
    onScenarioEnd: (result) =>
      listener.onScenarioEnd?.({
        ...masker.maskValue(result),
        steps: result.steps.map((step) => maskStep(step, masker)),
      }),
    onRunEnd: (result) =>
      listener.onRunEnd?.({
        ...masker.maskValue(result),
        scenarios: result.scenarios.map((scenario) => ({
          ...masker.maskValue(scenario),
          steps: scenario.steps.map((step) => maskStep(step, masker)),
        })),
      }),
  };
}
