// The throughput benchmark's API (see README.md beside this file): a tiny keep-alive HTTP/1.1 server on
// 127.0.0.1, run by run.mjs as its own process (forked with an IPC channel) so the measured process is only
// the client. POST /users -> 201 { id, name }; GET /users/:id -> 200 { id, name } or 404.
// It counts the requests served on each connection, so run.mjs can check that every client run used exactly
// one keep-alive connection. IPC messages: { type: 'reset' } clears the counts and users, { type: 'stats' }
// answers { type: 'stats', requestsPerConnection: number[] }. It exits when its parent disconnects.
// `--delay-ms N` holds every answer N ms, as a real API's own work and database do (bench/scale: --jobs).
import { createServer } from 'node:http';
import { parseArgs } from 'node:util';

const HOST = '127.0.0.1';
const USER_PATH = /^\/users\/(\d+)$/;
// A client that dies mid-request must not leave the server holding the body forever.
const MAX_BODY_BYTES = 64 * 1024;

const { values: flags } = parseArgs({ options: { 'delay-ms': { type: 'string', default: '0' } } });
const DELAY_MS = Number(flags['delay-ms']);
if (!Number.isInteger(DELAY_MS) || DELAY_MS < 0 || DELAY_MS > 10_000) {
  throw new Error(`--delay-ms must be a whole number of milliseconds from 0 to 10000`);
}

let users = new Map();
let nextId = 1;
/** One entry per connection accepted since the last reset: how many requests it carried. */
let connections = [];
const connectionOf = new WeakMap();

function sendJson(response, status, value) {
  const body = JSON.stringify(value);
  response.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(body),
  });
  response.end(body);
}

function readBody(request) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    let size = 0;
    request.on('data', (chunk) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) reject(new Error('request body too large'));
      else chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

async function createUser(request, response) {
  let input;
  try {
    input = JSON.parse(await readBody(request));
  } catch {
    sendJson(response, 400, { error: 'body must be JSON' });
    return;
  }
  const name = typeof input?.name === 'string' ? input.name : `User ${nextId}`;
  const user = { id: nextId, name };
  nextId += 1;
  users.set(user.id, user);
  sendJson(response, 201, user);
}

/** Every request is answered DELAY_MS after it arrived (at once without a delay). */
function handle(request, response) {
  if (DELAY_MS === 0) route(request, response);
  else setTimeout(() => route(request, response), DELAY_MS);
}

function route(request, response) {
  const counter = connectionOf.get(request.socket);
  if (counter !== undefined) counter.requests += 1;
  const path = request.url ?? '/';
  if (request.method === 'POST' && path === '/users') {
    createUser(request, response).catch(() => sendJson(response, 400, { error: 'bad request' }));
    return;
  }
  const match = request.method === 'GET' ? USER_PATH.exec(path) : null;
  if (match !== null) {
    const user = users.get(Number(match[1]));
    if (user === undefined) sendJson(response, 404, { error: `no user ${match[1]}` });
    else sendJson(response, 200, user);
    return;
  }
  sendJson(response, 404, { error: `no route ${request.method} ${path}` });
}

const server = createServer({ keepAlive: true }, handle);
// A slow client pausing between steps must not be cut off and forced to reconnect: that would read as a
// client opening a connection per request.
server.keepAliveTimeout = 60_000;
server.on('connection', (socket) => {
  const counter = { requests: 0 };
  connections.push(counter);
  connectionOf.set(socket, counter);
});

process.on('message', (message) => {
  if (message?.type === 'reset') {
    connections = [];
    users = new Map();
    nextId = 1;
    process.send({ type: 'reset-done' });
  } else if (message?.type === 'stats') {
    process.send({ type: 'stats', requestsPerConnection: connections.map((counter) => counter.requests) });
  }
});
process.on('disconnect', () => {
  server.closeAllConnections();
  server.close();
});

server.listen(0, HOST, () => {
  const { port } = server.address();
  if (process.send) process.send({ type: 'listening', port });
  else console.log(`listening on http://${HOST}:${port} (no IPC channel: counts are not reported)`);
});
