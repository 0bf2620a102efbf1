import { parseDuration } from '../language/index.js';
import type { LatencyStats } from './histogram.js';

/**
 * `--threshold` (DECISIONS.md, "Load"): `<metric><op><value>` for the whole run, or
 * `"<step name>":<metric><op><value>` for one step. Metrics: any percentile `pNN` or `pNN.N`, `min`, `max`,
 * `mean` (durations: `200ms`, `1.5s`, a bare number is milliseconds), `error_rate` (`1%` or `0.01`) and
 * `rps` (requests per second).
 */
export interface Threshold {
  /** As written, for the summary and errors. */
  text: string;
  /** A step name, or undefined for the whole run. */
  step?: string;
  metric: string;
  op: '<' | '<=' | '>' | '>=';
  /** Milliseconds for latencies, a fraction for error_rate, a rate for rps. */
  value: number;
}

/** What a threshold is checked against: one step's numbers or the whole run's. */
export interface MeasuredScope {
  /** Requests measured: a scope with none cannot show that a threshold held. */
  requests: number;
  /** The run's: failed iterations / iterations; a step's: failed requests / requests. */
  errorRate: number;
  rps: number;
  latency: LatencyStats;
  /** Latencies recorded: requests that got a response. */
  responses: number;
  percentile(percentile: number): number;
}

export interface ThresholdVerdict {
  threshold: Threshold;
  /** The measured value, in the threshold's unit; undefined when the step never ran. */
  actual?: number;
  passed: boolean;
}

const SHAPE = /^(?:"([^"]+)"\s*:|([^"<>=]+?)\s*:)?\s*([a-z_]+[0-9.]*)\s*(<=|>=|<|>)\s*(\S+)\s*$/i;
const PERCENTILE = /^p(\d{1,2}(?:\.\d+)?|100)$/;
const LATENCY_METRIC = (metric: string) =>
  PERCENTILE.test(metric) || metric === 'min' || metric === 'max' || metric === 'mean';

/** Parses one `--threshold`; returns a reason when it cannot (the CLI turns it into exit 2). */
export function parseThreshold(text: string): Threshold | { error: string } {
  const match = SHAPE.exec(text);
  if (match === null) {
    return {
      error: 'expected <metric><op><value>, such as p95<200ms, error_rate<1% or "Create user":p99<1s',
    };
  }
  const step = (match[1] ?? match[2])?.trim();
  const metric = match[3]!.toLowerCase();
  const op = match[4] as Threshold['op'];
  const written = match[5]!;
  const base = { text, ...(step ? { step } : {}), metric, op };
  if (LATENCY_METRIC(metric)) {
    if (PERCENTILE.test(metric) && Number(metric.slice(1)) > 100)
      return { error: `${metric} is not a percentile` };
    const ms = /^\d+(\.\d+)?$/.test(written) ? Number(written) : parseDuration(written);
    if (ms === undefined) return { error: `\`${written}\` is not a duration (such as 200ms or 1.5s)` };
    return { ...base, value: ms };
  }
  if (metric === 'error_rate') {
    const percent = /^(\d+(?:\.\d+)?)%$/.exec(written);
    const value = percent ? Number(percent[1]) / 100 : /^\d+(\.\d+)?$/.test(written) ? Number(written) : NaN;
    if (!(value >= 0 && value <= 1)) return { error: `\`${written}\` is not a rate (such as 1% or 0.01)` };
    return { ...base, value };
  }
  if (metric === 'rps') {
    if (!/^\d+(\.\d+)?$/.test(written))
      return { error: `\`${written}\` is not a number of requests per second` };
    return { ...base, value: Number(written) };
  }
  return { error: `unknown metric \`${metric}\`: use pNN, min, max, mean, error_rate or rps` };
}

function measure(metric: string, scope: MeasuredScope): number {
  if (metric === 'error_rate') return scope.errorRate;
  if (metric === 'rps') return scope.rps;
  if (metric === 'min' || metric === 'max' || metric === 'mean') return scope.latency[metric];
  return scope.percentile(Number(metric.slice(1)));
}

function holds(actual: number, op: Threshold['op'], value: number): boolean {
  switch (op) {
    case '<':
      return actual < value;
    case '<=':
      return actual <= value;
    case '>':
      return actual > value;
    case '>=':
      return actual >= value;
  }
}

/** Checks each threshold; a step threshold for a step that never ran fails (nothing shows it held). */
export function checkThresholds(
  thresholds: readonly Threshold[],
  run: MeasuredScope,
  steps: ReadonlyMap<string, MeasuredScope>,
): ThresholdVerdict[] {
  return thresholds.map((threshold) => {
    const scope = threshold.step === undefined ? run : steps.get(threshold.step);
    if (scope === undefined || scope.requests === 0) return { threshold, passed: false };
    // A latency threshold over no response at all shows nothing held.
    if (LATENCY_METRIC(threshold.metric) && scope.responses === 0) return { threshold, passed: false };
    const actual = measure(threshold.metric, scope);
    return { threshold, actual, passed: holds(actual, threshold.op, threshold.value) };
  });
}

/** The measured value in the threshold's unit, as the summary prints it. */
export function formatMeasured(threshold: Threshold, actual: number | undefined): string {
  if (actual === undefined) return 'nothing measured';
  if (threshold.metric === 'error_rate') return `${(actual * 100).toFixed(2)}%`;
  if (threshold.metric === 'rps') return `${actual.toFixed(1)}/s`;
  return `${actual.toFixed(2)}ms`;
}
