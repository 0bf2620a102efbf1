// Throughput benchmark, run by hand (see README.md beside this file): the built runner as a whole process
// against a local keep-alive server, next to a bare Node script doing the same requests and checks.
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { clearStartupSettings } from '../startupSettings.mjs';
import { measurePeakRss, rssTool } from './peakRss.mjs';
import { connectionCheck, exitCheck, printResults } from './report.mjs';
import { startServer } from './serverProcess.mjs';
import { hasHyperfine, timeCommand } from './timing.mjs';
import { WORKLOADS, writeWorkspace } from './workspace.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');
const bundle = join(root, 'dist', 'runner.cjs');
const executable = join(root, 'dist', 'runner');

const USAGE = 'usage: node bench/throughput/run.mjs [--runs N] [--warmup N] [--rss-runs N] [--keep]';

function readOptions() {
  try {
    return parseArgs({
      options: {
        runs: { type: 'string', default: '10' },
        warmup: { type: 'string', default: '2' },
        'rss-runs': { type: 'string', default: '3' },
        keep: { type: 'boolean', default: false },
        help: { type: 'boolean', default: false },
      },
    }).values;
  } catch (error) {
    return fail(`${error.message}\n${USAGE}`);
  }
}

function fail(message) {
  console.error(`bench: ${message}`);
  process.exit(2);
}

const options = readOptions();
if (options.help) {
  console.log(`${USAGE}\nSee bench/throughput/README.md.`);
  process.exit(0);
}
const runs = Number(options.runs);
const warmup = Number(options.warmup);
const rssRuns = Number(options['rss-runs']);
// Upper bounds keep every loop of the benchmark finite even when a flag is mistyped.
if (!Number.isInteger(runs) || runs < 5 || runs > 200) fail('--runs must be an integer from 5 to 200');
if (!Number.isInteger(warmup) || warmup < 0 || warmup > 20) fail('--warmup must be an integer from 0 to 20');
if (!Number.isInteger(rssRuns) || rssRuns < 1 || rssRuns > 50) fail('--rss-runs must be from 1 to 50');
if (!existsSync(bundle)) fail('dist/runner.cjs is missing: run `npm run build` first');

function newestMtime(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((entry) => newestMtime(join(path, entry))));
}

/** A stale build would measure old code; say so rather than refuse (the numbers may still be wanted). */
function warnIfStale() {
  const sources = newestMtime(join(root, 'src'));
  if (statSync(bundle).mtimeMs < sources)
    console.log('warning: dist/runner.cjs is older than src/ (npm run build)');
  if (existsSync(executable) && statSync(executable).mtimeMs < statSync(bundle).mtimeMs) {
    console.log('warning: dist/runner is older than dist/runner.cjs (npm run build:exe)');
  }
}

/** The commands measured on one workload; the bare script comes first, as the baseline of the ratios. */
function commandsFor(workload, cwd, baseUrl) {
  const node = process.execPath;
  const bare = [node, join(here, 'bare.mjs'), baseUrl, String(workload.scenarios), String(workload.pairs)];
  const list = [
    { name: 'node bare.mjs', argv: bare, cwd, isBaseline: true },
    { name: 'node dist/runner.cjs run', argv: [node, bundle, 'run'], cwd, isBaseline: false },
  ];
  if (existsSync(executable)) {
    list.push({ name: 'dist/runner run', argv: [executable, 'run'], cwd, isBaseline: false });
  }
  return list;
}

async function measure(server, workload, command, settings) {
  const requestsPerRun = workload.requests;
  await server.reset();
  const timing = timeCommand(settings.tool, command, settings);
  const timedConnections = await server.requestsPerConnection();
  await server.reset();
  const memory = measurePeakRss(settings.rssTool, command, rssRuns, settings.scratch);
  const memoryConnections = await server.requestsPerConnection();
  // Each batch is checked on its own (a reset separates them); the text counts both together.
  const batchesOk =
    connectionCheck(timedConnections, runs + warmup, requestsPerRun).ok &&
    connectionCheck(memoryConnections, rssRuns, requestsPerRun).ok;
  const together = connectionCheck(
    [...timedConnections, ...memoryConnections],
    runs + warmup + rssRuns,
    requestsPerRun,
  );
  return {
    workload,
    name: command.name,
    isBaseline: command.isBaseline,
    times: timing.times,
    peakKb: memory.peakKb,
    exit: exitCheck([...timing.exitCodes, ...memory.exitCodes]),
    connections: { ok: batchesOk && together.ok, text: together.text },
  };
}

async function main() {
  warnIfStale();
  clearStartupSettings();
  const tool = hasHyperfine() ? 'hyperfine' : 'spawn loop';
  if (tool !== 'hyperfine') {
    console.log(
      'hyperfine not found (Debian/Ubuntu: `apt-get install -y hyperfine`); timing with a spawn loop',
    );
  }
  const scratch = mkdtempSync(join(tmpdir(), 'runner-throughput-'));
  const server = await startServer();
  const results = [];
  try {
    const settings = { tool, rssTool: rssTool(scratch), runs, warmup, scratch };
    console.log(
      `server ${server.baseUrl} (separate process); ${runs} timed runs after ${warmup} warm-up by ${tool};` +
        ` peak RSS: highest of ${rssRuns} more runs by ${settings.rssTool}\n`,
    );
    for (const workload of WORKLOADS) {
      const sized = { ...workload, requests: workload.scenarios * workload.pairs * 2 };
      const dir = join(scratch, workload.key);
      writeWorkspace(dir, workload, server.baseUrl);
      for (const command of commandsFor(workload, dir, server.baseUrl)) {
        process.stderr.write(`measuring (${workload.key}) ${command.name}...\n`);
        results.push(await measure(server, sized, command, settings));
      }
    }
  } finally {
    server.stop();
    if (options.keep) console.log(`workspaces kept: ${scratch}`);
    else rmSync(scratch, { recursive: true, force: true });
  }
  if (!existsSync(executable))
    console.log('dist/runner is missing (npm run build:exe): its rows are left out.');
  printResults(results);
  // The checks decide the exit code; the targets are reported, not enforced (timings depend on the machine).
  return results.every((result) => result.exit.ok && result.connections.ok) ? 0 : 1;
}

process.exitCode = await main();
