// Runner's own work per request step, without a network or a client: the real engine, assertions, masking
// boundary and console reporter (printing to a counter) run the throughput workload's scenarios (5 pairs of
// POST /users + GET /users/$id with three checks) against a stub client that answers like server.mjs at once.
// What it prints is CPU time per step (user + system of the process, over whole rounds), so the figure is
// runner's per-step cost alone: no socket, no parser, no start-up. Bundled from src/ by esbuild on the fly.
// Usage: node bench/throughput/stepWork.mjs [--scenarios 200] [--rounds 15] [--dump out.txt]
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const { values } = parseArgs({
  options: {
    scenarios: { type: 'string', default: '200' },
    rounds: { type: 'string', default: '15' },
    dump: { type: 'string' },
  },
});

/** The loop itself, in TypeScript so it imports src/ as the build does; esbuild bundles it from stdin. */
const LOOP = `
import { fanOut, runSuite, systemClock, systemRuntime } from './src/engine/index.js';
import { parseScenario } from './src/language/index.js';
import { CONSOLE_ONLY_MASK_FIELDS, Masker, SecretRegistry } from './src/masking/index.js';
import { createConsoleReporter, maskEvents } from './src/reporters/index.js';
import { createStyle } from './src/reporters/style.js';
import { scenarioText } from './bench/throughput/workspace.mjs';

export async function measure(count: number, rounds: number, dump?: (text: string) => void) {
  const scenarios = Array.from({ length: count }, (_, n) => {
    const parsed = parseScenario(scenarioText(n + 1, 5), 'throughput-' + (n + 1) + '.yaml');
    if (!parsed.scenario) throw new Error('the workload does not parse');
    return parsed.scenario;
  });
  let nextId = 1;
  const users = new Map<number, unknown>();
  const answer = (status: number, statusText: string, value: unknown) => {
    const text = JSON.stringify(value);
    return {
      status, statusText, httpVersion: '1.1' as const, remoteAddress: '127.0.0.1',
      headers: { 'content-type': 'application/json', 'content-length': String(text.length),
        date: 'Sat, 28 Nov 2026 09:00:00 GMT', connection: 'keep-alive', 'keep-alive': 'timeout=60' },
      body: Buffer.from(text), durationMs: 0.3,
    };
  };
  const http = {
    send(request: { method: string; url: string; body?: unknown }) {
      if (request.method === 'POST') {
        const user = { id: nextId++, name: JSON.parse(String(request.body)).name };
        users.set(user.id, user);
        return Promise.resolve(answer(201, 'Created', user));
      }
      const id = Number(request.url.slice(request.url.lastIndexOf('/') + 1));
      return Promise.resolve(answer(200, 'OK', users.get(id)));
    },
    close: async () => undefined,
  };
  let printed = 0;
  const secrets = new SecretRegistry();
  const masker = new Masker({ enabled: true, fields: [] }, secrets);
  const out = { write: (text: string) => { printed += text.length; dump?.(text); } };
  const consoleReporter = createConsoleReporter({ out, style: createStyle(false), verbose: false, live: false });
  const listener = fanOut([maskEvents(consoleReporter, masker.withFields(CONSOLE_ONLY_MASK_FIELDS), 'failed')],
    (error) => { throw error; });
  const settings = {
    environment: { name: 'local', baseUrl: 'http://localhost:3000', services: {}, variables: {},
      timeoutMs: 30000, maxResponseBytes: 10485760, maxRedirects: 10 },
    accounts: {}, userAgent: 'runner/bench',
  };
  const services = { http, clock: systemClock, runtime: systemRuntime, secrets, masker, keep: 'failed', listener,
    loadScenario: () => Promise.reject(new Error('no composed scenarios here')) };
  const perStep: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const before = process.cpuUsage();
    const run = await runSuite(scenarios, settings, services as never, { jobs: 1, bail: false });
    const used = process.cpuUsage(before);
    if (run.status !== 'passed') throw new Error('a step failed');
    perStep.push((used.user + used.system) / (count * 10));
    dump = undefined;
  }
  return { perStep, printed };
}
`;

const dir = mkdtempSync(join(tmpdir(), 'runner-step-work-'));
try {
  const outfile = join(dir, 'loop.mjs');
  await build({
    stdin: { contents: LOOP, resolveDir: root, loader: 'ts', sourcefile: 'stepWork-loop.ts' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outfile,
    logLevel: 'error',
    banner: {
      js: 'import { createRequire as __cr } from "node:module"; const require = __cr(import.meta.url);',
    },
    define: { __RUNNER_VERSION__: '"bench"', __RUNNER_COMMIT__: '"bench"', __RUNNER_BUILD_DATE__: '"bench"' },
  });
  const { measure } = await import(pathToFileURL(outfile).href);
  let text = '';
  const { perStep } = await measure(
    Number(values.scenarios),
    Number(values.rounds),
    values.dump === undefined ? undefined : (chunk) => (text += chunk),
  );
  if (values.dump !== undefined) writeFileSync(values.dump, text);
  // The first rounds warm the JIT up; the median of the rest is the figure, the minimum its best case.
  const warm = perStep.slice(Math.min(3, perStep.length - 1)).sort((a, b) => a - b);
  const best = Math.min(...perStep);
  console.log(
    `${process.version}: ${(warm[warm.length >> 1] ?? best).toFixed(2)} us of CPU per step (median after warm-up; best ${best.toFixed(2)}), ${Number(values.scenarios) * 10} steps a round`,
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
