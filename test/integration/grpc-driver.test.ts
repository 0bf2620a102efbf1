import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialTargets } from '../../src/http/dialTargets.js';
import { systemResolver } from '../../src/http/hostResolver.js';
import type { SandboxPolicy } from '../../src/http/index.js';
import { checkHost } from '../../src/http/sandbox/policy.js';
import { HttpError } from '../../src/http/httpError.js';
import { tlsConnectOptions } from '../../src/http/tlsTrust.js';
import { GrpcError } from '../../src/streams/grpc/grpcError.js';
import { openGrpcCall, type GrpcIo } from '../../src/streams/grpc/grpcDriver.js';
import type { GrpcOpen } from '../../src/streams/types.js';
import {
  BIG_VISITS,
  GREETER_PROTO,
  GRPC_PROTO_DIR,
  startGrpcServer,
  type GrpcTestServer,
} from '../support/grpcServer.js';
import { createCertificateAuthority, issueServerCertificate, type Pem } from '../support/privateCa.js';
import { rejection } from '../support/rejection.js';

/** The sandbox gate as HTTP applies it: the domain lists first, then every address the name resolves to. */
function dialThrough(sandbox?: SandboxPolicy, tls = tlsConnectOptions({ insecure: false })): GrpcIo['dial'] {
  return async (url) => {
    const host = new URL(url).hostname;
    const block = sandbox === undefined ? undefined : checkHost(sandbox, host);
    if (block !== undefined) throw new HttpError('sandbox', block.message);
    return { ...(await dialTargets(host, systemResolver, sandbox)), tls };
  };
}

function io(overrides: Partial<GrpcIo> = {}): GrpcIo {
  return {
    signal: new AbortController().signal,
    timeoutMs: 5000,
    dial: dialThrough(),
    ...overrides,
  };
}

const hello = (url: string, extra: Partial<GrpcOpen> = {}): GrpcOpen => ({
  url,
  service: 'runner.test.Greeter',
  method: 'SayHello',
  message: { user_name: 'ada', mood: 'HAPPY' },
  metadata: {},
  proto: [],
  projectRoot: GRPC_PROTO_DIR,
  userAgent: 'runner/test',
  ...extra,
});

async function call(spec: GrpcOpen, options: Partial<GrpcIo> = {}) {
  const session = await openGrpcCall(spec, io(options));
  const items: unknown[] = [];
  for await (const item of session.items) items.push(item);
  await session.close();
  return { items, facts: session.facts() };
}

