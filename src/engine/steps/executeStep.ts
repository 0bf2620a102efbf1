import { evaluateCondition, interpolate, valueAsText } from '../../expressions/index.js';
import type { Section, Step } from '../../language/model.js';
import type { StepBegin, StepEnd, StepNesting } from '../events.js';
import { interruptedReason } from '../interrupts.js';
import type { StepResult } from '../results.js';
import { executeCacheStep } from './cache.js';
import { describeError, type StepContext, type StepOutcome } from './context.js';
import { executeExportStep } from './export.js';
import { executeImportStep } from './import.js';
import { executeForEachStep, executeRepeatStep } from './loops.js';
import { executeRequestStep } from './request.js';
import { withRetry } from './retry.js';
import { executeSetStep, setLabel } from './set.js';
import { executeStreamStep } from './stream.js';
import { streamLabel } from './streamKinds.js';
import { executeUseStep } from './use.js';

/**
 * A `name` with its variables filled in from the variables of the moment (DECISIONS, Wave 2 "Language
 * additions"); the reporters mask it like any output. A name that cannot be filled in yet is shown as written.
 */
function resolvedName(name: string, context: StepContext): string {
  if (!name.includes('$') && !name.includes('{{')) return name;
  try {
    return valueAsText(interpolate(name, context.store, context.services.runtime));
  } catch {
    return name;
  }
}

/** The label a step shows before it runs: its `name`, else what it does. */
function stepLabel(step: Step, context?: StepContext): string {
  if (step.name) return context === undefined ? step.name : resolvedName(step.name, context);
  switch (step.kind) {
    case 'request':
      return `${step.request.method} ${step.request.url}`;
    case 'set':
      return setLabel(step);
    case 'cache':
      return `cache ${step.cache.command} ${step.cache.key} on ${step.cache.connection}`;
    case 'websocket':
    case 'sse':
    case 'subscription':
    case 'grpc':
      return streamLabel(step);
    case 'use':
      return `use ${step.use}`;
    case 'export':
      return `export ${step.export.from} to ${step.export.file}`;
    case 'import':
      return `import ${step.import.file} as $${step.import.as}`;
    case 'repeat':
      return `repeat (up to ${step.repeat.attempts})`;
    case 'for_each':
      return `for_each ${step.forEach.from}`;
  }
}

/** Not async itself: each executor's own promise (or outcome) is awaited once, by executeStep. */
function dispatch(step: Step, context: StepContext): Promise<StepOutcome> | StepOutcome {
  switch (step.kind) {
    case 'request':
      return withRetry(step, context, () => executeRequestStep(step, context));
    case 'cache':
      return withRetry(step, context, () => executeCacheStep(step, context));
    case 'websocket':
    case 'sse':
    case 'subscription':
    case 'grpc':
      return withRetry(step, context, () => executeStreamStep(step, context));
    case 'set':
      return executeSetStep(step, context);
    case 'export':
      return executeExportStep(step, context);
    case 'import':
      return executeImportStep(step, context);
    case 'use':
      return executeUseStep(step, context);
    case 'repeat':
      return executeRepeatStep(step, context);
    case 'for_each':
      return executeForEachStep(step, context);
  }
}

/** Loops and `use` run nested steps, whose records end before theirs (see StepNesting). */
function nestingOf(step: Step): StepNesting | undefined {
  return step.kind === 'repeat' || step.kind === 'for_each' || step.kind === 'use' ? 'parent' : undefined;
}

/** Runs one step: the `if` guard, the operation, then the record every reporter sees. */
export async function executeStep(step: Step, index: number, context: StepContext): Promise<StepResult> {
  // Nested steps (loops, composed scenarios) stop here once the run is interrupted.
  if (context.signal.aborted) return skippedStep(step, index, context, interruptedReason(context.section));
  const { services } = context;
  const label = stepLabel(step, context);
  const nesting = nestingOf(step);
  const begin: StepBegin = {
    scenario: context.scenario,
    section: context.section,
    label,
    depth: context.depth,
    loc: step.loc,
  };
  if (nesting) begin.nesting = nesting;
  services.listener.onStepBegin?.(begin);
  let outcome: StepOutcome | undefined;
  let guard = true;
  if (step.if !== undefined) {
    try {
      guard = evaluateCondition(step.if, context.store, services.runtime);
    } catch (error) {
      outcome = { status: 'failed', error: `if: ${describeError(error)}` };
    }
  }
  // `delay` (DECISIONS, Wave 2 "Language additions"): only a step that runs waits, before its first attempt;
  // an interrupt ends the wait and the step does not run.
  if (outcome === undefined && guard && step.delayMs !== undefined && step.delayMs > 0) {
    await services.clock.sleep(step.delayMs, context.signal);
    if (context.signal.aborted)
      outcome = { status: 'skipped', skipReason: interruptedReason(context.section) };
  }
  const started = services.clock.monotonicMs();
  // SPEC, Step outcomes: a false guard skips the step: nothing is sent, assertions and saves are bypassed.
  outcome ??= guard
    ? await dispatch(step, context)
    : { status: 'skipped', skipReason: `if \`${step.if}\` was false` };

  const result: StepResult = {
    index,
    section: context.section,
    kind: step.kind,
    label,
    loc: step.loc,
    assertions: [],
    saved: {},
    warnings: [],
    durationMs: outcome.status === 'skipped' ? 0 : services.clock.monotonicMs() - started,
    ...outcome,
  };
  if (result.status === 'failed') result.variablesAtFailure = context.store.snapshot();
  const end: StepEnd = { scenario: context.scenario, depth: context.depth, result };
  if (nesting) end.nesting = nesting;
  services.listener.onStepEnd?.(end);
  return result;
}

/** A step that never ran because an earlier failure or an interrupt stopped its section. */
export function skippedStep(step: Step, index: number, context: StepContext, reason: string): StepResult {
  const result = skippedRecord(step, index, context.section, reason, stepLabel(step, context));
  context.services.listener.onStepEnd?.({ scenario: context.scenario, depth: context.depth, result });
  return result;
}

/** The record of a step that did not run (SPEC, Step outcomes: counted as skipped). */
export function skippedRecord(
  step: Step,
  index: number,
  section: Section,
  reason: string,
  label = stepLabel(step),
): StepResult {
  return {
    index,
    section,
    kind: step.kind,
    label,
    loc: step.loc,
    status: 'skipped',
    skipReason: reason,
    durationMs: 0,
    assertions: [],
    saved: {},
    warnings: [],
  };
}
