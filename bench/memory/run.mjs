// Peak memory of a run as it grows (issue 14, flat memory): one scenario whose `for_each` loop sends N
// requests, N = 200 and 20,000, against the throughput benchmark's keep-alive server (its own process), with
// and without `--report json,html,junit`. Peak RSS is measured in runs of their own (GNU time, or a VmHWM
// probe: ../throughput/peakRss.mjs). Run by hand, not by the tests:
//   npm run build && node bench/memory/run.mjs [--runs 3] [--small 200] [--large 20000] [--keep]
// Exits 1 when a run did not pass, 2 on bad flags or a missing build; the targets are printed, not enforced.
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { measurePeakRss, rssTool } from '../throughput/peakRss.mjs';
import { startServer } from '../throughput/serverProcess.mjs';
import { clearStartupSettings } from '../startupSettings.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const cli = join(root, 'dist/runner.cjs');

let options;
try {
  ({ values: options } = parseArgs({
    options: {
      runs: { type: 'string', default: '3' },
      small: { type: 'string', default: '200' },
      large: { type: 'string', default: '20000' },
      keep: { type: 'boolean', default: false },
    },
  }));
} catch (error) {
  console.error(error.message);
  process.exit(2);
}
if (!existsSync(cli)) {
  console.error('dist/runner.cjs is missing: run `npm run build` first');
  process.exit(2);
}
const runs = Math.max(1, Number(options.runs));
const sizes = [Number(options.small), Number(options.large)];

/**
 * A workspace whose one scenario creates users in a `repeat` loop until the server has given out `size` ids:
 * one request with two checks per pass. (A `for_each` over a list as long as the loop would measure the
 * parsing of that list as much as the run.) The server's ids start at 1 after each reset.
 */
function writeWorkspace(dir, size, baseUrl) {
  mkdirSync(join(dir, '.runner/tests'), { recursive: true });
  mkdirSync(join(dir, '.runner/environments'), { recursive: true });
  writeFileSync(join(dir, '.runner/config.yaml'), 'project: { name: memory-benchmark }\n');
  writeFileSync(join(dir, '.runner/environments/local.yaml'), `baseUrl: ${baseUrl}\n`);
  writeFileSync(
    join(dir, '.runner/tests/loop.yaml'),
    `scenario: Loop of ${size}
steps:
  - name: Create users
    repeat:
      attempts: ${size}
      until: $id >= ${size}
      steps:
        - name: Create user
          request: { method: POST, url: /users, body: { name: Memory Bench } }
          expect:
            status: 201
            body.name: string
          save: { id: body.id }
`,
  );
}

/** The highest peak of `runs` runs, each against a freshly reset server. */
async function measure(command) {
  let peakKb;
  const exitCodes = [];
  for (let run = 0; run < runs; run += 1) {
    await server.reset();
    const once = measurePeakRss(tool, command, 1, scratch);
    exitCodes.push(...once.exitCodes);
    if (once.peakKb !== undefined) peakKb = Math.max(peakKb ?? 0, once.peakKb);
  }
  return { peakKb, exitCodes };
}

const scratch = mkdtempSync(join(tmpdir(), 'runner-memory-bench-'));
const server = await startServer();
const tool = rssTool(scratch);
clearStartupSettings();
const rows = [];
let failed = false;
try {
  for (const reports of [[], ['--report', 'json,html,junit']]) {
    for (const size of sizes) {
      const dir = join(scratch, `w-${size}`);
      writeWorkspace(dir, size, server.baseUrl);
      const command = { argv: [process.execPath, cli, 'run', ...reports], cwd: dir };
      const { peakKb, exitCodes } = await measure(command);
      if (exitCodes.some((code) => code !== 0)) failed = true;
      rows.push({ size, reports: reports.length > 0, peakKb, exitCodes });
      rmSync(join(dir, '.runner/reports'), { recursive: true, force: true });
    }
  }
} finally {
  server.stop();
  if (!options.keep) rmSync(scratch, { recursive: true, force: true });
}

const mb = (kb) => (kb === undefined ? 'n/a' : `${((kb * 1024) / 1e6).toFixed(1)} MB`);
console.log(
  `node ${process.versions.node} · peak RSS by ${tool} · highest of ${runs} runs · 1 MB = 10^6 bytes\n`,
);
console.log('| Steps in the loop | Reports                   | Peak RSS | vs the small run | Exit codes |');
console.log('| ----------------: | ------------------------- | -------: | ---------------: | ---------- |');
for (const row of rows) {
  const small = rows.find((other) => other.reports === row.reports && other.size === sizes[0]);
  const ratio = small?.peakKb && row.peakKb ? `${(row.peakKb / small.peakKb).toFixed(2)}x` : 'n/a';
  const reports = row.reports ? '`--report json,html,junit`' : 'none';
  console.log(
    `| ${row.size.toLocaleString('en-US')} | ${reports} | ${mb(row.peakKb)} | ${ratio} | ${row.exitCodes.join(' ')} |`,
  );
}
console.log(
  '\nTargets (issue 14): the large run <= 1.3x the small one and under 100 MB, with and without reports.',
);
process.exit(failed ? 1 : 0);
