import { describe, expect, it } from 'vitest';
import { createLatencyHistogram } from './histogram.js';
import { buildLoadReport, loadDataFromReport, mergeLoadData, type LoadData } from './loadReport.js';

/** A deterministic spread of latencies: a body near 20 ms and a tail to 900 ms. */
function latencies(count: number, seed: number): number[] {
  let state = seed;
  const next = () => (state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  return Array.from({ length: count }, () => (next() < 0.95 ? 15 + next() * 10 : 100 + next() * 800));
}

function dataOf(values: readonly number[], loadMs: number): LoadData {
  const latency = createLatencyHistogram();
  const second = createLatencyHistogram();
  for (const value of values) {
    latency.record(value);
    second.record(value);
  }
  return {
    loadMs,
    iterations: values.length,
    failedIterations: 3,
    dropped: 1,
    steps: new Map([['Get item', { requests: values.length, errors: 3, latency }]]),
    seconds: [{ requests: values.length, errors: 3, latency: second }],
  };
}

function exactPercentile(sorted: readonly number[], percentile: number): number {
  return sorted[Math.max(0, Math.ceil((percentile / 100) * sorted.length) - 1)]!;
}

const meta = {
  version: '0.0.0-test',
  generatedAt: '2026-11-28T00:00:00.000Z',
  environment: 'local',
  load: { model: 'open' as const, rate: 100, duration_ms: 10_000, ramp_ms: 0 },
};

describe('merging load.json files', () => {
  it('adds counts and histograms: merged percentiles are those of all values, within HDR precision', () => {
    const a = latencies(5_000, 1);
    const b = latencies(3_000, 2);
    // Through load.json text and back, as `report merge` reads shards' files.
    const files = [dataOf(a, 10_000), dataOf(b, 10_200)].map((data) =>
      loadDataFromReport(JSON.parse(JSON.stringify(buildLoadReport(data, meta, [])))),
    );
    const merged = buildLoadReport(mergeLoadData(files), meta, []);
    expect(merged.summary).toMatchObject({
      iterations: 8_000,
      requests: 8_000,
      errors: 6,
      dropped_iterations: 2,
    });
    expect(merged.summary.duration_ms).toBe(10_200);
    const all = [...a, ...b].sort((x, y) => x - y);
    for (const [key, percentile] of [
      ['p50', 50],
      ['p90', 90],
      ['p95', 95],
      ['p99', 99],
    ] as const) {
      const exact = exactPercentile(all, percentile);
      // 3 significant digits: within 0.1% (plus the microsecond the values are recorded in).
      expect(Math.abs(merged.summary.latency[key] - exact)).toBeLessThanOrEqual(exact * 0.001 + 0.001);
    }
    expect(merged.timeline[0]!.requests).toBe(8_000);
    expect(merged.steps['Get item']).toMatchObject({ requests: 8_000, errors: 6 });
  });

  it('says which step has no histogram in a damaged load.json', () => {
    const report = buildLoadReport(dataOf([20], 1_000), meta, []);
    report.histograms = {};
    expect(() => loadDataFromReport(report)).toThrow('step "Get item" has no histogram');
  });
});
