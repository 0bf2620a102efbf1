/** The coverage section of report.html (`runner run --coverage`): one row per operation of the document. */
import { escapeHtml } from '../html/escapeHtml.js';
import type { ApiCoverage } from './apiCoverage.js';
import { percent } from './coverageText.js';

function statusCell(statuses: Record<string, number>): string {
  return Object.entries(statuses)
    .map(
      ([status, count]) =>
        `<span class="${count > 0 ? 'cov-hit' : 'cov-miss'}" title="${count} response(s)">` +
        `${escapeHtml(status)} ${count > 0 ? '✓' : '✗'}</span>`,
    )
    .join(' ');
}

export function coverageHtml(coverage: ApiCoverage): string {
  const { operations, statuses } = coverage.summary;
  const rows = coverage.operations
    .map(
      (operation) =>
        `<tr class="${operation.requests > 0 ? 'cov-hit' : 'cov-miss'}">` +
        `<td>${escapeHtml(operation.operation)}</td>` +
        `<td class="dim">${escapeHtml(operation.operationId ?? '')}</td>` +
        `<td>${operation.requests}</td><td>${statusCell(operation.statuses)}</td></tr>`,
    )
    .join('');
  const unmatched =
    coverage.unmatchedRequests > 0
      ? `<p class="dim">${coverage.unmatchedRequests} request(s) matched no operation.</p>`
      : '';
  return (
    '<section class="coverage" id="api-coverage"><h2>API coverage</h2>' +
    `<p>${escapeHtml(coverage.document)}: operations <b>${operations.exercised}/${operations.documented}</b> ` +
    `(${percent(operations)}), documented statuses <b>${statuses.exercised}/${statuses.documented}</b> ` +
    `(${percent(statuses)})</p>` +
    '<table class="coverage-table"><thead><tr><th>Operation</th><th>operationId</th><th>Requests</th>' +
    `<th>Documented statuses</th></tr></thead><tbody>${rows}</tbody></table>${unmatched}</section>`
  );
}
