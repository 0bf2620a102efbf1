import type { RunListener, StepResult } from '../engine/index.js';
import { firstFailure } from '../reporters/index.js';
import { createLatencyHistogram, type LatencyHistogram } from './histogram.js';

/** One step's numbers (by step name: `name`, or `METHOD url` as written). */
export interface StepMetrics {
  requests: number;
  errors: number;
  latency: LatencyHistogram;
  /** The first failure seen, masked, so the summary can say what went wrong. */
  firstFailure?: string;
}

/** One second of the run, for "latency over time". */
export interface SecondMetrics {
  requests: number;
  errors: number;
  latency: LatencyHistogram;
}

/**
 * What a load run measured. Requests are request steps at any depth (loops and `use` included); a request
 * step counts as an error when it failed (a check, the network, a timeout), and its latency is recorded
 * when a response came. It listens to raw events (masking each whole record would cost more than the
 * request): what it keeps of them, names and failure texts, passes the masking boundary once.
 */
export class LoadMetrics {
  readonly latency = createLatencyHistogram();
  readonly steps = new Map<string, StepMetrics>();
  readonly seconds: SecondMetrics[] = [];
  requests = 0;
  errors = 0;
  iterations = 0;
  failedIterations = 0;
  dropped = 0;
  #startedMs: number;
  readonly #now: () => number;
  readonly #mask: (text: string) => string;
  /** Raw labels to the masked names steps are reported by (masked once per step, not per request). */
  readonly #names = new Map<string, string>();

  /** `mask` is the run's masking boundary: every name and failure text kept here has passed it. */
  constructor(now: () => number, mask: (text: string) => string) {
    this.#now = now;
    this.#mask = mask;
    this.#startedMs = now();
  }

  /** Starts the clock again: the load begins after setup. */
  restart(): void {
    this.#startedMs = this.#now();
  }

  /** Milliseconds since the metrics started. */
  elapsedMs(): number {
    return this.#now() - this.#startedMs;
  }

  /** A listener for an iteration's step events. */
  readonly listener: RunListener = {
    onStepEnd: ({ result }) => this.#step(result),
  };

  iterationEnded(failed: boolean): void {
    this.iterations++;
    if (failed) this.failedIterations++;
  }

  #second(): SecondMetrics {
    const index = Math.max(0, Math.floor(this.elapsedMs() / 1000));
    while (this.seconds.length <= index) {
      this.seconds.push({ requests: 0, errors: 0, latency: createLatencyHistogram() });
    }
    return this.seconds[index]!;
  }

  #step(result: StepResult): void {
    if (result.kind !== 'request' || result.status === 'skipped') return;
    let name = this.#names.get(result.label);
    if (name === undefined) {
      name = this.#mask(result.label);
      this.#names.set(result.label, name);
    }
    let step = this.steps.get(name);
    if (step === undefined) {
      step = { requests: 0, errors: 0, latency: createLatencyHistogram() };
      this.steps.set(name, step);
    }
    const second = this.#second();
    const failed = result.status === 'failed';
    this.requests++;
    step.requests++;
    second.requests++;
    if (failed) {
      this.errors++;
      step.errors++;
      second.errors++;
      step.firstFailure ??= this.#mask(firstFailure(result)?.text ?? 'the step failed');
    }
    if (result.response !== undefined) {
      this.latency.record(result.durationMs);
      step.latency.record(result.durationMs);
      second.latency.record(result.durationMs);
    }
  }
}
