import {
  createLatencyHistogram,
  decodeLatencyHistogram,
  type LatencyHistogram,
  type LatencyStats,
} from './histogram.js';
import type { LoadMetrics } from './loadMetrics.js';
import {
  checkThresholds,
  parseThreshold,
  type MeasuredScope,
  type Threshold,
  type ThresholdVerdict,
} from './thresholds.js';

/** How the load was shaped, as load.json records it. */
export interface LoadSettings {
  model: 'closed' | 'open';
  vus?: number;
  /** Iterations per second (open model). */
  rate?: number;
  duration_ms: number;
  ramp_ms: number;
  /** `i/n` for a shard's own file; the number of shards for a merged one. */
  shard?: string;
  shards?: number;
}

/** What a load run measured, whether it comes from a live run or from load.json files (merge). */
export interface LoadData {
  loadMs: number;
  iterations: number;
  failedIterations: number;
  dropped: number;
  steps: Map<string, { requests: number; errors: number; latency: LatencyHistogram; firstFailure?: string }>;
  seconds: { requests: number; errors: number; latency: LatencyHistogram }[];
}

export function loadDataOf(metrics: LoadMetrics, loadMs: number): LoadData {
  return {
    loadMs,
    iterations: metrics.iterations,
    failedIterations: metrics.failedIterations,
    dropped: metrics.dropped,
    steps: metrics.steps,
    seconds: metrics.seconds,
  };
}

/** load.json (DECISIONS.md, "Finer points (wave 3)"): latencies in milliseconds, histograms per step. */
export interface LoadReport {
  tool: { name: 'runner'; version: string };
  generatedAt: string;
  environment: string;
  load: LoadSettings;
  summary: {
    iterations: number;
    requests: number;
    /** Iterations with a failed check (DECISIONS.md): `error_rate` is errors / iterations. */
    errors: number;
    error_rate: number;
    rps: number;
    dropped_iterations: number;
    duration_ms: number;
    latency: LatencyStats;
  };
  steps: Record<
    string,
    {
      requests: number;
      errors: number;
      error_rate: number;
      rps: number;
      latency: LatencyStats;
      first_failure?: string;
    }
  >;
  /** Second by second from the start of the load, for "latency over time". */
  timeline: { second: number; requests: number; errors: number; latency: LatencyStats; histogram: string }[];
  thresholds: { threshold: string; passed: boolean; actual?: number }[];
  /** Each step's latencies, HdrHistogram compressed base64 in microseconds: what merge adds exactly. */
  histograms: Record<string, string>;
}

const round = (value: number, digits = 3) => Number(value.toFixed(digits));

/** Every request's latency: each belongs to exactly one step, so the run's histogram is their sum. */
function runHistogram(data: LoadData): LatencyHistogram {
  const all = createLatencyHistogram();
  for (const step of data.steps.values()) all.add(step.latency);
  return all;
}

/** The run's and each step's numbers, as thresholds measure them. */
function measuredScopes(data: LoadData): { run: MeasuredScope; steps: Map<string, MeasuredScope> } {
  const seconds = Math.max(data.loadMs, 1) / 1000;
  const all = runHistogram(data);
  let requests = 0;
  const steps = new Map<string, MeasuredScope>();
  for (const [name, step] of data.steps) {
    requests += step.requests;
    steps.set(name, {
      requests: step.requests,
      errorRate: step.requests === 0 ? 0 : step.errors / step.requests,
      rps: step.requests / seconds,
      latency: step.latency.stats(),
      responses: step.latency.count,
      percentile: (p) => step.latency.percentile(p),
    });
  }
  const run: MeasuredScope = {
    requests,
    errorRate: data.iterations === 0 ? 0 : data.failedIterations / data.iterations,
    rps: requests / seconds,
    latency: all.stats(),
    responses: all.count,
    percentile: (p) => all.percentile(p),
  };
  return { run, steps };
}

export function evaluateThresholds(data: LoadData, thresholds: readonly Threshold[]): ThresholdVerdict[] {
  const scopes = measuredScopes(data);
  return checkThresholds(thresholds, scopes.run, scopes.steps);
}

