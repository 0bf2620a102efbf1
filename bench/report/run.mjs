// `node bench/report/run.mjs [steps] [runs]`: the time and peak memory to write report.json, report.html,
// report.xml and the failure snapshots for a run of 5,000 steps (issue 4 target: under 2 s and 200 MB).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = dirname(fileURLToPath(import.meta.url));
const steps = Number(process.argv[2] ?? '5000');
const runs = Math.max(1, Math.min(20, Number(process.argv[3] ?? '5')));
const out = mkdtempSync(join(tmpdir(), 'runner-report-bench-build-'));
const bundle = join(out, 'entry.mjs');
await build({
  entryPoints: [join(here, 'entry.ts')],
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  outfile: bundle,
  logLevel: 'error',
});

const results = [];
for (let i = 0; i < runs; i++) {
  // A fresh process each time, so peak RSS is this work's alone.
  const child = spawnSync(process.execPath, [bundle, String(steps)], { encoding: 'utf8' });
  if (child.status !== 0) throw new Error(`bench run failed: ${child.stderr}`);
  results.push(JSON.parse(child.stdout.trim().split('\n').at(-1)));
}
rmSync(out, { recursive: true, force: true });
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const writeMs = median(results.map((r) => r.writeMs));
const rss = Math.max(...results.map((r) => r.peakRssMB));
console.log(
  `steps: ${steps}, runs: ${runs}, files: ${results[0].files.join(', ')} + ${results[0].snapshots} snapshots`,
);
console.log(`write time (median): ${writeMs} ms   [target < 2000 ms] ${writeMs < 2000 ? 'met' : 'NOT met'}`);
console.log(`peak RSS (max, whole process): ${rss} MB   [target < 200 MB] ${rss < 200 ? 'met' : 'NOT met'}`);
