import { describe, expect, it } from 'vitest';
import { checkThresholds, parseThreshold, type MeasuredScope, type Threshold } from './thresholds.js';

function parsed(text: string): Threshold {
  const threshold = parseThreshold(text);
  if ('error' in threshold) throw new Error(threshold.error);
  return threshold;
}

function scope(values: Partial<MeasuredScope> = {}): MeasuredScope {
  const latency = { min: 1, mean: 20, p50: 18, p90: 40, p95: 60, p99: 120, max: 300 };
  return {
    requests: 100,
    errorRate: 0.02,
    rps: 50,
    latency,
    responses: 100,
    percentile: (p) =>
      p === 99.9 ? 250 : p === 75 ? 30 : ((latency as Record<string, number>)[`p${p}`] ?? NaN),
    ...values,
  };
}

describe('parseThreshold', () => {
  it('reads the metrics and units DECISIONS.md lists', () => {
    expect(parsed('p95<200ms')).toMatchObject({ metric: 'p95', op: '<', value: 200 });
    expect(parsed('p99.9<=1.5s')).toMatchObject({ metric: 'p99.9', op: '<=', value: 1500 });
    expect(parsed('mean<250')).toMatchObject({ metric: 'mean', value: 250 });
    expect(parsed('error_rate<1%')).toMatchObject({ metric: 'error_rate', value: 0.01 });
    expect(parsed('error_rate<0.05')).toMatchObject({ value: 0.05 });
    expect(parsed('rps>=100')).toMatchObject({ metric: 'rps', op: '>=', value: 100 });
    expect(parsed('"Create user":p95<200ms')).toMatchObject({
      step: 'Create user',
      metric: 'p95',
      value: 200,
    });
    expect(parsed('Create user:max<2s')).toMatchObject({ step: 'Create user', metric: 'max', value: 2000 });
  });

  it('says what is wrong with a threshold it cannot read', () => {
    expect(parseThreshold('p95')).toEqual({ error: expect.stringContaining('expected <metric><op><value>') });
    expect(parseThreshold('p95<fast')).toEqual({ error: '`fast` is not a duration (such as 200ms or 1.5s)' });
    expect(parseThreshold('error_rate<120%')).toEqual({ error: '`120%` is not a rate (such as 1% or 0.01)' });
    expect(parseThreshold('latency<5ms')).toEqual({
      error: expect.stringContaining('unknown metric `latency`'),
    });
  });
});

describe('checkThresholds', () => {
  it('measures the run or a step and compares with the operator written', () => {
    const steps = new Map([['Create user', scope({ rps: 5, errorRate: 0 })]]);
    const verdicts = checkThresholds(
      [
        'p95<61ms',
        'p95<60ms',
        'p95<=60ms',
        'p99.9<300ms',
        'p75>29ms',
        'error_rate<1%',
        '"Create user":error_rate<1%',
        '"Create user":rps>10',
      ].map(parsed),
      scope(),
      steps,
    );
    expect(verdicts.map((verdict) => [verdict.threshold.text, verdict.passed, verdict.actual])).toEqual([
      ['p95<61ms', true, 60],
      ['p95<60ms', false, 60],
      ['p95<=60ms', true, 60],
      ['p99.9<300ms', true, 250],
      ['p75>29ms', true, 30],
      ['error_rate<1%', false, 0.02],
      ['"Create user":error_rate<1%', true, 0],
      ['"Create user":rps>10', false, 5],
    ]);
  });

  it('fails a threshold with nothing to measure: an unknown step, or latencies with no response', () => {
    const verdicts = checkThresholds(
      [parsed('"Nope":p95<1s'), parsed('p95<1s'), parsed('error_rate<=100%')],
      scope({ responses: 0 }),
      new Map(),
    );
    expect(verdicts.map((verdict) => verdict.passed)).toEqual([false, false, true]);
  });
});
