import type { Backoff, RetrySpec, Step } from '../../language/model.js';
import type { AttemptRecord } from '../results.js';
import { interruptedReason } from '../interrupts.js';
import type { StepContext, StepOutcome } from './context.js';

/**
 * SPEC, `retry` object: the wait before retry N (N from 1) is `interval` (constant), `interval × N`
 * (linear) or `interval × 2^(N-1)` (exponential), each times a random jitter of ±25%.
 */
export function retryDelay(
  retryNumber: number,
  intervalMs: number,
  backoff: Backoff,
  random: number,
): number {
  const base =
    backoff === 'linear'
      ? intervalMs * retryNumber
      : backoff === 'exponential'
        ? intervalMs * 2 ** (retryNumber - 1)
        : intervalMs;
  return Math.round(base * (0.75 + random * 0.5));
}

function firstFailure(outcome: StepOutcome): string | undefined {
  return outcome.error ?? outcome.assertions?.find((assertion) => !assertion.passed)?.message;
}

/**
 * Runs a step's attempts: `attempts` is how many times the step is tried in all, the first try included.
 * Each attempt compiles the request again, so generators give fresh values. A response status outside
 * `onStatus` fails at once; running out of attempts or of `maxDuration` fails the step and halts the
 * scenario (DECISIONS.md).
 */
export function withRetry(
  step: Step,
  context: StepContext,
  attempt: () => Promise<StepOutcome>,
): Promise<StepOutcome> {
  // Without `retry` the one attempt's promise is the step's: no async layer of its own around it.
  return step.retry ? retrying(step.retry, context, attempt) : attempt();
}

async function retrying(
  retry: RetrySpec,
  context: StepContext,
  attempt: () => Promise<StepOutcome>,
): Promise<StepOutcome> {
  const { clock, runtime } = context.services;
  const started = clock.monotonicMs();
  const records: AttemptRecord[] = [];

  // The step's duration covers every attempt and the waits between them, not just the last exchange.
  const finish = (outcome: StepOutcome): StepOutcome => ({
    ...outcome,
    attempts: records,
    durationMs: clock.monotonicMs() - started,
  });
  for (let n = 1; ; n++) {
    const attemptStarted = clock.monotonicMs();
    const outcome = await attempt();
    const record: AttemptRecord = {
      attempt: n,
      status: outcome.status,
      httpStatus: outcome.response?.status,
      // A request that got no response (refused, timed out) has no exchange time of its own: its attempt's.
      durationMs: outcome.durationMs ?? clock.monotonicMs() - attemptStarted,
      failure: outcome.status === 'failed' ? firstFailure(outcome) : undefined,
    };
    records.push(record);
    // An interrupt ends the retries too: what was cut short is not tried again.
    if (outcome.status !== 'failed' || context.signal.aborted) return finish(outcome);

    const status = outcome.response?.status;
    if (retry.onStatus && status !== undefined && !retry.onStatus.includes(status)) {
      return finish({
        ...outcome,
        error: joinErrors(
          outcome.error,
          `not retried: status ${status} is not in retry.onStatus [${retry.onStatus.join(', ')}]`,
        ),
      });
    }
    const wait = retryDelay(n, retry.intervalMs, retry.backoff, runtime.random());
    const elapsed = clock.monotonicMs() - started;
    const outOfTime = retry.maxDurationMs !== undefined && elapsed + wait > retry.maxDurationMs;
    if (n >= retry.attempts || outOfTime) {
      const why = outOfTime
        ? `retry.maxDuration ${retry.maxDurationMs}ms would be exceeded after ${n} ${n === 1 ? 'attempt' : 'attempts'}`
        : `failed after ${n} ${n === 1 ? 'attempt' : 'attempts'} (retry.attempts)`;
      return finish({ ...outcome, haltsScenario: true, error: joinErrors(outcome.error, why) });
    }
    record.waitMs = wait;
    await clock.sleep(wait, context.signal);
    if (context.signal.aborted) {
      const why = `${interruptedReason(context.section)} before attempt ${n + 1}`;
      return finish({ ...outcome, error: joinErrors(outcome.error, why) });
    }
  }
}

function joinErrors(first: string | undefined, second: string): string {
  return first ? `${first}; ${second}` : second;
}
