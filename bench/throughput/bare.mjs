// The throughput benchmark's baseline (see README.md beside this file): the same requests, JSON parsing and
// checks as the generated scenarios, written directly against node:http with one keep-alive connection.
// Usage: node bench/throughput/bare.mjs <baseUrl> <scenarios> <pairs-per-scenario>
// Each pair is POST /users (save body.id) then GET /users/<id> checking status 200, body.id equal to the saved
// id and body.name a string. Exits 0 when every check passed, 1 otherwise (as the runner does).
import { Agent, request as httpRequest } from 'node:http';

const [baseUrl, scenariosText, pairsText] = process.argv.slice(2);
const scenarios = Number(scenariosText);
const pairs = Number(pairsText);
if (baseUrl === undefined || !Number.isInteger(scenarios) || !Number.isInteger(pairs)) {
  console.error('usage: node bare.mjs <baseUrl> <scenarios> <pairs-per-scenario>');
  process.exit(2);
}
const base = new URL(baseUrl);
// maxSockets 1: requests are sequential, so one connection serves them all, as in the runner.
const agent = new Agent({ keepAlive: true, maxSockets: 1 });

/** Sends one request and resolves with the status and the parsed JSON body. */
function send(method, path, body) {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const headers = { accept: 'application/json' };
    if (payload !== undefined) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = Buffer.byteLength(payload);
    }
    const outgoing = httpRequest(
      { agent, host: base.hostname, port: base.port, method, path, headers },
      (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () => {
          try {
            resolve({
              status: response.statusCode,
              body: JSON.parse(Buffer.concat(chunks).toString('utf8')),
            });
          } catch (error) {
            reject(error);
          }
        });
        response.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(payload);
  });
}

function check(failures, label, passed) {
  if (!passed) failures.push(label);
}

async function runScenario(scenario) {
  const failures = [];
  // Saved values reset for each scenario, as SPEC.md says of the variable store.
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
  agent.destroy();
}
console.log(`${scenarios - failed}/${scenarios} scenarios passed`);
process.exitCode = failed === 0 ? 0 : 1;
