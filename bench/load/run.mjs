// Load mode against autocannon (issue 26): requests per second of `runner load --vus N` for a one-GET
// scenario, side by side with autocannon at N connections, against the same fast local server
// (bench/throughput/server.mjs, its own process). Rounds alternate the two so drift hits both alike.
// Run by hand after `npm run build`: node bench/load/run.mjs [--vus 32] [--duration 10s] [--rounds 3]
import { execFile } from 'node:child_process';
import { mkdtemp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs, promisify } from 'node:util';
import autocannon from 'autocannon';
import { startServer } from '../throughput/serverProcess.mjs';

const run = promisify(execFile);
const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const cli = join(root, 'dist/runner.cjs');

const { values: flags } = parseArgs({
  options: {
    vus: { type: 'string', default: '32' },
    duration: { type: 'string', default: '10s' },
    rounds: { type: 'string', default: '3' },
  },
});
const vus = Number(flags.vus);
const seconds = Number.parseFloat(flags.duration);
const rounds = Number(flags.rounds);

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

const server = await startServer();
const dir = await mkdtemp(join(tmpdir(), 'runner-bench-load-'));
try {
  await mkdir(join(dir, '.runner/environments'), { recursive: true });
  await mkdir(join(dir, '.runner/tests'), { recursive: true });
  await writeFile(join(dir, '.runner/config.yaml'), 'project: { name: bench-load }\n');
  await writeFile(join(dir, '.runner/environments/local.yaml'), `baseUrl: ${server.baseUrl}\n`);
  // One GET and one check, as autocannon sends one GET and counts 2xx/non-2xx.
  await writeFile(
    join(dir, '.runner/tests/one-get.yaml'),
    'scenario: One GET\nsteps:\n  - name: Get user\n    request: { method: GET, url: /users/1 }\n    expect: { status: 404 }\n',
  );
  const results = { runner: [], autocannon: [] };
  for (let round = 0; round < rounds; round++) {
    // autocannon runs in this process: the server has its own, and runner load runs after it, alone.
    const measured = await autocannon({
      url: `${server.baseUrl}/users/1`,
      connections: vus,
      duration: seconds,
    });
    results.autocannon.push(measured.requests.total / (measured.duration || seconds));

    await run(process.execPath, [cli, 'load', '--vus', String(vus), '--duration', `${seconds}s`], {
      cwd: dir,
      env: { ...process.env, CI: 'true', NO_COLOR: '1' },
    });
    const report = JSON.parse(await readFile(join(dir, '.runner/reports/latest/load.json'), 'utf8'));
    if (report.summary.errors > 0)
      throw new Error(`runner load had ${report.summary.errors} failed iterations`);
    results.runner.push(report.summary.rps);
    console.log(
      `round ${round + 1}: autocannon ${results.autocannon.at(-1).toFixed(0)}/s, runner load ${results.runner.at(-1).toFixed(0)}/s`,
    );
  }
  const a = median(results.autocannon);
  const r = median(results.runner);
  console.log(`\nnode ${process.version}, ${vus} connections / virtual users, ${seconds}s, ${rounds} rounds`);
  console.log(`autocannon  median ${a.toFixed(0)} requests/s`);
  console.log(
    `runner load median ${r.toFixed(0)} requests/s  (${((100 * r) / a).toFixed(0)}% of autocannon)`,
  );
} finally {
  server.stop();
  await rm(dir, { recursive: true, force: true });
}
