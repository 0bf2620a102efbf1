import { describe, expect, it } from 'vitest';
import { failedRequest, stepResult } from '../../../test/fixtures/junit/sampleResults.js';
import { firstFailure, ownFailures } from './stepFailures.js';

describe('ownFailures', () => {
  it('lists failed assertions, then a timing violation, then the error, skipping what passed', () => {
    expect(ownFailures({ ...failedRequest, error: 'failed after 3 attempts (retry.attempts)' })).toEqual([
      { kind: 'assertion', text: 'status = 201 (expected), got 500' },
      { kind: 'assertion', text: 'body.id exists: missing' },
      { kind: 'timing', text: 'latency 1.5s exceeds timing.max 500ms' },
      { kind: 'error', text: 'failed after 3 attempts (retry.attempts)' },
    ]);
    expect(ownFailures(stepResult())).toEqual([]);
  });
});

describe('firstFailure', () => {
  it('prefers a failed check over the error, so an exhausted retry names the assertion', () => {
    expect(firstFailure({ ...failedRequest, error: 'failed after 3 attempts (retry.attempts)' })).toEqual({
      kind: 'assertion',
      text: 'status = 201 (expected), got 500',
    });
    expect(
      firstFailure(stepResult({ status: 'failed', timing: { maxMs: 10, actualMs: 20, passed: false } })),
    ).toEqual({
      kind: 'timing',
      text: 'latency 20ms exceeds timing.max 10ms',
    });
  });

  it('names an error when nothing else failed', () => {
    expect(firstFailure(stepResult({ status: 'failed', error: 'undefined variable $token' }))).toEqual({
      kind: 'error',
      text: 'undefined variable $token',
    });
  });

  it('lets the first failed nested step speak for a loop, with the labels that lead to it', () => {
    const loop = stepResult({
      kind: 'repeat',
      status: 'failed',
      error: 'repeat stopped: a step failed in pass 2',
      children: [
        stepResult({ label: 'repeat 1/3' }),
        stepResult({
          label: 'repeat 2/3',
          status: 'failed',
          children: [stepResult({ label: 'Poll', status: 'failed', error: 'socket hang up' })],
        }),
      ],
    });
    expect(firstFailure(loop)).toEqual({ kind: 'error', text: 'repeat 2/3 › Poll › socket hang up' });
  });

  it('falls back to the step error when no nested step explains it, and to nothing for a bare failure', () => {
    const loop = stepResult({
      status: 'failed',
      error: 'until `$done` was still false after 3 passes',
      children: [stepResult()],
    });
    expect(firstFailure(loop)?.text).toBe('until `$done` was still false after 3 passes');
    expect(firstFailure(stepResult({ status: 'failed' }))).toBeUndefined();
  });
});
