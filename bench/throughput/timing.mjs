// Whole-process wall time of one command, `runs` times after `warmup` untimed runs: with hyperfine when it is
// installed (`apt-get install -y hyperfine`), else with a spawn loop that times spawn to exit the same way.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export function hasHyperfine() {
  return spawnSync('hyperfine', ['--version'], { stdio: 'ignore' }).status === 0;
}

/** hyperfine's --shell=none splits its command like a POSIX shell; quote what would split or expand. */
function shellWord(arg) {
  return /^[\w@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replaceAll("'", `'\\''`)}'`;
}

/**
 * @param {{ name: string, argv: string[], cwd: string }} command
 * @param {{ runs: number, warmup: number, scratch: string }} settings scratch: a directory for the export
 * @returns {{ times: number[], exitCodes: (number | null)[] }} times in ms, in run order
 */
function timeWithHyperfine(command, { runs, warmup, scratch }) {
  const exportFile = join(scratch, 'hyperfine.json');
  const args = ['--shell=none', '--ignore-failure', '--style', 'none', '--export-json', exportFile];
  args.push('--runs', String(runs), '--warmup', String(warmup), '--command-name', command.name);
  args.push(command.argv.map(shellWord).join(' '));
  const result = spawnSync('hyperfine', args, { cwd: command.cwd, encoding: 'utf8' });
  if (result.status !== 0) {
    throw new Error(`hyperfine exited ${result.status ?? result.signal}: ${result.stderr.trim()}`);
  }
  const [entry] = JSON.parse(readFileSync(exportFile, 'utf8')).results;
  return { times: entry.times.map((seconds) => seconds * 1000), exitCodes: entry.exit_codes };
}

function timeWithLoop(command, { runs, warmup }) {
  const [file, ...args] = command.argv;
  const times = [];
  const exitCodes = [];
  for (let run = 0; run < warmup + runs; run += 1) {
    const start = process.hrtime.bigint();
    const result = spawnSync(file, args, { cwd: command.cwd, stdio: 'ignore' });
    const elapsed = Number(process.hrtime.bigint() - start) / 1e6;
    if (run < warmup) continue;
    times.push(elapsed);
    exitCodes.push(result.status);
  }
  return { times, exitCodes };
}

/** Times `command` with `tool` ('hyperfine' or 'spawn loop'). */
export function timeCommand(tool, command, settings) {
  return tool === 'hyperfine' ? timeWithHyperfine(command, settings) : timeWithLoop(command, settings);
}

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}
