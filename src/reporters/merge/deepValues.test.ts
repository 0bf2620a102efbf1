import { describe, expect, it } from 'vitest';
import { flatJsonText, keepDeepValuesAsText, MAX_STEP_NESTING } from './deepValues.js';

const nested = (depth: number): unknown => JSON.parse('['.repeat(depth) + ']'.repeat(depth));

describe('keepDeepValuesAsText', () => {
  it('keeps a value nested past 1000 levels as its JSON text, with a warning on its step', () => {
    const step = {
      response: { body: nested(5_000), status: 200 },
      saved: { x: nested(1_500) },
      warnings: ['w'],
    };
    const report = { steps: [{ children: [step] }] };
    expect(keepDeepValuesAsText(report)).toBeUndefined();
    expect(step.response.body).toBe('['.repeat(5_000) + ']'.repeat(5_000));
    expect(step.saved).toBe(`{"x":${'['.repeat(1_500)}${']'.repeat(1_500)}}`);
    expect(step.warnings).toEqual([
      'w',
      'the response body is nested deeper than 1000 levels and is kept as text',
      '`saved` is nested deeper than 1000 levels and is kept as text',
    ]);
  });

  it('leaves values within the limit as they are', () => {
    const body = nested(900);
    const report = { scenarios: [{ steps: [{ response: { body } }] }] };
    expect(keepDeepValuesAsText(report)).toBeUndefined();
    expect(report.scenarios[0]!.steps[0]!.response.body).toBe(body);
  });

  it('refuses steps nested past the limit', () => {
    let step: Record<string, unknown> = {};
    const top = step;
    for (let i = 0; i < MAX_STEP_NESTING + 5; i++) {
      const child = {};
      step.children = [child];
      step = child;
    }
    expect(keepDeepValuesAsText({ steps: [top] })).toBe('steps are nested more than 200 levels deep');
  });
});

describe('flatJsonText', () => {
  it('writes what JSON.stringify writes', () => {
    const value = { a: [1, 'two', null, { b: true, c: undefined }], 'd"': {}, e: [] };
    expect(flatJsonText(value)).toBe(JSON.stringify(value));
  });
});
