import { escapeControls } from '../../diagnostics/terminalText.js';
import type { RunResult, ScenarioResult, StepResult } from '../../engine/index.js';
import { formatDuration } from '../durations.js';
import { firstFailure } from '../junit/stepFailures.js';
import { stepTitle } from '../shared/names.js';

/**
 * GitHub refuses a job summary over 1 MiB (DECISIONS.md: "under 1 MiB"); rows stop well before that, so the
 * closing lines and what the markdown adds still fit.
 */
export const SUMMARY_BYTE_LIMIT = 1024 * 1024;
const ROWS_BUDGET = SUMMARY_BYTE_LIMIT - 16 * 1024;

/** A failure message in a table cell is one line and short; the reports hold the rest. */
const CELL_LIMIT = 300;

export interface SummaryMeta {
  /** A step's file as GitHub shows it (relative to `GITHUB_WORKSPACE` when set). */
  filePath: (file: string) => string;
}

/**
 * Text from a run inside Markdown: HTML is escaped (GitHub renders it), and the characters that would start
 * Markdown syntax or end a table cell are backslash-escaped, so a step name shows as written; line breaks
 * become spaces and other control characters are shown escaped (diagnostics/terminalText.ts).
 */
export function markdownText(text: string): string {
  return escapeControls(text.replace(/\r\n|\r|\n/g, ' '))
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/([\\`*_[\]|#~!])/g, '\\$1');
}

function cut(text: string, limit: number): string {
  return text.length <= limit ? text : `${text.slice(0, limit)}…`;
}

function resultWord(run: RunResult): string {
  if (run.interrupted) return '⚠️ interrupted';
  return run.status === 'passed' ? '✅ passed' : '❌ failed';
}

function scenarioRow(scenario: ScenarioResult, meta: SummaryMeta): string {
  const { passed, failed, skipped } = scenario.counts;
  const icon = scenario.status === 'passed' ? '✅' : '❌';
  const file = markdownText(meta.filePath(scenario.file));
  return `| ${icon} ${markdownText(scenario.name)} | ${file} | ${passed} | ${failed} | ${skipped} | ${formatDuration(scenario.durationMs)} |`;
}

function failureRow(scenario: ScenarioResult, step: StepResult, meta: SummaryMeta): string {
  const where = `${meta.filePath(step.loc.file)}:${step.loc.line}`;
  const why = cut(firstFailure(step)?.text ?? 'step failed', CELL_LIMIT);
  return `| ${markdownText(stepTitle(scenario.name, step.label))} | ${markdownText(where)} | ${markdownText(why)} |`;
}

/** Adds rows while they fit the budget; says how many were left out. */
function addRows(lines: string[], rows: readonly string[], budget: { left: number }, what: string): void {
  let shown = 0;
  for (const row of rows) {
    const size = Buffer.byteLength(row) + 1;
    if (size > budget.left) break;
    budget.left -= size;
    lines.push(row);
    shown++;
  }
  if (shown < rows.length)
    lines.push('', `_${rows.length - shown} more ${what} not shown; see the reports._`);
}

/**
 * The Markdown the `github` report appends to `$GITHUB_STEP_SUMMARY`: the result and counts, a table of
 * scenario executions and a table of failed steps with file, line and first failure. Always under 1 MiB:
 * rows that would not fit are counted instead. Pure: the run is already masked.
 */
export function renderStepSummary(run: RunResult, meta: SummaryMeta): string {
  const { passed, failed, skipped, total } = run.counts;
  const executions = run.scenarios.length;
  const lines = [
    `## runner: ${resultWord(run)}`,
    '',
    `${executions} ${executions === 1 ? 'scenario' : 'scenarios'} · ${total} steps: ${passed} passed, ${failed} failed, ${skipped} skipped · ${formatDuration(run.durationMs)} · environment ${markdownText(run.environment)}`,
  ];
  const budget = { left: ROWS_BUDGET };
  const failures = run.scenarios.flatMap((scenario) =>
    scenario.steps.filter((step) => step.status === 'failed').map((step) => failureRow(scenario, step, meta)),
  );
  if (failures.length > 0) {
    lines.push('', '### Failed steps', '', '| Step | Where | Failure |', '| --- | --- | --- |');
    addRows(lines, failures, budget, 'failed steps');
  }
  lines.push(
    '',
    '### Scenarios',
    '',
    '| Scenario | File | Passed | Failed | Skipped | Duration |',
    '| --- | --- | ---: | ---: | ---: | ---: |',
  );
  addRows(
    lines,
    run.scenarios.map((scenario) => scenarioRow(scenario, meta)),
    budget,
    'scenarios',
  );
  return `${lines.join('\n')}\n\n`;
}
