import { createSecureServer, type Http2SecureServer } from 'node:http2';
import type { AddressInfo } from 'node:net';
import type { TLSSocket } from 'node:tls';
import { generate } from 'selfsigned';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  createHttpClient,
  HttpError,
  type HostResolver,
  type HttpClient,
  type HttpClientOptions,
  type HttpRequest,
  type ResolvedAddress,
  type SandboxPolicy,
} from '../../src/http/index.js';
import { startTestServer, type TestServer } from '../support/testServer.js';
import { rejection } from '../support/rejection.js';

// Every name in these tests resolves through the test's own resolver to loopback; nothing leaves 127.0.0.1.
const LOOPBACK: ResolvedAddress = { address: '127.0.0.1', family: 4 };

function request(url: string): HttpRequest {
  return { method: 'GET', url, headers: {}, timeoutMs: 5000, maxResponseBytes: 1024 * 1024 };
}

function sandbox(overrides: Partial<SandboxPolicy>): SandboxPolicy {
  return { enabled: true, allowedDomains: [], blockedDomains: [], blockPrivateSubnets: false, ...overrides };
}

/** A resolver that answers each call with the next entry of `answers` (the last one repeats). */
function scriptedResolver(...answers: ResolvedAddress[][]): HostResolver & { calls: string[] } {
  const calls: string[] = [];
  const resolve = (hostname: string): Promise<ResolvedAddress[]> => {
    calls.push(hostname);
    return Promise.resolve(answers[Math.min(calls.length, answers.length) - 1] ?? []);
  };
  return Object.assign(resolve, { calls });
}

const failure = (promise: Promise<unknown>): Promise<HttpError> => rejection(promise, HttpError);

