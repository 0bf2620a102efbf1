import { describe, expect, it } from 'vitest';
import { didYouMean, didYouMeanHint } from './didYouMean.js';

describe('didYouMean', () => {
  it.each([
    ['rnu', ['init', 'run', 'validate'], 'run'],
    ['stpes', ['steps', 'setup', 'teardown'], 'steps'],
    ['bsaeUrl', ['baseUrl', 'services'], 'baseUrl'],
    ['Scenario', ['scenario', 'steps'], 'scenario'],
  ])('suggests %s -> %s', (word, candidates, expected) => {
    expect(didYouMean(word, candidates)).toBe(expected);
  });

  it('stays silent when nothing is close', () => {
    expect(didYouMean('xyz', ['scenario', 'steps'])).toBeUndefined();
    expect(didYouMeanHint('completely', ['run'])).toBeUndefined();
  });

  it('formats a hint', () => {
    expect(didYouMeanHint('envv', ['env', 'tag'])).toBe('did you mean `env`?');
  });
});
