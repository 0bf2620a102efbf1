// Peak memory against the number of files (issue 24, flat memory), run by hand: the built CLI with
// `--jobs 1` on 2,000 scenario files of 10 requests against 20 such files, and, as a control, the same
// 20,000 requests in 20 files of 1,000: what grows with the files is the first ratio less the control's.
// With and without `--report json,junit,html,ctrf`. Warm (the parse cache filled by a first, unmeasured
// run), as a CI cache or a developer's machine runs. Peak RSS in runs of their own (GNU time, or a VmHWM
// probe: ../throughput/peakRss.mjs), highest of --runs. Figures in bench/README.md.
//   npm run build && node bench/scale/memory.mjs [--runner <runner.cjs>] [--runs 3]
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { timeOnce } from '../pairedRuns.mjs';
import { clearStartupSettings } from '../startupSettings.mjs';
import { measurePeakRss, rssTool } from '../throughput/peakRss.mjs';
import { startServer } from '../throughput/serverProcess.mjs';
import { writeWorkspace } from '../throughput/workspace.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const { values } = parseArgs({
  options: {
    runner: { type: 'string', default: join(root, 'dist', 'runner.cjs') },
    runs: { type: 'string', default: '3' },
  },
});
const runner = resolve(values.runner);
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1 || runs > 20) throw new Error('--runs 1..20');
if (!existsSync(runner)) throw new Error(`${runner} is missing: run \`npm run build\` first`);

const SHAPES = [
  { key: 'small', title: '20 files x 10 requests', scenarios: 20, pairs: 5 },
  { key: 'large', title: '2,000 files x 10 requests', scenarios: 2000, pairs: 5 },
  { key: 'long', title: '20 files x 1,000 requests (control)', scenarios: 20, pairs: 500 },
];
const REPORTS = [[], ['--report', 'json,junit,html,ctrf']];

clearStartupSettings();
const scratch = mkdtempSync(join(tmpdir(), 'runner-bench-files-'));
const tool = rssTool(scratch);
// Every measured run inherits this environment (peakRss.mjs spawns with it): one cache folder for all.
process.env.RUNNER_CACHE_DIR = join(scratch, 'cache');
const server = await startServer();
const rows = [];
try {
  for (const shape of SHAPES) {
    const dir = join(scratch, shape.key);
    writeWorkspace(dir, shape, server.baseUrl);
    for (const reports of REPORTS) {
      const command = {
        argv: [process.execPath, runner, 'run', '--jobs', '1', ...reports],
        cwd: dir,
      };
      timeOnce(command); // fills the parse cache; throws unless every check passed
      process.stderr.write(`measuring ${shape.title} ${reports.join(' ')}...\n`);
      const { peakKb, exitCodes } = measurePeakRss(tool, command, runs, scratch);
      if (exitCodes.some((code) => code !== 0)) throw new Error(`a run exited ${exitCodes.join(', ')}`);
      rows.push({ shape, reports: reports.length > 0 ? reports[1] : 'none', peakKb });
    }
  }
} finally {
  server.stop();
  rmSync(scratch, { recursive: true, force: true });
}

const mb = (kb) => (kb / 1024).toFixed(1);
console.log(`${process.version}; runner: ${runner}; peak RSS (${tool}), highest of ${runs} warm runs\n`);
console.log('| workload | reports | peak RSS | vs 20 x 10 |');
console.log('| --- | --- | ---: | ---: |');
for (const row of rows) {
  const base = rows.find((r) => r.shape.key === 'small' && r.reports === row.reports);
  console.log(
    `| ${row.shape.title} | ${row.reports} | ${mb(row.peakKb)} MB | ${(row.peakKb / base.peakKb).toFixed(2)}x |`,
  );
}
