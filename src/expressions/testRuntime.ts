/** A deterministic ExpressionRuntime for tests: a fixed clock, a seeded random sequence, counting uuids. */
import type { ExpressionRuntime } from './scope.js';

export const FIXED_NOW = new Date('2024-03-05T07:08:09.123Z');

/** mulberry32: a tiny, well-known seeded generator; good enough to make "random" values repeatable. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function testRuntime(
  options: { seed?: number; randoms?: number[]; now?: Date } = {},
): ExpressionRuntime {
  const random = seeded(options.seed ?? 42);
  const queue = [...(options.randoms ?? [])];
  let uuids = 0;
  return {
    now: () => options.now ?? FIXED_NOW,
    random: () => queue.shift() ?? random(),
    uuid: () => `00000000-0000-4000-8000-${String(++uuids).padStart(12, '0')}`,
  };
}
