// Turns the measurements of run.mjs into its printed tables: timing, throughput and memory per command, then
// the checks that make the numbers trustworthy (every run passed, one keep-alive connection per run).
import { median } from './timing.mjs';

/** Targets from issue 3, "Done means": within 1.5x of the bare script, peak RSS under 80 MB. */
const TARGETS = { ratio: 1.5, peakBytes: 80_000_000 };

function countsText(values) {
  const counts = new Map();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts].map(([value, count]) => `${value} x${count}`).join(', ');
}

/** Every run must exit 0: a failing scenario would make the runner's time meaningless. */
export function exitCheck(exitCodes) {
  const ok = exitCodes.every((code) => code === 0);
  return {
    ok,
    text: ok ? `0 in all ${exitCodes.length} measured runs` : `exit codes: ${countsText(exitCodes)}`,
  };
}

/**
 * The server must have seen exactly one connection per client run, each carrying all of that run's requests:
 * a client that reconnects (or opens a spare socket) shows up as extra connections.
 */
export function connectionCheck(requestsPerConnection, runs, requestsPerRun) {
  const ok =
    requestsPerConnection.length === runs && requestsPerConnection.every((count) => count === requestsPerRun);
  const detail = `requests per connection: ${countsText(requestsPerConnection) || 'none'}`;
  return {
    ok,
    text: ok
      ? `1 per run (${runs} runs with warm-up, ${requestsPerRun} requests each)`
      : `${requestsPerConnection.length} connections for ${runs} runs (${detail})`,
  };
}

function megabytes(kb) {
  return kb === undefined ? 'n/a' : `${((kb * 1024) / 1e6).toFixed(1)} MB`;
}

/** Prints aligned columns; the first `leftColumns` are text (left-aligned), the rest numbers. */
function printTable(header, rows, leftColumns) {
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => row[column].length)),
  );
  const line = (cells) =>
    cells
      .map((cell, column) =>
        column < leftColumns ? cell.padEnd(widths[column]) : cell.padStart(widths[column]),
      )
      .join('  ')
      .trimEnd();
  console.log(line(header));
  console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  for (const row of rows) console.log(line(row));
}

/**
 * @param {Array<{ workload: { key: string, title: string, requests: number }, name: string, isBaseline: boolean,
 *   times: number[], peakKb: number | undefined, exit: { ok: boolean, text: string },
 *   connections: { ok: boolean, text: string } }>} results baseline first within each workload
 */
export function printResults(results) {
  const baselines = new Map(
    results.filter((r) => r.isBaseline).map((r) => [r.workload.key, median(r.times)]),
  );
  const rows = results.map((result) => {
    const middle = median(result.times);
    const baseline = baselines.get(result.workload.key);
    return [
      `(${result.workload.key}) ${result.workload.title}`,
      result.name,
      `${middle.toFixed(0)} ms`,
      `${Math.min(...result.times).toFixed(0)}-${Math.max(...result.times).toFixed(0)} ms`,
      (result.workload.requests / (middle / 1000)).toFixed(0),
      baseline === undefined ? 'n/a' : `${(middle / baseline).toFixed(2)}x`,
      megabytes(result.peakKb),
    ];
  });
  printTable(['workload', 'command', 'median', 'min-max', 'req/s', 'vs bare', 'peak RSS'], rows, 2);
  console.log('');
  printTable(
    ['workload', 'command', 'exit codes', 'connections seen by the server'],
    results.map((result) => [
      `(${result.workload.key})`,
      result.name,
      `${result.exit.ok ? 'ok' : 'FAIL'}: ${result.exit.text}`,
      `${result.connections.ok ? 'ok' : 'FAIL'}: ${result.connections.text}`,
    ]),
    4,
  );
  console.log('');
  for (const result of results.filter((r) => !r.isBaseline)) {
    const ratio = median(result.times) / (baselines.get(result.workload.key) ?? Number.NaN);
    const ratioMet = ratio <= TARGETS.ratio ? 'met' : 'NOT met';
    const rssMet =
      result.peakKb !== undefined && result.peakKb * 1024 < TARGETS.peakBytes ? 'met' : 'NOT met';
    console.log(
      `target (${result.workload.key}) ${result.name}: ${ratio.toFixed(2)}x bare (<= ${TARGETS.ratio}x) ${ratioMet};` +
        ` peak RSS ${megabytes(result.peakKb)} (< ${TARGETS.peakBytes / 1e6} MB) ${rssMet}`,
    );
  }
}
