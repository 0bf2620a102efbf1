import type { StepResult } from '../../engine/index.js';
import { formatLocation } from '../../diagnostics/location.js';
import { attemptsBadge, durationBadge, httpStatusBadge, requestIdBadge, statusBadge } from './badges.js';
import { escapeHtml } from './escapeHtml.js';
import { cacheHtml, requestHtml, responseHtml, spreadsheetHtml, streamHtml } from './httpExchangeHtml.js';
import { joinHtmlParts, StepBody, type BodyCounter, type HtmlPart, type LazyBodies } from './lazyBodies.js';
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

/** What a step's body shows of the step itself; nested steps follow as rows of their own. */
function bodyHtml(step: StepResult): string {
  const sections = [
    step.request ? requestHtml(step.request) : '',
    step.response ? responseHtml(step.response) : '',
    step.cache ? cacheHtml(step.cache) : '',
    step.stream ? streamHtml(step.stream) : '',
    step.spreadsheet ? spreadsheetHtml(step.kind, step.spreadsheet) : '',
  ].join('');
  const exchange = sections === '' ? '' : `<div class="exchanges">${sections}</div>`;
  const where = `<p class="where dim">${escapeHtml(`${step.section} · ${formatLocation(step.loc)}`)}</p>`;
  return stepOutcomeHtml(step) + exchange + where;
}

/**
 * One step as a `<details>` row. Failed steps are open from the start (SPEC, HTML report) and carry their
 * body inline, so they show even before the script runs; the others yield their body to the bodies element,
 * and the script adds it as their `.step-body` when they open. Nested steps (loops, `use`) are rows inside
 * the row, after its body, yielded one at a time: a loop of 20,000 passes is never one string (issue 14).
 */
export function* stepRowParts(step: StepResult, bodies: BodyCounter): Generator<HtmlPart> {
  const body = bodyHtml(step);
  if (step.status === 'failed') {
    yield `<details class="step failed" open>${summaryHtml(step)}<div class="step-body">${body}</div>`;
  } else {
    yield new StepBody(body);
    yield `<details class="step ${step.status}" data-body="${bodies.next++}">${summaryHtml(step)}`;
  }
  if (step.children && step.children.length > 0) {
    yield '<div class="children">';
    for (const child of step.children) yield* stepRowParts(child, bodies);
    yield '</div>';
  }
  yield '</details>';
}

/** One step's row as text, its closed steps' bodies added to `store`. */
export function stepRowHtml(step: StepResult, store: LazyBodies): string {
  return joinHtmlParts(stepRowParts(step, { next: store.size }), store);
}
