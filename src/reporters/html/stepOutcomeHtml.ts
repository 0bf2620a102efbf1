import type { AssertionResult } from '../../assertions/index.js';
import type {
  AttemptRecord,
  AuthExchangeRecord,
  RedirectHop,
  StepResult,
  TimingCheck,
} from '../../engine/index.js';
import { quoteValue } from '../../expressions/index.js';
import { formatDuration } from '../durations.js';
import { httpStatusBadge, statusBadge } from './badges.js';
import { escapeHtml } from './escapeHtml.js';

/** Values in the assertion table are cut here; the full body is in the response section. */
const VALUE_LIMIT = 500;

/** The first cell of a check's row. */
const markCell = (passed: boolean): string => (passed ? '<td class="ok">✓</td>' : '<td class="ko">✗</td>');

/** A matcher or a string literal reads best as written; other values as JSON. */
function expectedText(expected: unknown): string {
  return typeof expected === 'string' ? expected : quoteValue(expected, VALUE_LIMIT);
}

function actualHtml(assertion: AssertionResult): string {
  if (assertion.actual !== undefined) return escapeHtml(quoteValue(assertion.actual, VALUE_LIMIT));
  const available = assertion.available?.length
    ? ` <span class="dim">available: ${escapeHtml(assertion.available.join(', '))}</span>`
    : '';
  return `<span class="dim">(missing)</span>${available}`;
}

function assertionRows(assertion: AssertionResult): string {
  const row =
    `<tr class="${assertion.passed ? 'a-pass' : 'a-fail'}">${markCell(assertion.passed)}` +
    `<td>${escapeHtml(assertion.path)}</td><td>${escapeHtml(expectedText(assertion.expected))}</td>` +
    `<td>${actualHtml(assertion)}</td></tr>`;
  if (assertion.passed) return row;
  return `${row}<tr class="a-msg"><td></td><td colspan="3">${escapeHtml(assertion.message)}</td></tr>`;
}

/** The latency check reads like one more assertion (SPEC, `timing.max`). */
function timingRow(timing: TimingCheck): string {
  return (
    `<tr class="${timing.passed ? 'a-pass' : 'a-fail'}">${markCell(timing.passed)}` +
    `<td>timing.max</td><td>≤ ${formatDuration(timing.maxMs)}</td><td>${formatDuration(timing.actualMs)}</td></tr>`
  );
}

function assertionsTable(assertions: AssertionResult[], timing: TimingCheck | undefined): string {
  if (assertions.length === 0 && !timing) return '';
  const rows = assertions.map(assertionRows).join('') + (timing ? timingRow(timing) : '');
  return (
    '<table class="assertions"><thead><tr><th></th><th>Path</th><th>Expected</th><th>Actual</th></tr></thead>' +
    `<tbody>${rows}</tbody></table>`
  );
}

function attemptsTable(attempts: AttemptRecord[] | undefined): string {
  if (!attempts || attempts.length < 2) return '';
  const rows = attempts
    .map(
      (attempt) =>
        `<tr><td>${attempt.attempt}</td><td>${statusBadge(attempt.status)}</td>` +
        `<td>${attempt.httpStatus === undefined ? '' : httpStatusBadge(attempt.httpStatus)}</td>` +
        `<td>${formatDuration(attempt.durationMs)}</td><td>${escapeHtml(attempt.failure ?? '')}</td>` +
        `<td>${attempt.waitMs === undefined ? '' : `then waited ${formatDuration(attempt.waitMs)}`}</td></tr>`,
    )
    .join('');
  return `<h4>Attempts</h4><table class="attempts"><tbody>${rows}</tbody></table>`;
}

function redirectList(redirects: RedirectHop[] | undefined): string {
  if (!redirects || redirects.length === 0) return '';
  const items = redirects
    .map(
      (hop) =>
        `<li>${httpStatusBadge(hop.status)} <code>${escapeHtml(hop.from)}</code> → <code>${escapeHtml(hop.to)}</code></li>`,
    )
    .join('');
  return `<h4>Redirects</h4><ul class="redirects">${items}</ul>`;
}

/** Token requests and Digest challenges the step's credentials cost (the request and answer are in report.json). */
function authExchangeList(exchanges: AuthExchangeRecord[] | undefined): string {
  if (!exchanges || exchanges.length === 0) return '';
  const items = exchanges
    .map(
      (exchange) =>
        `<li>${escapeHtml(exchange.purpose)}: <code>${escapeHtml(`${exchange.request.method} ${exchange.request.url}`)}</code> ` +
        (exchange.response ? httpStatusBadge(exchange.response.status) : escapeHtml(exchange.error ?? '')) +
        '</li>',
    )
    .join('');
  return `<h4>Authentication</h4><ul class="redirects">${items}</ul>`;
}

function savedTable(saved: Record<string, unknown>): string {
  const entries = Object.entries(saved);
  if (entries.length === 0) return '';
  const rows = entries
    .map(
      ([name, value]) =>
        `<tr><td><code>${escapeHtml(name)}</code></td><td><code>${escapeHtml(quoteValue(value, VALUE_LIMIT))}</code></td></tr>`,
    )
    .join('');
  return `<h4>Saved</h4><table class="saved"><tbody>${rows}</tbody></table>`;
}

/** What the step concluded: its error, the checks, retries, redirects, warnings and saved values. */
export function stepOutcomeHtml(step: StepResult): string {
  const parts: string[] = [];
  if (step.status === 'skipped')
    parts.push(`<p class="skip-reason">Skipped: ${escapeHtml(step.skipReason ?? 'not run')}</p>`);
  if (step.error) parts.push(`<pre class="error">${escapeHtml(step.error)}</pre>`);
  parts.push(assertionsTable(step.assertions, step.timing));
  parts.push(attemptsTable(step.attempts));
  parts.push(authExchangeList(step.authExchanges));
  parts.push(redirectList(step.redirects));
  if (step.warnings.length > 0) {
    const items = step.warnings.map((warning) => `<li>${escapeHtml(warning)}</li>`).join('');
    parts.push(`<ul class="warnings">${items}</ul>`);
  }
  parts.push(savedTable(step.saved));
  return parts.join('');
}
