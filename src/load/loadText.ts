import { escapeControls } from '../diagnostics/terminalText.js';
import type { Style } from '../reporters/index.js';
import { formatMeasured, type ThresholdVerdict } from './thresholds.js';
import type { LoadReport } from './loadReport.js';

const ms = (value: number) =>
  `${value < 10 ? value.toFixed(2) : value < 100 ? value.toFixed(1) : value.toFixed(0)}ms`;

/** What the live view shows each tick. */
export interface LiveSample {
  elapsedMs: number;
  durationMs: number;
  iterations: number;
  requests: number;
  /** Requests per second over the last interval. */
  rate: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  dropped: number;
  inFlight?: number;
}

/** One line of progress: on a terminal it is redrawn in place; in CI it is printed every few seconds. */
export function liveLine(sample: LiveSample): string {
  const seconds = (value: number) => `${Math.floor(value / 1000)}s`;
  const parts = [
    `${seconds(sample.elapsedMs)}/${seconds(sample.durationMs)}`,
    `${sample.iterations} iterations`,
    `${sample.requests} requests`,
    `${sample.rate.toFixed(1)}/s`,
    `p50 ${ms(sample.p50)}`,
    `p95 ${ms(sample.p95)}`,
    `p99 ${ms(sample.p99)}`,
    `${sample.errors} errors`,
  ];
  if (sample.dropped > 0) parts.push(`${sample.dropped} dropped`);
  return parts.join('  ');
}

function pad(text: string, width: number, right = false): string {
  const room = Math.max(0, width - [...text].length);
  return right ? ' '.repeat(room) + text : text + ' '.repeat(room);
}

/** The summary after the load: a table of the run and each step, then each threshold's verdict. */
export function summaryTable(
  report: LoadReport,
  verdicts: readonly ThresholdVerdict[],
  style: Style,
): string {
  const header = ['', 'requests', 'errors', 'rps', 'min', 'p50', 'p90', 'p95', 'p99', 'max'];
  const rows: string[][] = [];
  const row = (
    name: string,
    data: { requests: number; errors: number; rps: number; latency: LoadReport['summary']['latency'] },
  ) => [
    name,
    String(data.requests),
    String(data.errors),
    data.rps.toFixed(1),
    ms(data.latency.min),
    ms(data.latency.p50),
    ms(data.latency.p90),
    ms(data.latency.p95),
    ms(data.latency.p99),
    ms(data.latency.max),
  ];
  for (const [name, step] of Object.entries(report.steps)) rows.push(row(escapeControls(name), step));
  // The run's errors are failed requests in this table (a column of one kind); iterations are counted below.
  const failedRequests = Object.values(report.steps).reduce((sum, step) => sum + step.errors, 0);
  rows.push(row('all requests', { ...report.summary, errors: failedRequests }));
  const widths = header.map((_, column) =>
    Math.max(...[header, ...rows].map((cells) => [...cells[column]!].length)),
  );
  const line = (cells: string[]) =>
    cells.map((cell, column) => pad(cell, widths[column]!, column > 0)).join('  ');
  const out = [
    style.bold(line(header)),
    ...rows.slice(0, -1).map(line),
    style.bold(line(rows[rows.length - 1]!)),
  ];
  const { summary } = report;
  const seconds = (summary.duration_ms / 1000).toFixed(1);
  out.push('');
  out.push(
    `${summary.iterations} iterations in ${seconds}s, ${summary.errors} failed (${(summary.error_rate * 100).toFixed(2)}%)` +
      (summary.dropped_iterations > 0
        ? `, ${summary.dropped_iterations} dropped (no free slot at their arrival)`
        : ''),
  );
  for (const [name, step] of Object.entries(report.steps)) {
    if (step.first_failure !== undefined) {
      out.push(
        style.red(
          `  ✗ ${escapeControls(name)}: ${step.errors} failed, first: ${escapeControls(step.first_failure)}`,
        ),
      );
    }
  }
  if (verdicts.length > 0) {
    out.push('');
    out.push('Thresholds');
    for (const verdict of verdicts) {
      const mark = verdict.passed ? style.green('✓') : style.red('✗');
      const measured = formatMeasured(verdict.threshold, verdict.actual);
      out.push(`  ${mark} ${escapeControls(verdict.threshold.text)}  (measured ${measured})`);
    }
  }
  return out.join('\n') + '\n';
}
