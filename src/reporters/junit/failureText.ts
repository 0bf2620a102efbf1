import { formatLocation } from '../../diagnostics/location.js';
import { streamStatusText } from '../shared/streamLabels.js';
import type { StepResult } from '../../engine/index.js';
import { formatDuration } from '../durations.js';
import { ownFailures } from './stepFailures.js';

/** A failure's text is read in a CI page; a large body is cut so one step cannot swamp the report. */
const BODY_LIMIT = 2_000;

function formatBody(body: unknown): string {
  const text = typeof body === 'string' ? body : JSON.stringify(body, null, 2);
  if (text.length <= BODY_LIMIT) return text;
  return `${text.slice(0, BODY_LIMIT)}\n… ${text.length - BODY_LIMIT} more characters`;
}

function indent(lines: readonly string[], pad: string): string[] {
  return lines.map((line) => pad + line);
}

/** Every own failure of a step, one `✗` line each; assertions name the line of the scenario they come from. */
function failureLines(step: StepResult): string[] {
  const lines = step.assertions
    .filter((assertion) => !assertion.passed)
    .map(
      (assertion) => `✗ ${assertion.message}${assertion.loc ? ` (${formatLocation(assertion.loc)})` : ''}`,
    );
  for (const failure of ownFailures(step)) {
    if (failure.kind !== 'assertion') lines.push(`✗ ${failure.text}`);
  }
  return lines;
}

function exchangeLines(step: StepResult): string[] {
  const lines: string[] = [];
  if (step.request) lines.push(`Request: ${step.request.method} ${step.request.url}`);
  for (const hop of step.redirects ?? []) lines.push(`Redirect: ${hop.status} ${hop.from} → ${hop.to}`);
  const response = step.response;
  if (response) {
    const reason = response.statusText ? ` ${response.statusText}` : '';
    lines.push(`Response: ${response.status}${reason} (HTTP/${response.httpVersion})`);
  }
  if (step.requestId !== undefined) lines.push(`Request id: ${step.requestId}`);
  return [...lines, ...streamLines(step)];
}

/** A stream step: where it connected, what it sent, each item that came, and how it closed. */
function streamLines(step: StepResult): string[] {
  const stream = step.stream;
  if (!stream) return [];
  const statusText = streamStatusText(stream);
  const status = statusText === '' ? '' : ` (${statusText})`;
  const lines = [`Stream: ${stream.kind} ${stream.url}${status}`];
  for (const [index, sent] of (stream.sent ?? []).entries())
    lines.push(`Sent ${index + 1}:`, ...indent(formatBody(sent).split('\n'), '  '));
  lines.push(`Received: ${stream.itemCount} ${stream.itemsKey}`);
  for (const [index, item] of stream.items.entries())
    lines.push(`${stream.itemsKey}[${index}]:`, ...indent(formatBody(item).split('\n'), '  '));
  if (stream.close) {
    const { code, reason, by } = stream.close;
    lines.push(`Closed by ${by}: ${code}${reason === '' ? '' : ` ${reason}`}`);
  }
  return lines;
}

function attemptLines(step: StepResult): string[] {
  const attempts = step.attempts ?? [];
  if (attempts.length <= 1) return [];
  return [
    'Attempts:',
    ...attempts.map((attempt) => {
      const status = attempt.httpStatus === undefined ? '' : ` ${attempt.httpStatus}`;
      const failure = attempt.failure ? ` · ${attempt.failure}` : '';
      const wait = attempt.waitMs === undefined ? '' : ` · then waited ${formatDuration(attempt.waitMs)}`;
      return `  ${attempt.attempt}/${attempts.length}:${status} ${attempt.status}${failure}${wait}`;
    }),
  ];
}

/** A failed nested step in brief: its failures, its response status, then its own failed nested steps. */
function nestedFailureLines(step: StepResult): string[] {
  const response = step.response ? [`Response: ${step.response.status}`] : [];
  const children = failedChildren(step).flatMap(nestedFailureLines);
  return [`✗ ${step.label}`, ...indent([...failureLines(step), ...response, ...children], '  ')];
}

/** Loops and composed scenarios: how their nested executions went, and the failed ones in brief. */
function nestedLines(step: StepResult): string[] {
  const children = step.children ?? [];
  // One pass over the children: a streamed run reads each back from disk as it is reached.
  const counted = { passed: 0, failed: 0, skipped: 0, total: children.length };
  const failed: StepResult[] = [];
  for (const child of children) {
    counted[child.status]++;
    if (child.status === 'failed') failed.push(child);
  }
  // A run that kept only failed records counted them all as they ended.
  const counts = step.childCounts ?? counted;
  if (counts.total === 0) return [];
  const header = `Nested executions: ${counts.total} (${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped)`;
  return [header, ...indent(failed.flatMap(nestedFailureLines), '  ')];
}

function failedChildren(step: StepResult): StepResult[] {
  const failed: StepResult[] = [];
  for (const child of step.children ?? []) if (child.status === 'failed') failed.push(child);
  return failed;
}

/**
 * The text of a JUnit `<failure>`: every failed check and the error, the exchange (request, response status,
 * request id), retry attempts, the response body, nested executions in brief, and where the step is written.
 */
export function failureText(step: StepResult): string {
  const lines = [...failureLines(step), ...exchangeLines(step), ...attemptLines(step)];
  if (step.response?.body !== undefined) {
    lines.push('Response body:', ...indent(formatBody(step.response.body).split('\n'), '  '));
  }
  lines.push(...nestedLines(step));
  for (const warning of step.warnings) lines.push(`Warning: ${warning}`);
  lines.push(`At: ${formatLocation(step.loc)}`);
  return lines.join('\n');
}
