import type { LatencyHistogram } from './histogram.js';
import type { LoadReport } from './loadReport.js';
import { formatMeasured, parseThreshold } from './thresholds.js';

/**
 * load.html: one self-contained page (no script, no network) with latency over time and a latency
 * histogram drawn as inline SVG, the steps table and the thresholds. Everything in it comes from load.json's
 * data, which has passed the masking boundary.
 */
export function renderLoadHtml(report: LoadReport, all: LatencyHistogram): string {
  const { summary } = report;
  const settings =
    report.load.model === 'open'
      ? `open model, ${report.load.rate}/s`
      : `closed model, ${report.load.vus} virtual users`;
  const shard = report.load.shard
    ? `, shard ${report.load.shard}`
    : report.load.shards
      ? `, ${report.load.shards} shards merged`
      : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Load · ${escapeHtml(report.environment)} · runner</title>
<style>
body{font:14px/1.45 system-ui,sans-serif;margin:24px;color:#1d232b;background:#fff}
h1{font-size:20px;margin:0 0 4px}h2{font-size:16px;margin:28px 0 8px}
.meta{color:#5b6673}.cards{display:flex;flex-wrap:wrap;gap:12px;margin-top:16px}
.card{border:1px solid #d9dee4;border-radius:6px;padding:8px 14px;min-width:110px}
.card b{display:block;font-size:18px}table{border-collapse:collapse}
td,th{padding:4px 10px;border-bottom:1px solid #e6e9ed;text-align:right}td:first-child,th:first-child{text-align:left}
.pass{color:#1a7f37}.fail{color:#cf222e}svg{max-width:100%;height:auto}
svg text{font:11px system-ui,sans-serif;fill:#5b6673}
</style>
</head>
<body>
<h1>Load test: ${escapeHtml(report.environment)}</h1>
<div class="meta">${escapeHtml(settings)} for ${seconds(report.load.duration_ms)}${report.load.ramp_ms > 0 ? `, ramp ${seconds(report.load.ramp_ms)}` : ''}${escapeHtml(shard)} · runner ${escapeHtml(report.tool.version)} · ${escapeHtml(report.generatedAt)}</div>
<div class="cards">
${card('iterations', String(summary.iterations))}
${card('requests', String(summary.requests))}
${card('requests/s', summary.rps.toFixed(1))}
${card('failed iterations', `${summary.errors} (${(summary.error_rate * 100).toFixed(2)}%)`)}
${card('p50', ms(summary.latency.p50))}
${card('p95', ms(summary.latency.p95))}
${card('p99', ms(summary.latency.p99))}
${card('max', ms(summary.latency.max))}
${summary.dropped_iterations > 0 ? card('dropped', String(summary.dropped_iterations)) : ''}
</div>
<h2>Latency over time</h2>
${timelineChart(report)}
<h2>Latency histogram</h2>
${histogramChart(all)}
<h2>Steps</h2>
${stepsTable(report)}
${thresholdsList(report)}
</body>
</html>
`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function card(label: string, value: string): string {
  return `<div class="card">${escapeHtml(label)}<b>${escapeHtml(value)}</b></div>`;
}

const ms = (value: number) => `${value < 10 ? value.toFixed(2) : value.toFixed(1)} ms`;
const seconds = (value: number) => `${(value / 1000).toFixed(value % 1000 === 0 ? 0 : 1)}s`;

const WIDTH = 780;
/** Room on the right for the last axis label. */
const RIGHT = 36;
const HEIGHT = 240;
const LEFT = 56;
const BOTTOM = 28;
const TOP = 12;

/** A round upper bound for an axis: 1, 2 or 5 times a power of ten. */
function niceCeiling(value: number): number {
  if (value <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 5, 10]) if (value <= step * power) return step * power;
  return 10 * power;
}

function axes(maxY: number, unit: string, xLabels: { x: number; text: string }[]): string {
  const plotHeight = HEIGHT - BOTTOM - TOP;
  const ticks = [0, 0.25, 0.5, 0.75, 1].map((fraction) => {
    const y = TOP + plotHeight * (1 - fraction);
    const value = maxY * fraction;
    return `<line x1="${LEFT}" x2="${WIDTH - RIGHT}" y1="${y}" y2="${y}" stroke="#eef0f3"/><text x="${LEFT - 6}" y="${y + 4}" text-anchor="end">${escapeHtml(formatTick(value))}${unit}</text>`;
  });
  const labels = xLabels.map(
    ({ x, text }) => `<text x="${x}" y="${HEIGHT - 8}" text-anchor="middle">${escapeHtml(text)}</text>`,
  );
  return ticks.join('') + labels.join('');
}

function formatTick(value: number): string {
  return value >= 100 || Number.isInteger(value) ? value.toFixed(0) : value.toFixed(value >= 10 ? 1 : 2);
}

/** p50, p95 and p99 of each second, as three lines. */
function timelineChart(report: LoadReport): string {
  const points = report.timeline.filter((second) => second.requests > 0 || second.latency.max > 0);
  if (points.length === 0) return '<p>No request got a response.</p>';
  const last = report.timeline.length;
  const maxY = niceCeiling(Math.max(...points.map((point) => point.latency.p99)));
  const plotWidth = WIDTH - LEFT - RIGHT;
  const plotHeight = HEIGHT - BOTTOM - TOP;
  const x = (second: number) => LEFT + (last <= 1 ? plotWidth / 2 : (plotWidth * second) / (last - 1));
  const y = (value: number) => TOP + plotHeight * (1 - Math.min(value, maxY) / maxY);
  const series = [
    { key: 'p50', color: '#1f6feb' },
    { key: 'p95', color: '#d29922' },
    { key: 'p99', color: '#cf222e' },
  ] as const;
  const lines = series.map(({ key, color }) => {
    const path = points
      .map((point) => `${x(point.second).toFixed(1)},${y(point.latency[key]).toFixed(1)}`)
      .join(' ');
    return `<polyline class="series-${key}" fill="none" stroke="${color}" stroke-width="2" points="${path}"/>`;
  });
  const step = Math.max(1, Math.ceil(last / 10));
  const xLabels = [];
  for (let second = 0; second < last; second += step) xLabels.push({ x: x(second), text: `${second}s` });
  const legend = series
    .map(
      ({ key, color }, i) =>
        `<rect x="${LEFT + 10 + i * 70}" y="${TOP}" width="10" height="10" fill="${color}"/><text x="${LEFT + 24 + i * 70}" y="${TOP + 9}">${key}</text>`,
    )
    .join('');
  return `<svg id="latency-over-time" role="img" aria-label="Latency over time: p50, p95 and p99 of each second" viewBox="0 0 ${WIDTH} ${HEIGHT}" width="${WIDTH}" height="${HEIGHT}">${axes(maxY, 'ms', xLabels)}${lines.join('')}${legend}</svg>`;
}

/**
 * How many requests took how long, in up to 40 equal bins from the fastest to the 99.9th percentile (the
 * slowest 0.1% go in the last bin). Counts come from the histogram's percentiles: each of 1,000 quantiles
 * stands for a thousandth of the requests.
 */
function histogramChart(all: LatencyHistogram): string {
  const total = all.count;
  if (total === 0) return '<p>No request got a response.</p>';
  const stats = all.stats();
  const low = stats.min;
  const high = Math.max(all.percentile(99.9), low + 0.001);
  const bins = 40;
  const width = (high - low) / bins;
  const counts = new Array<number>(bins).fill(0);
  const quantiles = 1000;
  for (let q = 0; q < quantiles; q++) {
    const value = all.percentile(((q + 0.5) * 100) / quantiles);
    const bin = Math.min(bins - 1, Math.max(0, Math.floor((value - low) / width)));
    counts[bin]! += total / quantiles;
  }
  const maxY = niceCeiling(Math.max(...counts));
  const plotWidth = WIDTH - LEFT - RIGHT;
  const plotHeight = HEIGHT - BOTTOM - TOP;
  const barWidth = plotWidth / bins;
  const bars = counts.map((count, i) => {
    const h = (plotHeight * count) / maxY;
    const from = low + i * width;
    return `<rect class="bar" x="${(LEFT + i * barWidth + 1).toFixed(1)}" y="${(TOP + plotHeight - h).toFixed(1)}" width="${Math.max(1, barWidth - 2).toFixed(1)}" height="${h.toFixed(1)}" fill="#1f6feb"><title>${ms(from)} to ${ms(from + width)}: ${Math.round(count)} requests</title></rect>`;
  });
  const xLabels = [0, 10, 20, 30, 40].map((i) => ({ x: LEFT + i * barWidth, text: ms(low + i * width) }));
  return `<svg id="latency-histogram" role="img" aria-label="Latency histogram" viewBox="0 0 ${WIDTH} ${HEIGHT}" width="${WIDTH}" height="${HEIGHT}">${axes(maxY, '', xLabels)}${bars.join('')}</svg>`;
}

function stepsTable(report: LoadReport): string {
  const rows = Object.entries(report.steps).map(
    ([name, step]) =>
      `<tr><td>${escapeHtml(name)}</td><td>${step.requests}</td><td>${step.errors}</td><td>${step.rps.toFixed(1)}</td><td>${ms(step.latency.p50)}</td><td>${ms(step.latency.p95)}</td><td>${ms(step.latency.p99)}</td><td>${ms(step.latency.max)}</td></tr>` +
      (step.first_failure
        ? `<tr><td colspan="8" class="fail">first failure: ${escapeHtml(step.first_failure)}</td></tr>`
        : ''),
  );
  return `<table id="steps"><thead><tr><th>step</th><th>requests</th><th>errors</th><th>rps</th><th>p50</th><th>p95</th><th>p99</th><th>max</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

/** The measured value in the threshold's unit (load.json keeps the bare number). */
function measured(text: string, actual: number | undefined): string {
  const threshold = parseThreshold(text);
  return 'error' in threshold ? String(actual ?? '') : formatMeasured(threshold, actual);
}

function thresholdsList(report: LoadReport): string {
  if (report.thresholds.length === 0) return '';
  const items = report.thresholds.map(
    (threshold) =>
      `<li class="${threshold.passed ? 'pass' : 'fail'}">${threshold.passed ? '✓' : '✗'} ${escapeHtml(threshold.threshold)} (measured ${escapeHtml(measured(threshold.threshold, threshold.actual))})</li>`,
  );
  return `<h2>Thresholds</h2><ul id="thresholds">${items.join('')}</ul>`;
}
