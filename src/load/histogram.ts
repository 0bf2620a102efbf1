import {
  build,
  decodeFromCompressedBase64,
  encodeIntoCompressedBase64,
  type Histogram,
} from 'hdr-histogram-js';

/**
 * Latencies in HDR histograms (DECISIONS.md, "Load"): recorded in microseconds with 3 significant digits,
 * so percentiles are exact to 0.1% of the value and two histograms add without loss (shards merge exactly).
 */
export interface LatencyHistogram {
  record(ms: number): void;
  add(other: LatencyHistogram): void;
  readonly count: number;
  /** The value at `percentile` (0-100), in milliseconds; 0 when empty. */
  percentile(percentile: number): number;
  stats(): LatencyStats;
  /** HdrHistogram's compressed base64 form, which every HdrHistogram library reads. */
  encode(): string;
  /** The library's histogram, for `add`. */
  readonly inner: Histogram;
}

/** The summary of one histogram, in milliseconds (load.json's `latency`). */
export interface LatencyStats {
  min: number;
  mean: number;
  p50: number;
  p90: number;
  p95: number;
  p99: number;
  max: number;
}

const MICROS_PER_MS = 1000;

/** Milliseconds to three decimals: microseconds, the unit values are recorded in. */
function toMs(micros: number): number {
  return Math.round(micros) / MICROS_PER_MS;
}

function wrap(inner: Histogram): LatencyHistogram {
  const at = (percentile: number) =>
    inner.totalCount === 0 ? 0 : toMs(inner.getValueAtPercentile(percentile));
  return {
    inner,
    record(ms) {
      inner.recordValue(Math.max(1, Math.round(ms * MICROS_PER_MS)));
    },
    add(other) {
      inner.add(other.inner);
    },
    get count() {
      return inner.totalCount;
    },
    percentile: at,
    stats() {
      if (inner.totalCount === 0) return { min: 0, mean: 0, p50: 0, p90: 0, p95: 0, p99: 0, max: 0 };
      return {
        min: toMs(inner.minNonZeroValue),
        mean: toMs(inner.mean),
        p50: at(50),
        p90: at(90),
        p95: at(95),
        p99: at(99),
        max: toMs(inner.maxValue),
      };
    },
    encode: () => encodeIntoCompressedBase64(inner),
  };
}

export function createLatencyHistogram(): LatencyHistogram {
  // 1 µs to 1 hour; auto-resize keeps a slower value rather than dropping it.
  return wrap(
    build({
      lowestDiscernibleValue: 1,
      highestTrackableValue: 3_600_000_000,
      numberOfSignificantValueDigits: 3,
      bitBucketSize: 64,
      autoResize: true,
    }),
  );
}

/** Reads a histogram written by `encode` (or any HdrHistogram library); throws on text that is not one. */
export function decodeLatencyHistogram(base64: string): LatencyHistogram {
  const decoded = decodeFromCompressedBase64(base64, 64, false);
  // A fresh histogram of our own shape, so a decoded one adds to it like any other.
  const histogram = createLatencyHistogram();
  histogram.inner.add(decoded);
  decoded.destroy();
  return histogram;
}