describe('sandbox over HTTP/1.1', () => {
  let server: TestServer;
  let port: string;
  const clients: HttpClient[] = [];

  function client(options: Partial<HttpClientOptions>): HttpClient {
    const created = createHttpClient({ http2: false, insecure: false, userAgent: 'runner/test', ...options });
    clients.push(created);
    return created;
  }

  /** Runs `action` and returns how many connections and requests the server saw meanwhile. */
  async function traffic(action: () => Promise<unknown>): Promise<{ connections: number; requests: number }> {
    const [connections, requests] = [server.connectionCount(), server.requests.length];
    await action();
    return {
      connections: server.connectionCount() - connections,
      requests: server.requests.length - requests,
    };
  }

  beforeAll(async () => {
    server = await startTestServer({
      handler(req, res) {
        // `/close` ends the keep-alive connection, so the next request needs a new one.
        if (req.url === '/close') res.setHeader('connection', 'close');
        res.end(`ok ${req.headers.host ?? ''}`);
      },
    });
    port = new URL(server.url).port;
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((each) => each.close()));
  });
  afterAll(async () => {
    await server.close();
  });

  it('lets an allowed domain reach the server, keeping the name as Host', async () => {
    const resolve = scriptedResolver([LOOPBACK]);
    const allowed = client({ sandbox: sandbox({ allowedDomains: ['*.example.test'] }), resolve });
    const response = await allowed.send(request(`http://api.example.test:${port}/users`));
    expect(response.status).toBe(200);
    expect(server.requests.at(-1)?.headers.host).toBe(`api.example.test:${port}`);
    expect(resolve.calls).toEqual(['api.example.test']);
  });

  it('stops a blocked domain before anything reaches the server', async () => {
    const resolve = scriptedResolver([LOOPBACK]);
    const guarded = client({ sandbox: sandbox({ blockedDomains: ['*.test'] }), resolve });
    let error: HttpError | undefined;
    const seen = await traffic(async () => {
      error = await failure(guarded.send(request(`http://evil.test:${port}/`)));
    });
    expect(error?.code).toBe('sandbox');
    expect(error?.message).toBe(
      'blocked by sandbox: host `evil.test` is in security.sandboxing.blockedDomains (`*.test`)',
    );
    expect(seen).toEqual({ connections: 0, requests: 0 });
    expect(resolve.calls).toEqual([]);
  });

  it('stops a domain missing from a non-empty allow-list', async () => {
    const guarded = client({
      sandbox: sandbox({ allowedDomains: ['api.example.test'] }),
      resolve: scriptedResolver([LOOPBACK]),
    });
    let error: HttpError | undefined;
    const seen = await traffic(async () => {
      error = await failure(guarded.send(request(`http://other.example.test:${port}/`)));
    });
    expect(error?.message).toBe(
      'blocked by sandbox: host `other.example.test` is not in security.sandboxing.allowedDomains ' +
        '(`api.example.test`)',
    );
    expect(seen).toEqual({ connections: 0, requests: 0 });
  });

  it('blocks a name that resolves to loopback, resolving it once and connecting nowhere', async () => {
    const resolve = scriptedResolver([LOOPBACK]);
    const guarded = client({
      sandbox: sandbox({ allowedDomains: ['*.example.test'], blockPrivateSubnets: true }),
      resolve,
    });
    let error: HttpError | undefined;
    const seen = await traffic(async () => {
      error = await failure(guarded.send(request(`http://db.example.test:${port}/`)));
    });
    expect(error?.code).toBe('sandbox');
    expect(error?.message).toBe(
      'blocked by sandbox: host `db.example.test` resolves to 127.0.0.1, a loopback address (127.0.0.0/8), ' +
        'and security.sandboxing.blockPrivateSubnets is on',
    );
    expect(seen).toEqual({ connections: 0, requests: 0 });
    expect(resolve.calls).toEqual(['db.example.test']);
  });

  it('blocks a name when any of its answers is private, even if a public one comes first', async () => {
    // 93.184.216.34 is never dialled: the private second answer blocks the connection before any dial.
    const resolve = scriptedResolver([{ address: '93.184.216.34', family: 4 }, LOOPBACK]);
    const guarded = client({ sandbox: sandbox({ blockPrivateSubnets: true }), resolve });
    const seen = await traffic(async () => {
      const error = await failure(guarded.send(request(`http://mixed.example.test:${port}/`)));
      expect(error.message).toContain('resolves to 127.0.0.1, a loopback address');
    });
    expect(seen).toEqual({ connections: 0, requests: 0 });
  });

  it.each([
    ['127.0.0.1', 'host `127.0.0.1` is a loopback address (127.0.0.0/8)'],
    ['2130706433', 'host `127.0.0.1` is a loopback address (127.0.0.0/8)'],
    ['0x7f.1', 'host `127.0.0.1` is a loopback address (127.0.0.0/8)'],
    ['[::ffff:127.0.0.1]', 'host `[::ffff:7f00:1]` is an IPv4-mapped form of 127.0.0.1, a loopback address'],
  ])('blocks the IP-literal host %s without DNS', async (host, detail) => {
    const resolve = scriptedResolver([LOOPBACK]);
    const guarded = client({ sandbox: sandbox({ blockPrivateSubnets: true }), resolve });
    let error: HttpError | undefined;
    const seen = await traffic(async () => {
      error = await failure(guarded.send(request(`http://${host}:${port}/`)));
    });
    expect(error?.code).toBe('sandbox');
    expect(error?.message).toContain(detail);
    expect(seen).toEqual({ connections: 0, requests: 0 });
    expect(resolve.calls).toEqual([]);
  });

  it('blocks localhost through the system resolver', async () => {
    const guarded = client({ sandbox: sandbox({ blockPrivateSubnets: true }) });
    const seen = await traffic(async () => {
      const error = await failure(guarded.send(request(`http://localhost:${port}/`)));
      expect(error.message).toMatch(/^blocked by sandbox: host `localhost` resolves to (127\.0\.0\.1|::1), /);
    });
    expect(seen).toEqual({ connections: 0, requests: 0 });
  });

  it('resolves once per new connection and dials exactly that answer (no second lookup to rebind)', async () => {
    // The first answer is the test server; every later answer is 127.0.0.2, where nothing listens. A client
    // that looked the name up again between check and connect, or per request, would dial the wrong place.
    const resolve = scriptedResolver([LOOPBACK], [{ address: '127.0.0.2', family: 4 }]);
    const rebinding = client({ sandbox: sandbox({ allowedDomains: ['rebind.example.test'] }), resolve });
    const seen = await traffic(async () => {
      for (let i = 0; i < 5; i++) {
        expect((await rebinding.send(request(`http://rebind.example.test:${port}/`))).status).toBe(200);
      }
    });
    expect(seen).toEqual({ connections: 1, requests: 5 });
    expect(resolve.calls).toHaveLength(1);

    // A new connection resolves again, and dials the new answer: the pooled one was checked when made.
    await rebinding.send(request(`http://rebind.example.test:${port}/close`));
    const error = await failure(rebinding.send(request(`http://rebind.example.test:${port}/`)));
    expect(error.code).toBe('connect');
    expect(resolve.calls).toHaveLength(2);
  });

  it('keeps one pooled connection per origin with the sandbox on', async () => {
    const resolve = scriptedResolver([LOOPBACK]);
    const guarded = client({
      sandbox: sandbox({ allowedDomains: ['api.example.test'], blockedDomains: ['evil.test'] }),
      resolve,
    });
    const seen = await traffic(async () => {
      for (let i = 0; i < 20; i++) await guarded.send(request(`http://api.example.test:${port}/`));
    });
    expect(seen).toEqual({ connections: 1, requests: 20 });
    expect(resolve.calls).toHaveLength(1);
  });

  it('uses the custom resolver with the sandbox off too', async () => {
    const resolve = scriptedResolver([LOOPBACK]);
    const open = client({ resolve });
    expect((await open.send(request(`http://anything.example.test:${port}/`))).status).toBe(200);
    expect(resolve.calls).toEqual(['anything.example.test']);
  });

  it('falls back across several checked answers (happy eyeballs) without another lookup', async () => {
    // ::1 first: the server listens on 127.0.0.1 only, so the connect must move on to the next answer.
    const resolve = scriptedResolver([{ address: '::1', family: 6 }, LOOPBACK]);
    const open = client({ sandbox: sandbox({ allowedDomains: ['dual.example.test'] }), resolve });
    expect((await open.send(request(`http://dual.example.test:${port}/`))).status).toBe(200);
    expect(resolve.calls).toHaveLength(1);
  });

  it('opens no connection when the client closes while a name is still resolving', async () => {
    let release = (): void => undefined;
    const answered = new Promise<void>((resolve) => (release = resolve));
    const slowResolver: HostResolver = async () => {
      await answered;
      return [LOOPBACK];
    };
    const closing = createHttpClient({
      http2: false,
      insecure: false,
      userAgent: 'runner/test',
      resolve: slowResolver,
    });
    const seen = await traffic(async () => {
      const pending = failure(closing.send(request(`http://slow.example.test:${port}/`)));
      await new Promise((resolve) => setTimeout(resolve, 20));
      const closed = closing.close();
      release();
      await closed;
      expect((await pending).code).toBe('aborted');
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(seen).toEqual({ connections: 0, requests: 0 });
  });

  it('reaches localhost through the system resolver when nothing blocks it', async () => {
    const open = client({});
    expect((await open.send(request(`http://localhost:${port}/`))).status).toBe(200);
  });
});

describe('sandbox over HTTP/2 with TLS', () => {
  const NAME = 'secure.example.test';
  let server: Http2SecureServer;
  let certificate: string;
  let port: number;
  let connections = 0;
  const servernames: (string | false | null)[] = [];
  const authorities: (string | undefined)[] = [];

  beforeAll(async () => {
    const pems = await generate([{ name: 'commonName', value: NAME }], {
      keyType: 'ec',
      algorithm: 'sha256',
      extensions: [{ name: 'subjectAltName', altNames: [{ type: 2, value: NAME }] }],
    });
    certificate = pems.cert;
    server = createSecureServer({ key: pems.private, cert: pems.cert, allowHTTP1: true }, (req, res) => {
      authorities.push(req.authority);
      res.end('secure');
    });
    server.on('secureConnection', (socket: TLSSocket) => {
      connections++;
      servernames.push(socket.servername);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('connects to the resolved address while SNI and the certificate check use the name', async () => {
    const resolve = scriptedResolver([LOOPBACK]);
    const secure = createHttpClient({
      http2: true,
      insecure: false,
      ca: certificate,
      userAgent: 'runner/test',
      sandbox: sandbox({ allowedDomains: [NAME] }),
      resolve,
    });
    try {
      for (let i = 0; i < 3; i++) {
        const response = await secure.send(request(`https://${NAME}:${port}/`));
        expect([response.status, response.httpVersion]).toEqual([200, '2']);
      }
    } finally {
      await secure.close();
    }
    expect(servernames).toEqual([NAME]);
    expect(authorities).toEqual([`${NAME}:${port}`, `${NAME}:${port}`, `${NAME}:${port}`]);
    expect(resolve.calls).toEqual([NAME]);
  });

  it('blocks before the TLS handshake when the name resolves to a private address', async () => {
    const before = connections;
    const secure = createHttpClient({
      http2: true,
      insecure: false,
      ca: certificate,
      userAgent: 'runner/test',
      sandbox: sandbox({ blockPrivateSubnets: true }),
      resolve: scriptedResolver([LOOPBACK]),
    });
    try {
      const error = await failure(secure.send(request(`https://${NAME}:${port}/`)));
      expect(error.code).toBe('sandbox');
    } finally {
      await secure.close();
    }
    expect(connections).toBe(before);
  });
});
