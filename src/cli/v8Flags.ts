/**
 * V8 flags for every command, set by dist/runner.cjs before the program is compiled (so its code cache is
 * made and checked under the same flags); scripts/build-exe.mjs gives the single executable the same list
 * as `execArgv`. Each was measured with bench/throughput on Node 20 (figures in its README):
 * - `--liftoff-only`: undici parses HTTP/1.1 in WebAssembly; V8's optimising tier for it costs ~35 MB of
 *   memory for no measurable speed in a sequential run.
 * - `--semi-space-growth-factor=1`: a run makes many short-lived objects (a record per step); letting the
 *   young generation grow from 1 MB to 16 MB buys no measurable speed and costs ~30 MB of peak memory.
 * - `--interrupt-budget=540000` (8x the default): a function must run 8x longer before TurboFan optimises
 *   it. A run is short and touches much code a few times each, and optimising it in the background cost
 *   more time and memory than it saved (~15% of a run's CPU time, ~8 MB); a long loop over a large body is
 *   still optimised, a little later.
 */
export const V8_FLAGS: readonly string[] = [
  '--liftoff-only',
  '--semi-space-growth-factor=1',
  '--interrupt-budget=540000',
];
