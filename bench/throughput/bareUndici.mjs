// The bare loop of bare.mjs sent through undici (the runner's HTTP client) instead of node:http: the same
// requests, JSON parsing and checks on one keep-alive connection. Next to bare.mjs it shows how much of the
// runner's cost per request is the client library's own (bench/README.md, "Per-step cost").
// Usage: node bench/throughput/bareUndici.mjs <baseUrl> <scenarios> <pairs-per-scenario>
import { Agent } from 'undici';

const [baseUrl, scenariosText, pairsText] = process.argv.slice(2);
const scenarios = Number(scenariosText);
const pairs = Number(pairsText);
if (baseUrl === undefined || !Number.isInteger(scenarios) || !Number.isInteger(pairs)) {
  console.error('usage: node bareUndici.mjs <baseUrl> <scenarios> <pairs-per-scenario>');
  process.exit(2);
}
const origin = new URL(baseUrl).origin;
// One connection: requests are sequential, as in the runner (src/http/client.ts).
const agent = new Agent({ connections: 1 });

/** Sends one request and resolves with the status and the parsed JSON body. */
async function send(method, path, body) {
  const payload = body === undefined ? null : JSON.stringify(body);
  const headers = { accept: 'application/json' };
  if (payload !== null) headers['content-type'] = 'application/json';
  const response = await agent.request({ origin, path, method, headers, body: payload });
  return { status: response.statusCode, body: JSON.parse(await response.body.text()) };
}

function check(failures, label, passed) {
  if (!passed) failures.push(label);
}

async function runScenario(scenario) {
  const failures = [];
  const saved = {};
  for (let pair = 1; pair <= pairs; pair += 1) {
    const created = await send('POST', '/users', { name: `Bench User ${scenario}-${pair}` });
    saved.id = created.body?.id;
    const read = await send('GET', `/users/${saved.id}`);
    check(failures, `pair ${pair}: status`, read.status === 200);
    check(failures, `pair ${pair}: body.id`, read.body?.id === saved.id);
    check(failures, `pair ${pair}: body.name`, typeof read.body?.name === 'string');
  }
  return failures;
}

let failed = 0;
try {
  for (let scenario = 1; scenario <= scenarios; scenario += 1) {
    const failures = await runScenario(scenario);
    if (failures.length > 0) {
      failed += 1;
      console.log(`scenario ${scenario} failed: ${failures.join(', ')}`);
    }
  }
} finally {
  await agent.close();
}
console.log(`${scenarios - failed}/${scenarios} scenarios passed`);
process.exitCode = failed === 0 ? 0 : 1;
