/**
 * A snapshot holds a failed step's first failure only; `report.json` holds all its assertion messages and
 * its label. When the run that wrote the snapshot also wrote a JSON report (`latest/` is that run when both
 * carry the same generation time), the step is looked up there.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { JsonReport, JsonScenarioRecord, JsonStep } from '../reporters/json/reportTypes.js';
import type { FailureSnapshotContent } from '../reporters/snapshots/buildFailureSnapshot.js';

export interface StepDetails {
  label: string;
  /** Every failure of the step: failed assertions, then its error. */
  failures: string[];
}

async function readLatestReport(reportsDir: string): Promise<JsonReport | undefined> {
  try {
    const report: unknown = JSON.parse(await readFile(join(reportsDir, 'latest', 'report.json'), 'utf8'));
    return typeof report === 'object' && report !== null && 'metadata' in report
      ? (report as JsonReport)
      : undefined;
  } catch {
    return undefined; // no JSON report configured, or not written yet
  }
}

function recordOf(report: JsonReport, scenario: string): JsonScenarioRecord | undefined {
  if (!report.scenarios) return report.metadata.scenario === scenario ? report : undefined;
  return report.scenarios.find((record) => record.metadata.scenario === scenario);
}

function failuresOf(step: JsonStep): string[] {
  const failures = step.assertions
    .filter((assertion) => !assertion.passed)
    .map((assertion) => assertion.message);
  if (step.timing && !step.timing.passed) {
    failures.push(`latency ${step.timing.actual}ms exceeds timing.max ${step.timing.max}ms`);
  }
  if (step.error !== undefined) failures.push(step.error);
  return failures;
}

export async function stepDetails(
  reportsDir: string,
  snapshot: FailureSnapshotContent,
): Promise<StepDetails | undefined> {
  const report = await readLatestReport(reportsDir);
  if (!report || report.metadata.generatedAt !== snapshot.timestamp) return undefined;
  const step = recordOf(report, snapshot.scenario)?.steps.find(
    (candidate) => candidate.index === snapshot.failedStepIndex,
  );
  return step ? { label: step.label, failures: failuresOf(step) } : undefined;
}
