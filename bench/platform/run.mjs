// Platform benchmark (issue 11), run by hand: whole-process wall time of the CLI's start-up and of W1 (one
// scenario of 200 sequential requests) on each Node version given, cold (an empty cache folder every run)
// and warm, next to `node -e 0` and to the bare Node loop doing the same requests. See README.md beside it.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { cacheFolders, pairedRuns } from '../pairedRuns.mjs';
import { clearStartupSettings } from '../startupSettings.mjs';
import { bundleClient } from '../throughput/clientBundle.mjs';
import { startServer } from '../throughput/serverProcess.mjs';
import { WORKLOADS, writeWorkspace } from '../throughput/workspace.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');
const USAGE =
  'usage: node bench/platform/run.mjs [--node <binary>]... [--runner <runner.cjs>] [--runs N] [--warmup N] [--by-address]';

const { values } = parseArgs({
  options: {
    node: { type: 'string', multiple: true, default: [process.execPath] },
    runner: { type: 'string', default: join(root, 'dist', 'runner.cjs') },
    runs: { type: 'string', default: '15' },
    warmup: { type: 'string', default: '2' },
    // W1 dials 127.0.0.1 instead of localhost: for builds that cannot resolve names (before issue 11).
    'by-address': { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
});
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const runs = Number(values.runs);
const warmup = Number(values.warmup);
// Bounds keep every loop finite whatever is typed.
if (!Number.isInteger(runs) || runs < 5 || runs > 100) throw new Error(`--runs 5..100\n${USAGE}`);
if (!Number.isInteger(warmup) || warmup < 0 || warmup > 10) throw new Error(`--warmup 0..10\n${USAGE}`);
const runner = resolve(values.runner);
if (!existsSync(runner)) throw new Error(`${runner} is missing: run \`npm run build\` first`);

clearStartupSettings();
const scratch = mkdtempSync(join(tmpdir(), 'runner-bench-platform-'));

const cacheEnv = cacheFolders(scratch);

const examples = join(scratch, 'examples');
cpSync(join(root, 'examples'), examples, { recursive: true });
const client = await bundleClient(root, scratch);
const server = await startServer();
const w1 = WORKLOADS.find((workload) => workload.key === 'a');
const w1Dir = join(scratch, 'w1');
mkdirSync(w1Dir);
const baseUrl = values['by-address']
  ? server.baseUrl.replace('//localhost:', '//127.0.0.1:')
  : server.baseUrl;
writeWorkspace(w1Dir, w1, baseUrl);

const rows = [];
try {
  // A relative binary path must still work from the workspaces the commands run in.
  for (const node of values.node.map((name) => (name.includes('/') ? resolve(name) : name))) {
    const version = spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout.trim();
    const bareStart = () => ({ argv: [node, '-e', '0'], cwd: scratch });
    const bareLoop = () => ({
      argv: [node, join(root, 'bench', 'throughput', 'bare.mjs'), baseUrl, '1', String(w1.pairs)],
      cwd: w1Dir,
    });
    // The same loop through the runner's HTTP client (src/http): what the client alone costs.
    const bareClientLoop = () => ({
      argv: [
        node,
        join(root, 'bench', 'throughput', 'bareClient.mjs'),
        client,
        baseUrl,
        '1',
        String(w1.pairs),
      ],
      cwd: w1Dir,
    });
    rows.push({
      node: version,
      row: 'W1 bare client loop',
      vs: 'bare loop',
      ...pairedRuns(bareClientLoop, bareLoop, { runs, warmup }),
    });
    const cli = (args, cwd, mode) => () => ({ argv: [node, runner, ...args], cwd, env: cacheEnv(mode) });
    for (const mode of ['cold', 'warm']) {
      rows.push({
        node: version,
        row: `--version (${mode})`,
        vs: 'node -e 0',
        ...pairedRuns(cli(['--version'], scratch, mode), bareStart, { runs, warmup }),
      });
      rows.push({
        node: version,
        row: `validate examples (${mode})`,
        vs: 'node -e 0',
        ...pairedRuns(cli(['validate'], examples, mode), bareStart, { runs, warmup }),
      });
      rows.push({
        node: version,
        row: `W1 run (${mode})`,
        vs: 'bare loop',
        ...pairedRuns(cli(['run'], w1Dir, mode), bareLoop, { runs, warmup }),
      });
    }
  }
} finally {
  server.stop();
  rmSync(scratch, { recursive: true, force: true });
}

console.log(
  `runner: ${runner}; W1 at ${baseUrl}; ${runs} paired runs after ${warmup} warm-up; medians in ms\n`,
);
console.log('| Node | row | runner | baseline | vs | ratio |');
console.log('| --- | --- | ---: | ---: | --- | ---: |');
for (const r of rows) {
  console.log(
    `| ${r.node} | ${r.row} | ${r.target.toFixed(1)} | ${r.baseline.toFixed(1)} | ${r.vs} | ${r.ratio.toFixed(2)}x |`,
  );
}
