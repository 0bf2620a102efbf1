// Throwaway workspaces for the throughput benchmark (SPEC.md layout: .runner/config.yaml, a `local`
// environment pointing at the benchmark server, scenarios in .runner/tests/). Every step pair is the one
// bare.mjs performs: POST /users saving body.id, then GET /users/$id with three assertions.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The two shapes measured: (a) one long scenario and (b) many short files, 200 and 1000 requests. */
export const WORKLOADS = [
  { key: 'a', title: '1 scenario x 200 steps', scenarios: 1, pairs: 100 },
  { key: 'b', title: '100 files x 10 steps', scenarios: 100, pairs: 5 },
];

const CONFIG = `project:
  name: throughput-benchmark
  version: 1.0.0
environments:
  default: local
`;

function stepPair(scenario, pair) {
  return `  - name: Create user ${pair}
    request:
      method: POST
      url: /users
      body:
        name: Bench User ${scenario}-${pair}
    save:
      id: body.id
  - name: Read user ${pair}
    request:
      method: GET
      url: /users/$id
    expect:
      status: 200
      body.id: $id
      body.name: string
`;
}

/** One scenario file's text with `pairs` step pairs (stepWork.mjs runs the same scenarios in process). */
export function scenarioText(number, pairs) {
  const steps = [];
  for (let pair = 1; pair <= pairs; pair += 1) steps.push(stepPair(number, pair));
  return `scenario: Throughput ${number}\ntags: [bench]\nsteps:\n${steps.join('')}`;
}

/** Writes the workspace for `workload` into `dir` (created if missing); the server listens on `baseUrl`. */
export function writeWorkspace(dir, workload, baseUrl) {
  const tests = join(dir, '.runner', 'tests');
  mkdirSync(tests, { recursive: true });
  mkdirSync(join(dir, '.runner', 'environments'), { recursive: true });
  writeFileSync(join(dir, '.runner', 'config.yaml'), CONFIG);
  writeFileSync(join(dir, '.runner', 'environments', 'local.yaml'), `baseUrl: ${baseUrl}\n`);
  for (let number = 1; number <= workload.scenarios; number += 1) {
    const file = `throughput-${String(number).padStart(3, '0')}.yaml`;
    writeFileSync(join(tests, file), scenarioText(number, workload.pairs));
  }
}
