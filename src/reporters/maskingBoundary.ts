import type { RunListener, StepResult } from '../engine/index.js';
import { MASK, type Masker } from '../masking/index.js';

/** Splits `body.user.token` / `headers.authorization` into keys, for the field-name rule. */
function pathKeys(path: string): string[] {
  return path.split(/[.[\]"']+/).filter((part) => part.length > 0);
}

/**
 * An assertion on a masked field (`body.token: exists`) carries the secret as its `actual` and inside its
 * message; field-name masking cannot see that, so it is handled here.
 */
function maskStep(step: StepResult, masker: Masker): StepResult {
  const masked = masker.maskValue(step);
  masked.assertions = masked.assertions.map((assertion, i) => {
    const original = step.assertions[i];
    if (!original || !masker.isSensitive(pathKeys(assertion.path)) || original.actual === undefined)
      return assertion;
    let message = assertion.message;
    for (const form of [JSON.stringify(original.actual), String(original.actual)]) {
      if (form && form.length > 0) message = message.split(form).join(MASK);
    }
    return { ...assertion, actual: MASK, message: masker.maskText(message) };
  });
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
