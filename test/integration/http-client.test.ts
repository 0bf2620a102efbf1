import { X509Certificate } from 'node:crypto';
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createHttpClient,
  decodeBody,
  HttpError,
  type HttpClient,
  type HttpRequest,
} from '../../src/http/index.js';
import { startTestServer, type TestServer } from '../support/testServer.js';
import { rejection } from '../support/rejection.js';

const MiB = 1024 * 1024;

function request(url: string, overrides: Partial<HttpRequest> = {}): HttpRequest {
  return { method: 'GET', url, headers: {}, timeoutMs: 5000, maxResponseBytes: 10 * MiB, ...overrides };
}

const failure = (promise: Promise<unknown>): Promise<HttpError> => rejection(promise, HttpError);

/** A port nothing listens on: bind one, note it, release it. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

describe('HTTP client over HTTP/1.1', () => {
  let server: TestServer;
  let client: HttpClient;

  beforeAll(async () => {
    server = await startTestServer();
    client = createHttpClient({ http2: true, insecure: false, userAgent: 'runner/9.9.9' });
  });
  afterAll(async () => {
    await client.close();
    await server.close();
  });

  it.each(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'])('sends %s', async (method) => {
    const response = await client.send(request(`${server.url}/echo/x?a=1`, { method }));
    expect(response.status).toBe(200);
    expect(response.httpVersion).toBe('1.1');
    expect(decodeBody(response).json).toMatchObject({ method, path: '/echo/x', query: { a: '1' } });
  });

  it('sends HEAD and gets headers without a body', async () => {
    const response = await client.send(request(`${server.url}/users`, { method: 'HEAD' }));
    expect(response.status).toBe(200);
    expect(Number(response.headers['content-length'])).toBeGreaterThan(0);
    expect(response.body.byteLength).toBe(0);
  });

  it('sends headers and a default user-agent, unless the request has its own', async () => {
    await client.send(request(`${server.url}/health`, { headers: { 'X-Trace': 'abc' } }));
    expect(server.requests.at(-1)?.headers).toMatchObject({ 'x-trace': 'abc', 'user-agent': 'runner/9.9.9' });
    await client.send(request(`${server.url}/health`, { headers: { 'User-Agent': 'mine/1' } }));
    expect(server.requests.at(-1)?.headers['user-agent']).toBe('mine/1');
  });

  it('sends string and byte bodies', async () => {
    const json = await client.send(
      request(`${server.url}/echo`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"n":1}',
      }),
    );
    expect(decodeBody(json).json).toMatchObject({ body: { n: 1 }, headers: { 'content-length': '7' } });
    await client.send(
      request(`${server.url}/echo`, { method: 'PUT', body: new TextEncoder().encode('raw ✓') }),
    );
    expect(server.requests.at(-1)?.body).toBe('raw ✓');
  });

  it('returns status, reason phrase and lower-cased headers, and measures the duration', async () => {
    const response = await client.send(request(`${server.url}/slow?ms=50`));
    expect([response.status, response.statusText]).toEqual([200, 'OK']);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(response.durationMs).toBeGreaterThanOrEqual(45);
  });

  it('does not follow redirects', async () => {
    const response = await client.send(request(`${server.url}/redirect?to=/users`));
    expect(response.status).toBe(302);
    expect(response.headers.location).toBe('/users');
  });

  it('reuses one keep-alive connection for 50 sequential requests', async () => {
    const before = server.connectionCount();
    for (let i = 0; i < 50; i++) {
      const response = await client.send(request(`${server.url}/health`));
      expect(response.status).toBe(200);
    }
    expect(server.connectionCount() - before).toBeLessThanOrEqual(1);
  });

  it('fails with the request timeout named when no response comes in time', async () => {
    const error = await failure(client.send(request(`${server.url}/slow?ms=2000`, { timeoutMs: 200 })));
    expect(error.code).toBe('timeout');
    expect(error.message).toBe(
      `no response from localhost:${new URL(server.url).port} within 200ms (request timeout)`,
    );
  });

  it('fails when the caller aborts', async () => {
    const controller = new AbortController();
    const pending = client.send(request(`${server.url}/slow?ms=2000`, { signal: controller.signal }));
    setTimeout(() => controller.abort(), 50);
    expect((await failure(pending)).code).toBe('aborted');
  });

  it('refuses a body whose Content-Length exceeds the cap before reading it', async () => {
    const declared = await failure(client.send(request(`${server.url}/products`, { maxResponseBytes: 100 })));
    expect(declared.code).toBe('response-too-large');
    expect(declared.message).toBe('response body exceeds 100 bytes (http.maxResponseBytes)');
    const ok = await client.send(request(`${server.url}/products`, { maxResponseBytes: MiB }));
    expect(ok.status).toBe(200);
  });

  it('names host and port when the connection is refused', async () => {
    const port = await closedPort();
    const error = await failure(client.send(request(`http://127.0.0.1:${port}/health`)));
    expect(error.code).toBe('connect');
    expect(error.message).toBe(`connection refused by 127.0.0.1:${port} (is the server running?)`);
  });

  it('rejects URLs it cannot send', async () => {
    expect((await failure(client.send(request('not a url')))).message).toBe('invalid URL `not a url`');
    expect((await failure(client.send(request('ftp://127.0.0.1/x')))).code).toBe('protocol');
  });
});

describe('HTTP client against custom responses', () => {
  let server: TestServer;
  let client: HttpClient;

  beforeAll(async () => {
    server = await startTestServer({
      handler(req, res) {
        if (req.url === '/repeated') {
          res.setHeader('Set-Cookie', ['a=1', 'b=2']);
          res.setHeader('X-Multi', ['x', 'y']);
          res.end('ok');
        } else if (req.url === '/teapot') {
          res.writeHead(418, 'Short And Stout');
          res.end();
        } else if (req.url === '/chunked') {
          res.write('x'.repeat(800));
          setTimeout(() => res.end('y'.repeat(800)), 20);
        } else if (req.url === '/stall') {
          res.writeHead(200, { 'content-type': 'text/plain' });
          res.write('partial');
        } else {
          res.end(Buffer.from([0, 1, 2, 255]));
        }
      },
    });
    client = createHttpClient({ http2: false, insecure: false, userAgent: 'runner/test' });
  });
  afterAll(async () => {
    await client.close();
    await server.close();
  });

  it('joins repeated headers with ", "', async () => {
    const response = await client.send(request(`${server.url}/repeated`));
    expect(response.headers['set-cookie']).toBe('a=1, b=2');
    expect(response.headers['x-multi']).toBe('x, y');
  });

  it("keeps the server's own reason phrase", async () => {
    const response = await client.send(request(`${server.url}/teapot`));
    expect([response.status, response.statusText]).toEqual([418, 'Short And Stout']);
  });

  it('keeps binary bodies byte for byte', async () => {
    const response = await client.send(request(`${server.url}/bytes`));
    expect([...response.body]).toEqual([0, 1, 2, 255]);
  });

  it('caps a chunked body while it streams', async () => {
    const error = await failure(client.send(request(`${server.url}/chunked`, { maxResponseBytes: 1024 })));
    expect(error.message).toBe('response body exceeds 1 KiB (http.maxResponseBytes)');
  });

  it('says the body did not complete when headers came but the body stalled', async () => {
    const error = await failure(client.send(request(`${server.url}/stall`, { timeoutMs: 200 })));
    expect(error.code).toBe('timeout');
    expect(error.message).toMatch(
      /^response body from localhost:\d+ not complete within 200ms \(request timeout\)$/,
    );
  });

  it('fails requests sent after close', async () => {
    const closing = createHttpClient({ http2: false, insecure: false, userAgent: 'runner/test' });
    await closing.send(request(`${server.url}/bytes`));
    await closing.close();
    expect((await failure(closing.send(request(`${server.url}/bytes`)))).code).toBe('aborted');
  });
});

describe('HTTP client over TLS', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ http2: true });
  });
  afterAll(async () => {
    await server.close();
  });

  async function withClient<T>(
    options: { http2: boolean; insecure: boolean; ca?: string },
    use: (client: HttpClient) => Promise<T>,
  ): Promise<T> {
    const client = createHttpClient({ ...options, userAgent: 'runner/test' });
    try {
      return await use(client);
    } finally {
      await client.close();
    }
  }

  it('negotiates HTTP/2 with a self-signed certificate when insecure', async () => {
    const response = await withClient({ http2: true, insecure: true }, (client) =>
      client.send(request(`${server.url}/users/1`)),
    );
    expect(response.httpVersion).toBe('2');
    expect(response.statusText).toBe('OK');
    expect(decodeBody(response).json).toMatchObject({ id: 1, name: 'Ada Lovelace' });
    expect(server.requests.at(-1)?.httpVersion).toBe('2.0');
  });

  it('negotiates HTTP/2 trusting the certificate given as ca', async () => {
    const response = await withClient({ http2: true, insecure: false, ca: server.certificate }, (client) =>
      client.send(request(`${server.url}/users/42`)),
    );
    expect([response.httpVersion, response.status, response.statusText]).toEqual(['2', 404, 'Not Found']);
    expect(decodeBody(response).json).toEqual({ error: 'user 42 not found' });
  });

  it('sends bodies over HTTP/2 and multiplexes on one connection', async () => {
    const before = server.connectionCount();
    await withClient({ http2: true, insecure: true }, async (client) => {
      for (let i = 0; i < 10; i++) {
        const response = await client.send(request(`${server.url}/echo`, { method: 'POST', body: `n=${i}` }));
        expect(decodeBody(response).json).toMatchObject({ method: 'POST', body: `n=${i}` });
      }
    });
    expect(server.connectionCount() - before).toBe(1);
  });

  it('stays on HTTP/1.1 when HTTP/2 is off', async () => {
    const response = await withClient({ http2: false, insecure: true }, (client) =>
      client.send(request(`${server.url}/health`)),
    );
    expect(response.httpVersion).toBe('1.1');
  });

  it('rejects an untrusted certificate with a hint at the settings', async () => {
    const error = await withClient({ http2: true, insecure: false }, (client) =>
      failure(client.send(request(`${server.url}/health`))),
    );
    expect(error.code).toBe('tls');
    expect(error.message).toContain('http.insecure: true');
  });
});

describe('HTTP client: the connection behind a response', () => {
  let plain: TestServer;
  let secure: TestServer;

  beforeAll(async () => {
    plain = await startTestServer();
    secure = await startTestServer({ http2: true });
  });
  afterAll(async () => {
    await plain.close();
    await secure.close();
  });

  it('reports the address connected to, and no certificate over plain HTTP', async () => {
    const client = createHttpClient({ http2: true, insecure: false, userAgent: 'runner/test' });
    try {
      const response = await client.send(request(`${plain.url.replace('127.0.0.1', 'localhost')}/health`));
      expect(['127.0.0.1', '::1']).toContain(response.remoteAddress);
      expect(response.certificate).toBeUndefined();
    } finally {
      await client.close();
    }
  });

  it('reports the server certificate of an HTTPS connection, for HTTP/2 and HTTP/1.1', async () => {
    const pem = new X509Certificate(secure.certificate ?? '');
    for (const http2 of [true, false]) {
      const client = createHttpClient({ http2, insecure: true, userAgent: 'runner/test' });
      try {
        const response = await client.send(request(`${secure.url}/health`));
        expect(response.remoteAddress).toBe('127.0.0.1');
        expect(response.certificate).toEqual({
          subject: pem.subject.split('\n').join(', '),
          issuer: pem.issuer.split('\n').join(', '),
          validFrom: new Date(pem.validFrom).toISOString().replace('.000Z', 'Z'),
          validTo: new Date(pem.validTo).toISOString().replace('.000Z', 'Z'),
          serialNumber: pem.serialNumber.toLowerCase(),
        });
        expect(response.certificate?.subject).toContain('CN=localhost');
      } finally {
        await client.close();
      }
    }
  });
});
