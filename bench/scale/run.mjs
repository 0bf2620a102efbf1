// Scale benchmark (issue 14), run by hand: the built CLI on 1,000 scenario files of 10 requests each, next
// to the bare Node loop doing the same 10,000 requests, and `--jobs 8` against `--jobs 1` when the server
// holds every answer 5 ms as real APIs do. See README.md beside it; figures in bench/README.md.
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { cacheFolders, pairedRuns } from '../pairedRuns.mjs';
import { clearStartupSettings } from '../startupSettings.mjs';
import { startServer } from '../throughput/serverProcess.mjs';
import { writeWorkspace } from '../throughput/workspace.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');
const USAGE =
  'usage: node bench/scale/run.mjs [--runner <runner.cjs>] [--runs N] [--warmup N] [--delayed-runs N] [--delay-ms N] [--jobs N]';

const { values } = parseArgs({
  options: {
    runner: { type: 'string', default: join(root, 'dist', 'runner.cjs') },
    runs: { type: 'string', default: '5' },
    warmup: { type: 'string', default: '1' },
    'delayed-runs': { type: 'string', default: '3' },
    'delay-ms': { type: 'string', default: '5' },
    jobs: { type: 'string', default: '8' },
    help: { type: 'boolean', default: false },
  },
});
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const runs = Number(values.runs);
const warmup = Number(values.warmup);
const delayedRuns = Number(values['delayed-runs']);
const delayMs = Number(values['delay-ms']);
const jobs = Number(values.jobs);
// Bounds keep every loop finite whatever is typed.
const within = (n, low, high) => Number.isInteger(n) && n >= low && n <= high;
if (!within(runs, 3, 50)) throw new Error(`--runs 3..50\n${USAGE}`);
if (!within(warmup, 0, 5)) throw new Error(`--warmup 0..5\n${USAGE}`);
if (!within(delayedRuns, 1, 20)) throw new Error(`--delayed-runs 1..20\n${USAGE}`);
if (!within(delayMs, 1, 100)) throw new Error(`--delay-ms 1..100\n${USAGE}`);
if (!within(jobs, 2, 64)) throw new Error(`--jobs 2..64\n${USAGE}`);
const runner = resolve(values.runner);
if (!existsSync(runner)) throw new Error(`${runner} is missing: run \`npm run build\` first`);

/** The scale workload: 1,000 files of 5 POST + GET pairs (10 requests each), 10,000 requests in all. */
const SCALE = { key: 'scale', title: '1,000 files x 10 requests', scenarios: 1000, pairs: 5 };
const REQUESTS = SCALE.scenarios * SCALE.pairs * 2;

clearStartupSettings();
const scratch = mkdtempSync(join(tmpdir(), 'runner-bench-scale-'));

const cacheEnv = cacheFolders(scratch);

const rows = [];
const node = process.execPath;
const dirFor = (name, baseUrl) => {
  const dir = join(scratch, name);
  mkdirSync(dir);
  writeWorkspace(dir, SCALE, baseUrl);
  return dir;
};
const bare = (baseUrl, cwd) => () => ({
  argv: [
    node,
    join(root, 'bench', 'throughput', 'bare.mjs'),
    baseUrl,
    String(SCALE.scenarios),
    String(SCALE.pairs),
  ],
  cwd,
});
const cli = (cwd, jobCount, mode) => () => ({
  argv: [node, runner, 'run', '--jobs', String(jobCount)],
  cwd,
  env: cacheEnv(mode),
});

// 1. No delay: the runner's own cost per request, against the bare loop.
let server = await startServer();
try {
  const dir = dirFor('fast', server.baseUrl);
  for (const mode of ['cold', 'warm']) {
    process.stderr.write(`measuring --jobs 1 (${mode}) against the bare loop...\n`);
    rows.push({
      row: `--jobs 1 (${mode}), no delay`,
      vs: 'bare loop',
      ...pairedRuns(cli(dir, 1, mode), bare(server.baseUrl, dir), { runs, warmup }),
    });
  }
  process.stderr.write(`measuring --jobs ${jobs} (warm) against the bare loop...\n`);
  rows.push({
    row: `--jobs ${jobs} (warm), no delay`,
    vs: 'bare loop',
    ...pairedRuns(cli(dir, jobs, 'warm'), bare(server.baseUrl, dir), { runs, warmup }),
  });
} finally {
  server.stop();
}

// 2. The server holds each answer `delayMs`: what --jobs is for.
server = await startServer({ delayMs });
try {
  const dir = dirFor('delayed', server.baseUrl);
  process.stderr.write(`measuring --jobs ${jobs} against --jobs 1 with ${delayMs} ms per request...\n`);
  rows.push({
    row: `--jobs 1 / --jobs ${jobs} (warm), ${delayMs} ms per request`,
    vs: `--jobs ${jobs}`,
    ...pairedRuns(cli(dir, 1, 'warm'), cli(dir, jobs, 'warm'), { runs: delayedRuns, warmup }),
  });
  process.stderr.write(`measuring the bare loop with ${delayMs} ms per request...\n`);
  rows.push({
    row: `--jobs ${jobs} (warm), ${delayMs} ms per request`,
    vs: 'bare loop (sequential)',
    ...pairedRuns(cli(dir, jobs, 'warm'), bare(server.baseUrl, dir), { runs: 1, warmup }),
  });
} finally {
  server.stop();
  rmSync(scratch, { recursive: true, force: true });
}

console.log(
  `${SCALE.title} (${REQUESTS} requests); ${process.version}; runner: ${runner}; ${runs} paired runs ` +
    `(${delayedRuns} with the delay) after ${warmup} warm-up; medians in ms\n`,
);
console.log('| row | runner | baseline | vs | ratio |');
console.log('| --- | ---: | ---: | --- | ---: |');
for (const r of rows) {
  console.log(
    `| ${r.row} | ${r.target.toFixed(0)} | ${r.baseline.toFixed(0)} | ${r.vs} | ${r.ratio.toFixed(2)}x |`,
  );
}
