// The throughput benchmark's baseline (see README.md beside this file): the same requests, JSON parsing and
// checks as the generated scenarios (bareLoop.mjs), written directly against node:http with one keep-alive
// connection. Usage: node bench/throughput/bare.mjs <baseUrl> <scenarios> <pairs-per-scenario>
// Exits 0 when every check passed, 1 otherwise (as the runner does).
import { Agent, request as httpRequest } from 'node:http';
import { loopArguments, runLoop } from './bareLoop.mjs';

const { baseUrl, scenarios, pairs } = loopArguments(
  'node bare.mjs <baseUrl> <scenarios> <pairs-per-scenario>',
);
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

await runLoop({ scenarios, pairs, send, close: () => agent.destroy() });
