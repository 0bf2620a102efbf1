// Shared by bench/platform and bench/scale: whole-process wall time of one command, and paired runs of two
// commands in turn, so that drift of the machine's speed hits both alike.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { median } from './throughput/timing.mjs';

/** Wall ms of one spawn to exit; throws when the command fails (a benchmark of an error path is no use). */
export function timeOnce({ argv, cwd, env }) {
  const start = process.hrtime.bigint();
  const result = spawnSync(argv[0], argv.slice(1), {
    cwd,
    env: { ...process.env, ...env },
    stdio: 'pipe',
    maxBuffer: 256 * 1024 * 1024,
  });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  if (result.status !== 0) {
    throw new Error(`\`${argv.join(' ')}\` exited ${result.status}: ${String(result.stdout).slice(-400)}`);
  }
  return ms;
}

/**
 * Runs `target()` and `baseline()` (each returns a command) in turn, A B A B ..., `warmup` untimed pairs
 * first; returns their medians and the median of the pairwise ratios (target / baseline).
 */
export function pairedRuns(target, baseline, { runs, warmup }) {
  const a = [];
  const b = [];
  for (let run = 0; run < warmup + runs; run += 1) {
    const ta = timeOnce(target());
    const tb = timeOnce(baseline());
    if (run >= warmup) {
      a.push(ta);
      b.push(tb);
    }
  }
  return { target: median(a), baseline: median(b), ratio: median(a.map((t, i) => t / b[i])) };
}

/** Cache folders under `scratch`: an empty one for every cold run, one kept folder for warm runs. */
export function cacheFolders(scratch) {
  let coldRun = 0;
  return (mode) =>
    mode === 'cold'
      ? { RUNNER_CACHE_DIR: join(scratch, `cold-${(coldRun += 1)}`) }
      : { RUNNER_CACHE_DIR: join(scratch, 'warm') };
}
