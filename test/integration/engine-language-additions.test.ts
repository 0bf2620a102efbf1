/**
 * Wave 2 language additions, part B (DECISIONS, Wave 2 "Language additions" and "Platform"): what goes on the
 * wire and how the new checks pass and fail, against real servers on loopback reached as `localhost`.
 */
import { createServer, type Server } from 'node:net';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createAssetReader } from '../../src/workspace/assets.js';
import { runScenarios, scenarioFromYaml } from '../support/engine.js';
import { startTestServer, type TestServer } from '../support/testServer.js';

function respond(request: IncomingMessage, response: ServerResponse): void {
  const path = (request.url ?? '').split('?')[0];
  switch (path) {
    case '/empty':
      response.writeHead(200, { 'content-type': 'text/plain' }).end();
      return;
    case '/no-content':
      response.writeHead(204).end();
      return;
    case '/cookies':
      response.setHeader('set-cookie', [
        'sid=abc; Path=/; HttpOnly',
        'theme=dark; Expires=Wed, 21 Oct 2037 07:28:00 GMT',
      ]);
      response.setHeader('vary', ['accept', 'origin']);
      response.writeHead(200).end('ok');
      return;
    case '/data':
      response.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          prices: [12, 15, 20],
          mixed: [3, -1, 4],
          created: '2024-03-01T10:00:00+02:00',
          day: '2024-02-29',
          addresses: { v4: '10.0.0.1', v6: '2001:db8::1' },
          name: 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!',
        }),
      );
      return;
    default:
      // Anything else echoes nothing: the server's request log is what the tests read.
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
  }
}

let server: TestServer;
let baseUrl: string;
beforeAll(async () => {
  server = await startTestServer({ handler: respond });
  baseUrl = server.url.replace('127.0.0.1', 'localhost');
});
afterAll(async () => {
  await server.close();
});

async function run(yaml: string) {
  const before = server.requests.length;
  const { result } = await runScenarios([scenarioFromYaml(yaml)], { baseUrl });
  const scenario = result.scenarios[0]!;
  return { scenario, steps: scenario.steps, received: server.requests.slice(before) };
}