describe('grpc driver against a grpc-js server with reflection', () => {
  let server: GrpcTestServer;
  beforeAll(async () => {
    server = await startGrpcServer();
  });
  afterAll(() => server.stop());

  it('calls a unary method described by proto files: message, headers, trailers, status, int64 as text', async () => {
    const { items, facts } = await call(
      hello(server.url, {
        proto: [GREETER_PROTO],
        metadata: { 'X-Echo': 'ping', authorization: 'Bearer t0k3n' },
      }),
    );
    expect(items).toEqual([{ message: 'Hello, ada!', visits: BIG_VISITS, mood: 'HAPPY', vip: true }]);
    expect(facts).toMatchObject({
      status: 0,
      unary: true,
      httpVersion: '2',
      headers: { 'x-served-by': 'greeter', 'x-echo': 'ping' },
      trailers: { 'x-trace': 'trace-1', 'grpc-status': '0' },
    });
    expect(facts.remoteAddress).toMatch(/:\d+$/);
    expect(server.received.at(-1)).toMatchObject({ authorization: 'Bearer t0k3n', 'x-echo': 'ping' });
    expect(server.received.at(-1)?.['user-agent']).toMatch(/^runner\/test grpc-node-js\//);
  });

  it('reads the descriptor from server reflection when no proto file is given', async () => {
    const { items, facts } = await call(
      hello(server.url, { message: { userName: 'bob', tags: { values: ['a', 'b'] } } }),
    );
    expect(facts.status).toBe(0);
    expect(items).toEqual([
      { message: 'Hello, bob! [a,b]', visits: BIG_VISITS, mood: 'MOOD_UNSPECIFIED', vip: false },
    ]);
  });

  it('keeps a non-OK status as the outcome, with its message and trailers, and no body', async () => {
    const { items, facts } = await call(hello(server.url, { message: { user_name: 'missing' } }));
    expect(items).toEqual([]);
    expect(facts).toMatchObject({
      status: 5,

      trailers: { 'grpc-status': '5', 'grpc-message': 'user missing not found', 'x-reason': 'no such user' },
    });
  });

  it('collects every message of a server stream', async () => {
    const { items, facts } = await call(
      hello(server.url, { method: 'CountTo', message: { to: 3 }, proto: [GREETER_PROTO] }),
    );
    expect(items).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
    expect(facts).toMatchObject({ status: 0, unary: false });
  });

  it('cancels an endless stream when runner closes it', async () => {
    const session = await openGrpcCall(
      hello(server.url, { method: 'CountTo', message: { endless: true, interval_ms: 5 } }),
      io(),
    );
    const items: unknown[] = [];
    for await (const item of session.items) {
      items.push(item);
      if (items.length === 2) break;
    }
    await session.close();
    expect(items).toEqual([{ n: 1 }, { n: 2 }]);
    expect(session.facts().status).toBe(1); // CANCELLED
  });

  it('names a field that the request type does not have', async () => {
    const error = await rejection(call(hello(server.url, { message: { user: 'ada' } })), GrpcError);
    expect(error.code).toBe('message');
    expect(error.message).toBe(
      '`message.user` is not a field of `runner.test.HelloRequest` (fields: `user_name`, `mood`, `tags`)',
    );
    const nested = await rejection(
      call(hello(server.url, { message: { tags: { value: ['x'] } } })),
      GrpcError,
    );
    expect(nested.message).toBe(
      '`message.tags.value` is not a field of `runner.test.Tags` (fields: `values`)',
    );
  });

  it('names the services the server knows when the service is not one of them', async () => {
    const error = await rejection(call(hello(server.url, { service: 'runner.test.Nope' })), GrpcError);
    expect(error.code).toBe('descriptor');
    expect(error.message).toContain('the server does not know service `runner.test.Nope`');
    expect(error.message).toContain('`runner.test.Greeter`');
  });

  it('names the methods of the service when the method is not one of them', async () => {
    const error = await rejection(call(hello(server.url, { method: 'SayGoodbye' })), GrpcError);
    expect(error.message).toBe(
      'service `runner.test.Greeter` has no method `SayGoodbye` (methods: `SayHello`, `CountTo`, `Chat`)',
    );
  });

  it('refuses a bidirectional streaming method by name', async () => {
    const error = await rejection(
      call(hello(server.url, { method: 'Chat', proto: [GREETER_PROTO] })),
      GrpcError,
    );
    expect(error.message).toContain('`runner.test.Greeter/Chat` is a bidirectional streaming method');
    expect(server.calls).not.toContain('runner.test.Greeter/Chat');
  });

  it('tries the next address family when the first does not connect', async () => {
    const dial: GrpcIo['dial'] = () =>
      Promise.resolve({
        tls: tlsConnectOptions({ insecure: false }),
        host: 'localhost',
        addresses: [
          { address: '::1', family: 6 },
          { address: '127.0.0.1', family: 4 },
        ],
      });
    const { facts } = await call(hello(server.url), { dial });
    expect(facts.status).toBe(0);
    expect(facts.remoteAddress).toBe(`127.0.0.1:${server.port}`);
  });

  it('refuses a response message larger than the limit', async () => {
    const { items, facts } = await call(hello(server.url, { proto: [GREETER_PROTO] }), {
      maxMessageBytes: 8,
    });
    expect(items).toEqual([]);
    expect(facts.status).toBe(8); // RESOURCE_EXHAUSTED
  });

  it('says which proto file is missing, relative to the project root', async () => {
    const error = await rejection(call(hello(server.url, { proto: ['nope.proto'] })), GrpcError);
    expect(error.message).toBe('proto file `nope.proto` not found (paths are relative to the project root)');
  });
});

describe('grpc driver against a server without reflection', () => {
  let server: GrpcTestServer;
  beforeAll(async () => {
    server = await startGrpcServer({ reflection: false });
  });
  afterAll(() => server.stop());

  it('asks for proto files when the server offers no reflection', async () => {
    const error = await rejection(call(hello(server.url)), GrpcError);
    expect(error.message).toBe(
      'the server offers no reflection service: give the service its `proto:` files',
    );
  });

  it('calls it with proto files', async () => {
    const { items } = await call(hello(server.url, { proto: [GREETER_PROTO] }));
    expect(items).toEqual([{ message: 'Hello, ada!', visits: BIG_VISITS, mood: 'HAPPY', vip: true }]);
  });
});

describe('grpc driver over TLS with a private CA', () => {
  let server: GrpcTestServer;
  let ca: Pem;
  beforeAll(async () => {
    ca = await createCertificateAuthority('runner grpc test CA');
    server = await startGrpcServer({ tls: await issueServerCertificate(ca) });
  });
  afterAll(() => server.stop());

  it('connects when the CA is trusted (http.caFile), checking the certificate against the host name', async () => {
    const tls = tlsConnectOptions({ insecure: false, extraCa: Buffer.from(ca.cert) });
    const { items, facts } = await call(hello(server.url), { dial: dialThrough(undefined, tls) });
    expect(facts.status).toBe(0);
    expect(items).toHaveLength(1);
  });

  it('does not connect when the CA is not trusted, and says why', async () => {
    const calls = server.calls.length;
    const error = await rejection(call(hello(server.url)), GrpcError);
    expect(error.code).toBe('connect');
    expect(error.message).toMatch(
      new RegExp(`^cannot connect to grpcs://localhost:${server.port}: .*certificate`),
    );
    expect(server.calls.length).toBe(calls);
  });

  it('connects to an untrusted certificate with http.insecure', async () => {
    const { facts } = await call(hello(server.url), {
      dial: dialThrough(undefined, tlsConnectOptions({ insecure: true })),
    });
    expect(facts.status).toBe(0);
  });
});

describe('grpc driver connections', () => {
  let listener: Server;
  let connections = 0;
  let port = 0;
  beforeAll(async () => {
    listener = createServer((socket) => {
      connections += 1;
      socket.destroy();
    });
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    const address = listener.address();
    port = typeof address === 'object' && address !== null ? address.port : 0;
  });
  afterAll(() => new Promise<void>((resolve) => listener.close(() => resolve())));

  it('makes no connection to a host the sandbox blocks', async () => {
    const sandbox = { enabled: true, allowedDomains: [], blockedDomains: [], blockPrivateSubnets: true };
    const error = await rejection(
      call(hello(`grpc://localhost:${port}`), { dial: dialThrough(sandbox) }),
      HttpError,
    );
    expect(error.code).toBe('sandbox');
    expect(error.message).toContain('blockPrivateSubnets');
    expect(connections).toBe(0);
  });

  it('says it cannot connect when nothing listens', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const address = closed.address();
    const freePort = typeof address === 'object' && address !== null ? address.port : 0;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const error = await rejection(call(hello(`grpc://127.0.0.1:${freePort}`)), GrpcError);
    expect(error.code).toBe('connect');
    expect(error.message).toMatch(
      new RegExp(`^cannot connect to grpc://127.0.0.1:${freePort}: .*ECONNREFUSED`),
    );
  });

  it('rejects a URL that is no gRPC URL', async () => {
    const error = await rejection(call(hello('http://localhost:1')), GrpcError);
    expect(error.message).toBe('invalid gRPC URL: unsupported scheme `http:` (use grpc:// or grpcs://)');
  });
});
