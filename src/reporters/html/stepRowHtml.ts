import type { StepResult } from '../../engine/index.js';
import { formatLocation } from '../../diagnostics/location.js';
import { attemptsBadge, durationBadge, httpStatusBadge, requestIdBadge, statusBadge } from './badges.js';
import { escapeHtml } from './escapeHtml.js';
import { cacheHtml, requestHtml, responseHtml, spreadsheetHtml } from './httpExchangeHtml.js';
import type { LazyBodies } from './lazyBodies.js';
import { stepOutcomeHtml } from './stepOutcomeHtml.js';

function summaryHtml(step: StepResult): string {
  const request = step.request;
  // A named step also shows what it sent, as the console does; a skipped one says why.
  let target: string | undefined;
  if (step.status === 'skipped') target = step.skipReason;
  else if (request && step.label !== `${request.method} ${request.url}`)
    target = `${request.method} ${request.url}`;
  // `grow` pushes the badges that follow to the right edge of the row.
  const parts = [
    statusBadge(step.status),
    `<span class="label${target === undefined ? ' grow' : ''}">${escapeHtml(step.label)}</span>`,
  ];
  if (target !== undefined) parts.push(`<span class="target grow">${escapeHtml(target)}</span>`);
  if (step.response) parts.push(httpStatusBadge(step.response.status));
  parts.push(attemptsBadge(step));
  if (step.requestId) parts.push(requestIdBadge(step.requestId));
  if (step.status !== 'skipped') parts.push(durationBadge(step));
  return `<summary>${parts.join('')}</summary>`;
}

function bodyHtml(step: StepResult, store: LazyBodies): string {
  const sections = [
    step.request ? requestHtml(step.request) : '',
    step.response ? responseHtml(step.response) : '',
    step.cache ? cacheHtml(step.cache) : '',
    step.spreadsheet ? spreadsheetHtml(step.kind, step.spreadsheet) : '',
  ].join('');
  const exchange = sections === '' ? '' : `<div class="exchanges">${sections}</div>`;
  const children = step.children?.length
    ? `<div class="children">${step.children.map((child) => stepRowHtml(child, store)).join('')}</div>`
    : '';
  const where = `<p class="where dim">${escapeHtml(`${step.section} · ${formatLocation(step.loc)}`)}</p>`;
  return stepOutcomeHtml(step) + exchange + children + where;
}

/**
 * One step as a `<details>` row. Failed steps are open from the start (SPEC, HTML report) and carry their
 * body inline, so they show even before the script runs; the others point into `store`, and the script
 * adds their `.step-body` when they open.
 */
export function stepRowHtml(step: StepResult, store: LazyBodies): string {
  const open = step.status === 'failed';
  const body = bodyHtml(step, store);
  if (!open)
    return `<details class="step ${step.status}" data-body="${store.add(body)}">${summaryHtml(step)}</details>`;
  return `<details class="step ${step.status}" open>${summaryHtml(step)}<div class="step-body">${body}</div></details>`;
}
