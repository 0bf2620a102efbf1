import type { StepResult, StepStatus } from '../../engine/index.js';
import { formatDuration } from '../durations.js';
import { escapeHtml } from './escapeHtml.js';

const STATUS_TEXT: Record<StepStatus, string> = { passed: 'PASS', failed: 'FAIL', skipped: 'SKIP' };

export function statusBadge(status: StepStatus): string {
  return `<span class="badge st-${status}">${STATUS_TEXT[status]}</span>`;
}

/** `h2`…`h5` colour an HTTP status by its class. */
export function httpStatusBadge(status: number, statusText = ''): string {
  const group = status >= 100 && status < 600 ? Math.floor(status / 100) : 0;
  const text = statusText === '' ? String(status) : `${status} ${statusText}`;
  return `<span class="http h${group}">${escapeHtml(text)}</span>`;
}

/** SPEC, HTML report: the response-time badge turns red when `timing.max` failed. */
export function durationBadge(step: StepResult): string {
  const label = formatDuration(step.durationMs);
  const timing = step.timing;
  if (!timing) return `<span class="badge time">${label}</span>`;
  const limit = formatDuration(timing.maxMs);
  const title = timing.passed ? `within timing.max ${limit}` : `exceeds timing.max ${limit}`;
  return `<span class="badge time ${timing.passed ? 'in-time' : 'too-slow'}" title="${title}">${label}</span>`;
}

/** A button that copies the id; it sits inside a `<summary>`, so the script keeps a click from toggling. */
export function requestIdBadge(requestId: string): string {
  const id = escapeHtml(requestId);
  return `<button type="button" class="badge rid" data-copy="${id}" title="Copy request id ${id}">${id}</button>`;
}

export function attemptsBadge(step: StepResult): string {
  const attempts = step.attempts;
  if (!attempts || attempts.length < 2) return '';
  return `<span class="badge attempts" title="retried">${attempts.length} attempts</span>`;
}
