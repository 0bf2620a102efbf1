import { Agent, request as nodeRequest, type OutgoingHttpHeaders } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpClient, type HttpClient, type HttpRequest } from '../../src/http/index.js';
import { ACCEPTED_ENCODINGS } from '../../src/http/contentDecoding.js';
import { rawResponse, startRawServer, type RawRequest, type RawServer } from '../support/rawServer.js';

const USER_AGENT = 'runner/head-test';

/**
 * The client hands Node a request's headers as name/value lines where that writes the same head as Node's
 * object form (wireHeaders.ts). These cases hold it to that: each request's head and body, byte for byte,
 * against what Node's object form writes for the same fields on a keep-alive agent.
 */
const CASES: { name: string; method: string; headers: HttpRequest['headers']; body?: string | Uint8Array }[] =
  [
    {
      name: 'a GET with mixed-case names, a list and a non-ASCII value',
      method: 'GET',
      headers: { Accept: 'application/json', 'X-List': ['a', 'b'], 'X-Name': 'Zoë ✓' },
    },
    {
      name: 'a POST with a string body',
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"name":"Zoë"}',
    },
    { name: 'a PUT with a byte body', method: 'PUT', headers: {}, body: new TextEncoder().encode('raw ✓') },
    {
      name: 'a PATCH with two cookies and its own user-agent and host',
      method: 'PATCH',
      headers: { Cookie: ['a=1', 'b=2'], 'User-Agent': 'mine/1', Host: 'api.test' },
      body: 'x',
    },
    { name: 'a DELETE without a body', method: 'DELETE', headers: { 'x-trace': '1' } },
    { name: 'a POST without a body (Node frames it)', method: 'POST', headers: {} },
    { name: 'two names that differ only by case', method: 'GET', headers: { 'X-A': '1', 'x-a': '2' } },
    {
      name: 'a content-disposition with a body',
      method: 'POST',
      headers: { 'Content-Disposition': 'attachment; filename="Zoë.txt"' },
      body: 'data',
    },
  ];

/** The fields the client sends for `request` (its defaults added), as Node's object form takes them. */
function objectForm(request: (typeof CASES)[number], host: string): OutgoingHttpHeaders {
  const headers: OutgoingHttpHeaders = {};
  const has = (name: string) => Object.keys(request.headers).some((key) => key.toLowerCase() === name);
  for (const [name, value] of Object.entries(request.headers)) {
    const toWire = (text: string) => Buffer.from(text, 'utf8').toString('latin1');
    headers[name] = typeof value === 'string' ? toWire(value) : value.map(toWire);
  }
  if (!has('user-agent')) headers['user-agent'] = USER_AGENT;
  if (!has('accept-encoding')) headers['accept-encoding'] = ACCEPTED_ENCODINGS;
  if (!has('host')) headers.host = host;
  if (request.body !== undefined && !has('content-length'))
    headers['content-length'] = String(Buffer.byteLength(request.body));
  return headers;
}

describe('the request head on the wire', () => {
  let server: RawServer;
  let client: HttpClient;
  const received: RawRequest[] = [];

  beforeAll(async () => {
    server = await startRawServer((_path, socket, request) => {
      received.push(request);
      rawResponse(socket, 'HTTP/1.1 200 OK', 'ok');
    });
    client = createHttpClient({ http2: true, insecure: false, userAgent: USER_AGENT });
  });
  afterAll(async () => {
    await client.close();
    await server.close();
  });

  it.each(CASES)('is what Node writes for the same fields: $name', async (testCase) => {
    const url = `${server.url}/things?q=1`;
    const response = await client.send({
      method: testCase.method,
      url,
      headers: testCase.headers,
      ...(testCase.body === undefined ? {} : { body: testCase.body }),
      timeoutMs: 5000,
      maxResponseBytes: 1024,
    });
    expect(response.status).toBe(200);
    const sent = received.at(-1);

    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const target = new URL(url);
    await new Promise<void>((resolve, reject) => {
      const outgoing = nodeRequest(
        {
          agent,
          host: target.hostname,
          port: target.port,
          method: testCase.method,
          path: '/things?q=1',
          headers: objectForm(testCase, target.host),
        },
        (answer) => {
          answer.resume();
          answer.on('end', resolve);
        },
      );
      outgoing.on('error', reject);
      outgoing.end(testCase.body);
    });
    agent.destroy();
    const expected = received.at(-1);

    expect(sent).toBeDefined();
    expect(sent).not.toBe(expected);
    expect(sent).toEqual(expected);
  });
});
