import type { ScenarioResult, StepResult } from '../../engine/index.js';
import type { Section } from '../../language/model.js';
import { firstFailure } from '../junit/stepFailures.js';
import { safeFileName } from '../shared/names.js';

/** The store at the moment a step failed, which the engine attaches to failed steps when it has it. */
export type FailedStep = StepResult & { variablesAtFailure?: Record<string, unknown> };

export interface FailureSnapshotInput {
  scenario: ScenarioResult;
  step: FailedStep;
  /** The variable store to record when the step carries none of its own (the scenario's at its end). */
  variables: Record<string, unknown>;
  /** ISO 8601; also the timestamp in the file name. */
  generatedAt: string;
}

/** SPEC, Failure snapshot: the fields, in the order a reader wants them. Absent request/response are null. */
export interface FailureSnapshotContent {
  timestamp: string;
  scenario: string;
  testFile: string;
  failedStepIndex: number;
  failedStepLine: number;
  role: Section;
  error: string;
  diagnostics: {
    request: { method: string; url: string; headers: Record<string, string>; body: unknown } | null;
    response: {
      statusCode: number;
      durationMs: number;
      headers: Record<string, string | string[]>;
      body: unknown;
    } | null;
    variableStoreAtFailure: Record<string, unknown>;
  };
}

export interface FailureSnapshot {
  fileName: string;
  content: FailureSnapshotContent;
}

/** `2024-05-01T12:34:56.789Z` → `2024-05-01T12-34-56-789Z`: no `:` (refused on Windows) and no extra `.`. */
function fileTimestamp(iso: string): string {
  return safeFileName(iso.replace(/[:.]/g, '-'));
}

/** The response's own time: the last attempt's after a retry, the measured latency, else the step's. */
function responseDuration(step: StepResult): number {
  const last = step.attempts?.[step.attempts.length - 1];
  return last?.durationMs ?? step.timing?.actualMs ?? step.durationMs;
}

function diagnostics(
  step: FailedStep,
  variables: Record<string, unknown>,
): FailureSnapshotContent['diagnostics'] {
  const { request, response } = step;
  return {
    request: request
      ? { method: request.method, url: request.url, headers: request.headers, body: request.body ?? null }
      : null,
    response: response
      ? {
          statusCode: response.status,
          durationMs: Math.round(responseDuration(step)),
          headers: response.headers,
          body: response.body ?? null,
        }
      : null,
    variableStoreAtFailure: step.variablesAtFailure ?? variables,
  };
}

/**
 * A failure snapshot (SPEC, Failure snapshot): the file name
 * `failure-<Scenario>-<StepName>-step<N>-<timestamp>.json` with N the step's 0-based index, and the record
 * of what was sent, what came back and the variables at that moment. Pure: the caller writes it
 * (`writeFailureSnapshots`) and masks the data first when `reports.failures.maskSensitive` asks.
 */
export function buildFailureSnapshot(input: FailureSnapshotInput): FailureSnapshot {
  const { scenario, step, generatedAt } = input;
  const fileName = [
    'failure',
    safeFileName(scenario.name),
    safeFileName(step.label),
    `step${step.index}`,
    `${fileTimestamp(generatedAt)}.json`,
  ].join('-');
  return {
    fileName,
    content: {
      timestamp: generatedAt,
      scenario: scenario.name,
      testFile: scenario.file,
      failedStepIndex: step.index,
      failedStepLine: step.loc.line,
      role: step.section,
      error: firstFailure(step)?.text ?? 'step failed',
      diagnostics: diagnostics(step, input.variables),
    },
  };
}