export function buildLoadReport(
  data: LoadData,
  meta: { version: string; generatedAt: string; environment: string; load: LoadSettings },
  verdicts: readonly ThresholdVerdict[],
): LoadReport {
  const { run, steps } = measuredScopes(data);
  return {
    tool: { name: 'runner', version: meta.version },
    generatedAt: meta.generatedAt,
    environment: meta.environment,
    load: meta.load,
    summary: {
      iterations: data.iterations,
      requests: run.requests,
      errors: data.failedIterations,
      error_rate: round(run.errorRate, 6),
      rps: round(run.rps, 2),
      dropped_iterations: data.dropped,
      duration_ms: round(data.loadMs, 1),
      latency: run.latency,
    },
    steps: Object.fromEntries(
      [...data.steps].map(([name, step]) => {
        const scope = steps.get(name)!;
        return [
          name,
          {
            requests: step.requests,
            errors: step.errors,
            error_rate: round(scope.errorRate, 6),
            rps: round(scope.rps, 2),
            latency: scope.latency,
            ...(step.firstFailure === undefined ? {} : { first_failure: step.firstFailure }),
          },
        ];
      }),
    ),
    timeline: data.seconds.map((second, index) => ({
      second: index,
      requests: second.requests,
      errors: second.errors,
      latency: second.latency.stats(),
      histogram: second.latency.encode(),
    })),
    thresholds: verdicts.map((verdict) => ({
      threshold: verdict.threshold.text,
      passed: verdict.passed,
      ...(verdict.actual === undefined ? {} : { actual: round(verdict.actual, 6) }),
    })),
    histograms: Object.fromEntries([...data.steps].map(([name, step]) => [name, step.latency.encode()])),
  };
}

/** Reads a load.json back into data; throws a readable message when it is not one. */
export function loadDataFromReport(report: LoadReport): LoadData {
  const steps: LoadData['steps'] = new Map();
  for (const [name, step] of Object.entries(report.steps)) {
    const encoded = report.histograms[name];
    if (typeof encoded !== 'string') throw new Error(`step "${name}" has no histogram`);
    steps.set(name, {
      requests: step.requests,
      errors: step.errors,
      latency: decodeLatencyHistogram(encoded),
      ...(step.first_failure === undefined ? {} : { firstFailure: step.first_failure }),
    });
  }
  return {
    loadMs: report.summary.duration_ms,
    iterations: report.summary.iterations,
    failedIterations: report.summary.errors,
    dropped: report.summary.dropped_iterations,
    steps,
    seconds: report.timeline.map((second) => ({
      requests: second.requests,
      errors: second.errors,
      latency: decodeLatencyHistogram(second.histogram),
    })),
  };
}

/**
 * Shards ran side by side (DECISIONS.md: `--shard i/n` splits the load), so their counts and histograms add,
 * second by second as well, and the merged load lasted as long as the longest shard.
 */
export function mergeLoadData(inputs: readonly LoadData[]): LoadData {
  const merged: LoadData = {
    loadMs: 0,
    iterations: 0,
    failedIterations: 0,
    dropped: 0,
    steps: new Map(),
    seconds: [],
  };
  for (const input of inputs) {
    merged.loadMs = Math.max(merged.loadMs, input.loadMs);
    merged.iterations += input.iterations;
    merged.failedIterations += input.failedIterations;
    merged.dropped += input.dropped;
    for (const [name, step] of input.steps) {
      const into = merged.steps.get(name);
      if (into === undefined) {
        merged.steps.set(name, { requests: 0, errors: 0, latency: createLatencyHistogram() });
      }
      const target = merged.steps.get(name)!;
      target.requests += step.requests;
      target.errors += step.errors;
      target.latency.add(step.latency);
      if (target.firstFailure === undefined && step.firstFailure !== undefined)
        target.firstFailure = step.firstFailure;
    }
    input.seconds.forEach((second, index) => {
      while (merged.seconds.length <= index) {
        merged.seconds.push({ requests: 0, errors: 0, latency: createLatencyHistogram() });
      }
      const target = merged.seconds[index]!;
      target.requests += second.requests;
      target.errors += second.errors;
      target.latency.add(second.latency);
    });
  }
  return merged;
}

/** The thresholds load.json files were checked against, parsed again (a merge re-checks them on the sum). */
export function thresholdsOf(reports: readonly LoadReport[]): Threshold[] {
  const seen = new Map<string, Threshold>();
  for (const report of reports) {
    for (const { threshold } of report.thresholds) {
      const parsed = parseThreshold(threshold);
      if (!('error' in parsed)) seen.set(threshold, parsed);
    }
  }
  return [...seen.values()];
}