describe('request bodies: form and graphql', () => {
  it('sends a form urlencoded, in the order written, with variables filled in', async () => {
    const { steps, received } = await run(`
scenario: form
steps:
  - set: { who: "Ann Lee" }
  - request:
      method: POST
      url: /login
      form: { user: $who, zeta: "a&b=c", alpha: "é" }
    expect: { status: 200 }
`);
    expect(steps[1]!.status).toBe('passed');
    expect(received[0]!.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(received[0]!.body).toBe('user=Ann+Lee&zeta=a%26b%3Dc&alpha=%C3%A9');
  });

  it('sends a graphql request as JSON, leaving out what is not given, with $$ for a literal $', async () => {
    const { received } = await run(`
scenario: graphql
steps:
  - set: { who: Ann }
  - request:
      method: POST
      url: /graphql
      graphql:
        query: "query User($$id: ID!) { user(id: $$id) { name } }"
        variables: { id: 7, by: $who }
        operationName: User
  - request:
      method: POST
      url: /graphql
      graphql: { query: "{ me { name } }" }
`);
    expect(received[0]!.headers['content-type']).toBe('application/json');
    expect(JSON.parse(received[0]!.body)).toEqual({
      query: 'query User($id: ID!) { user(id: $id) { name } }',
      variables: { id: 7, by: 'Ann' },
      operationName: 'User',
    });
    expect(received[1]!.body).toBe('{"query":"{ me { name } }"}');
  });
});

describe('list values in query and headers', () => {
  it('repeats a query parameter and sends one header line per value', async () => {
    const { received } = await run(`
scenario: lists
steps:
  - set: { second: b }
  - request:
      method: GET
      url: /search?x=1
      query: { tag: [a, $second], page: 2 }
      headers: { x-tag: [one, two] }
`);
    expect(received[0]!.url).toBe('/search?x=1&tag=a&tag=b&page=2');
    // Node joins repeated request headers with ", " when it reads them, but keeps each line in rawHeaders.
    expect(received[0]!.headers['x-tag']).toBe('one, two');
  });
});

describe('set-cookie and repeated response headers', () => {
  it('reads set-cookie as a list of texts and other repeated headers joined with ", "', async () => {
    const { steps } = await run(`
scenario: cookies
steps:
  - request: { method: GET, url: /cookies }
    expect:
      headers.set-cookie: ["sid=abc; Path=/; HttpOnly", "theme=dark; Expires=Wed, 21 Oct 2037 07:28:00 GMT"]
      headers.vary: "accept, origin"
    save: { cookies: headers.set-cookie }
  - set: { first: "$cookies[0]" }
    if: $cookies
`);
    expect(steps[0]!.status).toBe('passed');
    expect(steps[0]!.saved).toMatchObject({
      cookies: ['sid=abc; Path=/; HttpOnly', expect.stringContaining('theme=dark')],
    });
  });
});

describe('empty bodies', () => {
  it('an empty 200 body is present and equal to ""; HEAD and 204 bodies are empty', async () => {
    const { steps } = await run(`
scenario: empty
steps:
  - request: { method: GET, url: /empty }
    expect: { body: "", status: 2xx }
  - request: { method: GET, url: /empty }
    expect: { body: exists }
  - request: { method: HEAD, url: /data }
    expect: { body: empty }
  - request: { method: DELETE, url: /no-content }
    expect: { status: 204, body: empty }
`);
    expect(steps.map((step) => [step.status, step.assertions.map((a) => a.message)])).toEqual([
      ['passed', ['status 2xx', 'body == ""']],
      ['passed', ['body exists']],
      ['passed', ['body empty']],
      ['passed', ['status == 204', 'body empty']],
    ]);
  });
});

describe('matchers', () => {
  it('pass: each, chronological dates, formats, status classes, RE2 regex', async () => {
    const { steps } = await run(`
scenario: matchers
steps:
  - request: { method: GET, url: /data }
    expect:
      status: 2xx
      body.prices: each gt 10
      body.created: lt 2024-03-01T09:00:00Z
      body.day: date
      body.addresses.v4: ipv4
      body.addresses.v6: ipv6
      body.name: matchesRegex ^a+!$
`);
    expect(steps[0]!.assertions.filter((a) => !a.passed)).toEqual([]);
    expect(steps[0]!.status).toBe('passed');
  });

  it('fail with messages naming the path, the expected and the actual value', async () => {
    const { steps } = await run(`
scenario: matchers fail
steps:
  - request: { method: GET, url: /data }
    expect:
      status: 4xx
      body.mixed: each gt 0
      body.created: gt 2024-03-01T09:00:00Z
      body.day: gt 5
      body.addresses.v4: ipv6
`);
    const messages = steps[0]!.assertions.map((a) => a.message);
    expect(messages).toEqual([
      'status = 4xx (expected), got 200',
      'body.mixed = each gt 0 (expected), got [3,-1,4] (item [1] is -1)',
      'body.created = gt 2024-03-01T09:00:00Z (expected), got "2024-03-01T10:00:00+02:00"',
      'body.day = gt 5 (expected), got "2024-02-29" (not comparable: the text "2024-02-29" with the number 5)',
      'body.addresses.v4 = ipv6 (expected), got "10.0.0.1"',
    ]);
  });

  it('matches a catastrophic pattern in linear time', async () => {
    const started = performance.now();
    const { steps } = await run(`
scenario: redos
steps:
  - request: { method: GET, url: /data }
    expect: { body.name: matchesRegex ^(a+)+$ }
`);
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(steps[0]!.assertions[0]!.message).toBe(
      'body.name = matchesRegex ^(a+)+$ (expected), got "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!"',
    );
  });
});

describe('multipart file types', () => {
  let assetsDir: string;
  beforeAll(async () => {
    assetsDir = await mkdtemp(join(tmpdir(), 'runner-assets-'));
    await writeFile(join(assetsDir, 'page.html'), '<p>hi</p>');
  });
  afterAll(async () => {
    await rm(assetsDir, { recursive: true, force: true });
  });

  it('takes the content type from the file name through the MIME table', async () => {
    const before = server.requests.length;
    const { result } = await runScenarios(
      [
        scenarioFromYaml(`
scenario: upload html
steps:
  - request: { method: POST, url: /upload, multipart: { files: { page: page.html } } }
`),
      ],
      { baseUrl, assets: createAssetReader(assetsDir, 'assets') },
    );
    expect(result.status).toBe('passed');
    expect(server.requests[before]!.body).toContain('filename="page.html"\r\nContent-Type: text/html\r\n');
  });
});

describe('header values on the wire', () => {
  let raw: Server;
  let received: Buffer;
  let rawUrl: string;
  beforeAll(async () => {
    received = Buffer.alloc(0);
    raw = createServer((socket) => {
      socket.on('data', (chunk: Buffer) => {
        received = Buffer.concat([received, chunk]);
        if (received.includes('\r\n\r\n'))
          socket.end('HTTP/1.1 200 OK\r\ncontent-length: 0\r\nconnection: close\r\n\r\n');
      });
    });
    await new Promise<void>((resolve) => raw.listen(0, '127.0.0.1', resolve));
    const address = raw.address();
    rawUrl = `http://localhost:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => raw.close(resolve));
  });

  it('are their UTF-8 bytes, as curl sends them', async () => {
    const { result } = await runScenarios(
      [
        scenarioFromYaml(`
scenario: utf8 header
steps:
  - request: { method: GET, url: /, headers: { x-name: "Zoë €" } }
`),
      ],
      { baseUrl: rawUrl },
    );
    expect(result.status).toBe('passed');
    const utf8 = Buffer.from('x-name: Zoë €\r\n', 'utf8');
    expect(received.includes(utf8)).toBe(true);
    expect(received.includes(Buffer.from('x-name: Zoë €\r\n', 'latin1'))).toBe(false);
  });
});

describe('delay', () => {
  it('waits before the step is sent, and not when its `if` skips it', async () => {
    const arrivals: number[] = [];
    const timed = await startTestServer({
      handler: (_request, response) => {
        arrivals.push(performance.now());
        response.writeHead(200).end();
      },
    });
    try {
      const started = performance.now();
      const { result } = await runScenarios(
        [
          scenarioFromYaml(`
scenario: delay
steps:
  - request: { method: GET, url: /a }
  - request: { method: GET, url: /b }
    delay: 300ms
  - request: { method: GET, url: /c }
    delay: 5s
    if: false
`),
        ],
        { baseUrl: timed.url.replace('127.0.0.1', 'localhost') },
      );
      expect(result.scenarios[0]!.steps.map((step) => step.status)).toEqual(['passed', 'passed', 'skipped']);
      expect(arrivals).toHaveLength(2);
      expect(arrivals[1]! - arrivals[0]!).toBeGreaterThanOrEqual(290);
      expect(performance.now() - started).toBeLessThan(3_000);
      // The wait is not the step's own time.
      expect(result.scenarios[0]!.steps[1]!.durationMs).toBeLessThan(250);
    } finally {
      await timed.close();
    }
  });
});

describe('delay and interrupts', () => {
  it('an interrupt ends the wait at once and the step is not sent', async () => {
    const controller = new AbortController();
    const before = server.requests.length;
    const started = performance.now();
    setTimeout(() => controller.abort(), 100);
    const { result } = await runScenarios(
      [
        scenarioFromYaml(`
scenario: delay interrupted
steps:
  - request: { method: GET, url: /late }
    delay: 10s
`),
      ],
      { baseUrl, stop: { run: controller.signal } },
    );
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(result.scenarios[0]!.steps[0]).toMatchObject({
      status: 'skipped',
      skipReason: 'the run was interrupted',
    });
    expect(server.requests.length).toBe(before);
  });
});
