// The bare loop of bare.mjs (bareLoop.mjs) sent through runner's own HTTP client (src/http, bundled and
// minified as the product is: see clientBundle.mjs) instead of plain node:http: the same requests, JSON
// parsing and checks on one keep-alive connection. Next to bare.mjs it shows how much of the runner's cost
// per request is the client's (bench/README.md, "Per-step cost").
// Usage: node bench/throughput/bareClient.mjs <client.mjs> <baseUrl> <scenarios> <pairs-per-scenario>
import { pathToFileURL } from 'node:url';
import { loopArguments, runLoop } from './bareLoop.mjs';

const usage = 'node bareClient.mjs <client.mjs> <baseUrl> <scenarios> <pairs-per-scenario>';
const { baseUrl, scenarios, pairs } = loopArguments(usage);
const { createHttpClient } = await import(pathToFileURL(process.argv[2] ?? '').href);
const client = createHttpClient({ http2: true, insecure: false, userAgent: 'runner/bench' });
const base = new URL(baseUrl);

/** Sends one request and resolves with the status and the parsed JSON body. */
async function send(method, path, body) {
  const headers = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await client.send({
    method,
    url: new URL(path, base).href,
    headers,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    timeoutMs: 30_000,
    maxResponseBytes: 10 * 1024 * 1024,
  });
  return { status: response.status, body: JSON.parse(Buffer.from(response.body).toString('utf8')) };
}

await runLoop({ scenarios, pairs, send, close: () => client.close() });
