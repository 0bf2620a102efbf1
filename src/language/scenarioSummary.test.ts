import { describe, expect, it } from 'vitest';
import { summarizeScenario } from './scenarioSummary.js';

describe('summarizeScenario', () => {
  it('lists `use` targets and what the file defines, nested loops included', () => {
    const text = [
      'scenario: t',
      'setup: [{ use: ../shared/login.yaml }]',
      'steps:',
      '  - set: { a: "1" }',
      '  - request: { method: GET, url: / }',
      '    save: { b: body.b }',
      '  - for_each: { from: $a, steps: [{ import: { file: x.xlsx, as: rows } }, { use: inner.yaml }] }',
    ].join('\n');
    expect(summarizeScenario(text, 's.yaml')).toEqual({
      uses: ['../shared/login.yaml', 'inner.yaml'],
      defines: ['a', 'b', 'rows'],
    });
  });

  it('gives what it can for a broken file', () => {
    expect(summarizeScenario('steps: [', 's.yaml')).toEqual({ uses: [], defines: [] });
  });
});
