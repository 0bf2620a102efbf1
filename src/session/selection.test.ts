import { describe, expect, it } from 'vitest';
import { filesOfShard, scenarioNameFilter } from './selection.js';

describe('filesOfShard', () => {
  it('gives every file to exactly one shard, by position modulo n, for any count of files and shards', () => {
    for (let files = 0; files <= 20; files++) {
      const list = Array.from({ length: files }, (_, i) => `f${String(i).padStart(2, '0')}.yaml`);
      for (let total = 1; total <= 7; total++) {
        const shards = Array.from({ length: total }, (_, i) => filesOfShard(list, { index: i + 1, total }));
        expect(shards.flat().sort()).toEqual(list);
        shards.forEach((shard, i) => {
          for (const file of shard) expect(list.indexOf(file) % total).toBe(i);
        });
        // Sizes differ by at most one: a shard never gets much more than its share.
        const sizes = shards.map((shard) => shard.length);
        expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
      }
    }
  });
});

describe('scenarioNameFilter', () => {
  it('matches part of a name in any case, or a /regular expression/ with its flags', () => {
    expect(scenarioNameFilter('user')('Create a User')).toBe(true);
    expect(scenarioNameFilter('user')('Orders')).toBe(false);
    expect(scenarioNameFilter('/^Create/')('Create a User')).toBe(true);
    expect(scenarioNameFilter('/^create/')('Create a User')).toBe(false);
    expect(scenarioNameFilter('/^create/i')('Create a User')).toBe(true);
    // A `g` flag would make test() stateful; it is dropped so every name is judged alike.
    const global = scenarioNameFilter('/a/g');
    expect([global('a'), global('a')]).toEqual([true, true]);
    expect(() => scenarioNameFilter('/(/')).toThrow(/invalid regular expression in --grep/);
  });
});
