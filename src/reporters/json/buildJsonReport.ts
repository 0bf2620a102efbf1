import type { RunResult, ScenarioResult, StepCounts, StepResult } from '../../engine/index.js';
import type { JsonMetadata, JsonReport, JsonSummary } from './reportTypes.js';
import { Items, objectText, valueText, type ItemWriter } from './jsonText.js';
import { childPairs, ownStepErrors, ownStepRecord, stepErrorName, stepErrors } from './stepRecord.js';

export interface JsonReportMeta {
  /** The runner's version (SPEC: `metadata.version`). */
  version: string;
  /** When the report is written, ISO 8601 (the caller's clock: this builder is pure). */
  generatedAt: string;
  /**
   * What the run was given (the `run` path): the aggregate's `metadata.testFile` when the run holds several
   * executions. A single execution always names its own scenario file.
   */
  testFile?: string;
  /**
   * The run after the masking boundary, when the report is built from the raw run (`--report-raw`): each
   * step's cURL text comes from it, since raw never affects cURL text (SPEC, Flag behavior).
   */
  masked?: RunResult;
}

function summary(counts: StepCounts): JsonSummary {
  const ran = counts.passed + counts.failed;
  return {
    total: counts.total,
    passed: counts.passed,
    failed: counts.failed,
    skipped: counts.skipped,
    // Rounded down, so 100 always means nothing failed.
    passedPercent: ran === 0 ? 0 : Math.floor((counts.passed * 100) / ran),
  };
}

function scenarioMetadata(scenario: ScenarioResult, meta: JsonReportMeta): JsonMetadata {
  const metadata: JsonMetadata = {
    version: meta.version,
    timestamp: scenario.startedAt,
    duration: Math.round(scenario.durationMs),
    scenario: scenario.name,
    testFile: scenario.file,
    environment: scenario.environment,
    status: scenario.status,
    generatedAt: meta.generatedAt,
  };
  if (scenario.description !== undefined) metadata.description = scenario.description;
  if (scenario.tags.length > 0) metadata.tags = [...scenario.tags];
  if (scenario.interrupted) metadata.interrupted = true;
  return metadata;
}

/** The run as a whole: its own start, duration and counts (which include every execution's steps). */
function runMetadata(run: RunResult, meta: JsonReportMeta, scenario: string, testFile: string): JsonMetadata {
  const metadata: JsonMetadata = {
    version: meta.version,
    timestamp: run.startedAt,
    duration: Math.round(run.durationMs),
    scenario,
    testFile,
    environment: run.environment,
    status: run.status,
    generatedAt: meta.generatedAt,
  };
  if (run.interrupted) metadata.interrupted = true;
  return metadata;
}

/** Without a `testFile` from the caller, several executions name their file, or their files joined. */
function filesOf(run: RunResult): string {
  return [...new Set(run.scenarios.map((scenario) => scenario.file))].join(', ');
}

/**
 * `report.json` for a finished run (SPEC, Reports; DECISIONS.md, Reports). One scenario execution gives
 * exactly its SPEC record, described at the top level by the run. Several (examples, a directory) give an
 * aggregate: `metadata.scenario` names the run (`3 scenarios`), `summary` counts every execution's steps,
 * `steps` is empty, `errors` gathers every execution's errors prefixed with its name, and `scenarios[]`
 * holds one SPEC record per execution. Pure: the data is already masked, or deliberately raw. Read from
 * the text jsonReportText writes, so the report has one definition, whether streamed to a file or not.
 */
export function buildJsonReport(run: RunResult, meta: JsonReportMeta): JsonReport {
  return JSON.parse([...jsonReportText(run, meta)].join('')) as JsonReport;
}

/** The text of `report.json`: indented for people, ending in a newline. */
export function serializeJsonReport(report: JsonReport): string {
  return `${JSON.stringify(report, null, 2)}\n`;
}

/**
 * The same text as `serializeJsonReport(buildJsonReport(run, meta))`, written piece by piece: a step's
 * nested records are read, written and dropped one at a time, so a run read back from disk is never held
 * whole (issue 14, flat memory).
 */
export function* jsonReportText(run: RunResult, meta: JsonReportMeta): Generator<string> {
  const maskedOf = (i: number) => meta.masked?.scenarios[i];
  const [only, ...rest] = run.scenarios;
  if (only && rest.length === 0) {
    const metadata = runMetadata(run, meta, only.name, only.file);
    if (only.description !== undefined) metadata.description = only.description;
    if (only.tags.length > 0) metadata.tags = [...only.tags];
    yield* objectText(scenarioFields(only, meta, maskedOf(0), metadata, summary(run.counts)), '');
  } else {
    const errors = run.scenarios.flatMap((scenario) =>
      scenario.steps.flatMap((step) => stepErrors(step).map((error) => `${scenario.name} › ${error}`)),
    );
    const scenarios = run.scenarios.map(
      (scenario, i): ItemWriter =>
        (pad) =>
          objectText(
            scenarioFields(
              scenario,
              meta,
              maskedOf(i),
              scenarioMetadata(scenario, meta),
              summary(scenario.counts),
            ),
            pad,
          ),
    );
    const fields: [string, unknown][] = [
      [
        'metadata',
        runMetadata(run, meta, `${run.scenarios.length} scenarios`, meta.testFile ?? filesOf(run)),
      ],
      ['summary', summary(run.counts)],
      ['steps', []],
      ['errors', errors],
      ['scenarios', new Items(scenarios)],
    ];
    yield* objectText(fields, '');
  }
  yield '\n';
}

/** A scenario record's fields; `errors` is read only once its steps are written, which gather it. */
function* scenarioFields(
  scenario: ScenarioResult,
  meta: JsonReportMeta,
  masked: ScenarioResult | undefined,
  metadata: JsonMetadata,
  counts: JsonSummary,
): Generator<[string, unknown]> {
  const errors: string[] = [];
  const steps = scenario.steps;
  // Raw records take their cURL text from the masked run (see scenarioRecord).
  const maskedSteps = meta.masked === undefined ? steps : masked?.steps;
  yield ['metadata', metadata];
  yield ['summary', counts];
  yield [
    'steps',
    new Items(
      steps.map((step, i) => {
        const curlFrom = maskedSteps?.[i] ?? { ...step, request: undefined };
        return stepWriter(step, scenario.file, curlFrom, '', errors);
      }),
    ),
  ];
  yield ['errors', errors];
}

function stepWriter(
  step: StepResult,
  scenarioFile: string,
  masked: StepResult,
  parents: string,
  errors: string[],
): ItemWriter {
  return (pad) => {
    const name = stepErrorName(step, parents);
    errors.push(...ownStepErrors(step, name));
    const record = ownStepRecord(step, scenarioFile, masked);
    // A record without nested ones is one piece: a generator per record kept each record alive long
    // enough for V8 to promote it, and a report of 20,000 records grew the old generation by ~25 MB.
    if (!step.children) return valueText(record, pad);
    const fields: [string, unknown][] = Object.entries(record);
    fields.push(['children', new Items(childWriters(step, scenarioFile, masked, name, errors))]);
    return objectText(fields, pad);
  };
}

function* childWriters(
  step: StepResult,
  scenarioFile: string,
  masked: StepResult,
  name: string,
  errors: string[],
): Generator<ItemWriter> {
  for (const [child, maskedChild] of childPairs(step, masked))
    yield stepWriter(child, scenarioFile, maskedChild, name, errors);
}
