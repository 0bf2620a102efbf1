import fc from 'fast-check';

/**
 * One place for how hard the fuzz tests try. The normal suite runs each property a modest number of times
 * with a fixed seed, so a failure is reproducible and the whole layer stays well under a minute;
 * `FUZZ_RUNS=100000 npx vitest run test/fuzz` tries far more, and `FUZZ_SEED=<n>` another sequence
 * (CONTRIBUTING.md).
 */
const DEFAULT_SEED = 20261125;

export function fuzzParameters<T>(defaultRuns: number): fc.Parameters<T> {
  const runs = Number(process.env.FUZZ_RUNS ?? defaultRuns);
  const seed = Number(process.env.FUZZ_SEED ?? DEFAULT_SEED);
  return { numRuns: runs, seed, endOnFailure: true };
}

/** A long run must not hit vitest's per-test timeout. */
export const FUZZ_TIMEOUT_MS = process.env.FUZZ_RUNS === undefined ? 30_000 : 24 * 60 * 60 * 1000;
