// Peak resident memory of a whole process, measured in runs of its own so the timed runs carry no wrapper.
// With GNU time (`/usr/bin/time -f %M`, Debian's `time` package) when present; otherwise a preload script
// given through NODE_OPTIONS reads VmHWM from /proc/self/status when the process exits. Both commands of the
// benchmark are Node processes (dist/runner is a Node single-executable, which honours NODE_OPTIONS too).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const GNU_TIME = '/usr/bin/time';

const PROBE = `'use strict';
const { readFileSync, writeFileSync } = require('node:fs');
process.on('exit', () => {
  const match = /^VmHWM:\\s*(\\d+) kB/m.exec(readFileSync('/proc/self/status', 'utf8'));
  if (match && process.env.THROUGHPUT_RSS_FILE) writeFileSync(process.env.THROUGHPUT_RSS_FILE, match[1]);
});
`;

function hasGnuTime(scratch) {
  if (!existsSync(GNU_TIME)) return false;
  const out = join(scratch, 'time-check.txt');
  const result = spawnSync(GNU_TIME, ['-f', '%M', '-o', out, process.execPath, '-e', '0'], {
    stdio: 'ignore',
  });
  return result.status === 0 && /^\d+\s*$/.test(readFileSync(out, 'utf8'));
}

/** Which tool measures peak RSS here: 'GNU time' or 'VmHWM probe'. */
export function rssTool(scratch) {
  return hasGnuTime(scratch) ? 'GNU time' : 'VmHWM probe';
}

/** One run of `command`; returns its exit code and peak RSS in kB (undefined when nothing was recorded). */
function measureOnce(tool, command, scratch) {
  const out = join(scratch, 'peak-rss.txt');
  rmSync(out, { force: true });
  const [file, ...args] = command.argv;
  let result;
  if (tool === 'GNU time') {
    result = spawnSync(GNU_TIME, ['-f', '%M', '-o', out, file, ...args], {
      cwd: command.cwd,
      stdio: 'ignore',
    });
  } else {
    const probe = join(scratch, 'rss-probe.cjs');
    writeFileSync(probe, PROBE);
    const env = { ...process.env, NODE_OPTIONS: `--require "${probe}"`, THROUGHPUT_RSS_FILE: out };
    result = spawnSync(file, args, { cwd: command.cwd, env, stdio: 'ignore' });
  }
  const recorded = existsSync(out) ? Number.parseInt(readFileSync(out, 'utf8'), 10) : Number.NaN;
  return { exitCode: result.status, peakKb: Number.isFinite(recorded) ? recorded : undefined };
}

/**
 * Runs `command` `runs` times and keeps the highest peak.
 * @returns {{ peakKb: number | undefined, exitCodes: (number | null)[] }}
 */
export function measurePeakRss(tool, command, runs, scratch) {
  let peakKb;
  const exitCodes = [];
  for (let run = 0; run < runs; run += 1) {
    const once = measureOnce(tool, command, scratch);
    exitCodes.push(once.exitCode);
    if (once.peakKb !== undefined) peakKb = Math.max(peakKb ?? 0, once.peakKb);
  }
  return { peakKb, exitCodes };
}
