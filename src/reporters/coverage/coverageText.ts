/** The console's compact coverage table, printed after a run with `--coverage`. */
import type { Style } from '../style.js';
import type { ApiCoverage, Tally } from './apiCoverage.js';

export function percent(tally: Tally): string {
  return tally.documented === 0 ? '–' : `${Math.round((tally.exercised / tally.documented) * 100)}%`;
}

function tallyText(tally: Tally): string {
  return `${tally.exercised}/${tally.documented} (${percent(tally)})`;
}

export function renderCoverageText(coverage: ApiCoverage, style: Style): string {
  const { summary } = coverage;
  const lines = [
    `API coverage · ${coverage.document} · operations ${tallyText(summary.operations)} · ` +
      `documented statuses ${tallyText(summary.statuses)}`,
  ];
  const width = Math.max(0, ...coverage.operations.map((operation) => operation.operation.length));
  for (const operation of coverage.operations) {
    const mark = operation.requests > 0 ? style.green('✓') : style.red('✗');
    const requests = `${operation.requests} ${operation.requests === 1 ? 'request ' : 'requests'}`;
    const statuses = Object.entries(operation.statuses)
      .map(([status, count]) => `${status} ${count > 0 ? style.green('✓') : style.red('✗')}`)
      .join('  ');
    lines.push(
      `  ${mark} ${operation.operation.padEnd(width)}  ${requests.padStart(12)}  ${statuses}`.trimEnd(),
    );
  }
  if (coverage.unmatchedRequests > 0) {
    lines.push(style.dim(`  ${coverage.unmatchedRequests} request(s) matched no operation`));
  }
  return `${lines.join('\n')}\n`;
}
