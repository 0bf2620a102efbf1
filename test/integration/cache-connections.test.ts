import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCacheConnections } from '../../src/cache/index.js';
import type { SandboxPolicy } from '../../src/http/index.js';
import { runScenarios, scenarioFromYaml } from '../support/engine.js';
import { startRedisServer, type RedisTestServer } from '../support/redisServer.js';
import { selfSignedCertificate } from '../support/selfSignedCertificate.js';

const password = `pw-${Math.random().toString(36).slice(2)}`;
const readerPassword = `rd-${Math.random().toString(36).slice(2)}`;
let redis: RedisTestServer;

beforeAll(async () => {
  redis = await startRedisServer({
    password,
    // A user that may only read, as a production cache account would be.
    users: [`reader on >${readerPassword} ~* +@read -@dangerous`],
  });
  await redis.admin.set('greeting', 'hello');
});

afterAll(async () => {
  await redis.stop();
});

const getGreeting = scenarioFromYaml(`
scenario: read
steps:
  - cache: { connection: main, command: get, key: greeting }
    expect: { cache.value: hello }
`);

async function stepFor(url: string, options: { sandbox?: SandboxPolicy; timeoutMs?: number } = {}) {
  const { result, secrets } = await runScenarios([getGreeting], {
    baseUrl: 'http://127.0.0.1:9',
    cache: { main: { url } },
    accounts: { redis: { password, wrong: 'not-the-password' } },
    ...options,
  });
  return { step: result.scenarios[0]!.steps[0]!, secrets };
}

/** Counts the connections a server has accepted since it started (INFO stats). */
async function connectionsReceived(): Promise<number> {
  const stats = await redis.admin.info('stats');
  return Number(/total_connections_received:(\d+)/.exec(stats)?.[1]);
}

describe('cache connections: credentials', () => {
  it('authenticates with a password from $accounts', async () => {
    const { step } = await stepFor(`redis://:$accounts.redis.password@127.0.0.1:${redis.port}/0`);
    expect(step.error).toBeUndefined();
    expect(step.status).toBe('passed');
  });

  it('authenticates an ACL user, and registers a password written in the URL as a secret', async () => {
    const { step, secrets } = await stepFor(`redis://reader:${readerPassword}@127.0.0.1:${redis.port}`);
    expect(step.status).toBe('passed');
    expect(secrets.has(readerPassword)).toBe(true);
  });

  it('a wrong password fails the step, naming the connection and never the password', async () => {
    const { step } = await stepFor(`redis://:$accounts.redis.wrong@127.0.0.1:${redis.port}/0`);
    expect(step.status).toBe('failed');
    expect(step.error).toBe(
      `cache connection \`main\` (redis://127.0.0.1:${redis.port}/0): authentication failed: ` +
        'WRONGPASS invalid username-password pair or user is disabled.',
    );
  });

  it('no password where one is required fails with the server reason', async () => {
    const { step } = await stepFor(`redis://127.0.0.1:${redis.port}`);
    expect(step.error).toBe(
      `cache connection \`main\` (redis://127.0.0.1:${redis.port}/0): GET greeting failed: NOAUTH Authentication required.`,
    );
  });

  it('a URL variable that is not defined fails the step before connecting', async () => {
    const { step } = await stepFor(`redis://:$accounts.cache.password@127.0.0.1:${redis.port}`);
    expect(step.status).toBe('failed');
    expect(step.error).toBe(
      'cache connection `main` url: `$accounts.cache.password` does not resolve: `$accounts` has no field `cache` (available: redis)',
    );
  });

  it('an invalid URL is reported without echoing it', async () => {
    const { step } = await stepFor(`http://user:${password}@127.0.0.1:${redis.port}`);
    expect(step.error).toBe(
      'cache connection `main`: invalid URL: unsupported scheme `http:` (use redis:// or rediss://)',
    );
  });
});

/** Calls per command since the server started (INFO commandstats): `{ get: 3, auth: 1, ... }`. */
async function commandCalls(): Promise<Record<string, number>> {
  const stats = await redis.admin.info('commandstats');
  return Object.fromEntries(
    [...stats.matchAll(/^cmdstat_([^:]+):calls=(\d+)/gm)].map((match) => [match[1]!, Number(match[2])]),
  );
}

describe('cache connections: what reaches the server', () => {
  it('the handshake is AUTH and SELECT only, and the step sends its one read command', async () => {
    const before = await commandCalls();
    const { step } = await stepFor(`redis://:$accounts.redis.password@127.0.0.1:${redis.port}/2`);
    expect(step.status).toBe('failed'); // `greeting` lives in database 0
    const after = await commandCalls();
    const sent = Object.entries(after)
      .map(([name, calls]) => [name, calls - (before[name] ?? 0)] as const)
      .filter(([name, calls]) => calls > 0 && name !== 'info'); // INFO: this test's own question
    expect(Object.fromEntries(sent)).toEqual({ auth: 1, select: 1, get: 1 });
  });
});

describe('cache connections: failures and limits', () => {
  let silent: Server;
  let silentPort = 0;
  const sockets = new Set<Socket>();

  beforeAll(async () => {
    // Accepts connections and never answers: a hung server.
    silent = createServer((socket) => {
      sockets.add(socket);
      socket.on('error', () => undefined);
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const address = silent.address();
    silentPort = typeof address === 'object' && address !== null ? address.port : 0;
  });

  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => silent.close(resolve));
  });

  it('connection refused names the connection', async () => {
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const address = probe.address();
    const closedPort = typeof address === 'object' && address !== null ? address.port : 0;
    await new Promise((resolve) => probe.close(resolve));
    const { step } = await stepFor(`redis://127.0.0.1:${closedPort}`);
    expect(step.error).toBe(
      `cache connection \`main\` (redis://127.0.0.1:${closedPort}/0): connection refused`,
    );
  });

  it('a server that never replies fails the step within the timeout', async () => {
    const started = Date.now();
    const { step } = await stepFor(`redis://127.0.0.1:${silentPort}`, { timeoutMs: 300 });
    expect(step.error).toBe(
      `cache connection \`main\` (redis://127.0.0.1:${silentPort}/0): no reply to GET greeting within 300ms`,
    );
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('a handshake that never completes fails as a connect timeout', async () => {
    const { step } = await stepFor(`redis://:secret-pw@127.0.0.1:${silentPort}`, { timeoutMs: 300 });
    expect(step.error).toBe(
      `cache connection \`main\` (redis://127.0.0.1:${silentPort}/0): no connection within 300ms`,
    );
  });
});

describe('cache connections: the sandbox', () => {
  const sandbox = (policy: Partial<SandboxPolicy>): SandboxPolicy => ({
    enabled: true,
    allowedDomains: [],
    blockedDomains: [],
    blockPrivateSubnets: false,
    ...policy,
  });

  it('blockPrivateSubnets blocks a loopback cache before any connection is made', async () => {
    const before = await connectionsReceived();
    const { step } = await stepFor(`redis://:$accounts.redis.password@127.0.0.1:${redis.port}`, {
      sandbox: sandbox({ blockPrivateSubnets: true }),
    });
    expect(step.status).toBe('failed');
    expect(step.error).toMatch(
      /^cache connection `main` \(redis:\/\/127\.0\.0\.1:\d+\/0\): blocked by sandbox: /,
    );
    expect(step.error).toContain('security.sandboxing.blockPrivateSubnets');
    expect(await connectionsReceived()).toBe(before);
  });

  it('checks the address a name resolves to, and the domain lists', async () => {
    const before = await connectionsReceived();
    const resolved = await stepFor(`redis://localhost:${redis.port}`, {
      sandbox: sandbox({ blockPrivateSubnets: true }),
    });
    expect(resolved.step.error).toMatch(
      /blocked by sandbox: host `localhost` resolves to (127\.0\.0\.1|::1)/,
    );
    const listed = await stepFor(`redis://localhost:${redis.port}`, {
      sandbox: sandbox({ blockedDomains: ['localhost'] }),
    });
    expect(listed.step.error).toContain('security.sandboxing.blockedDomains');
    const notAllowed = await stepFor(`redis://localhost:${redis.port}`, {
      sandbox: sandbox({ allowedDomains: ['cache.example.com'] }),
    });
    expect(notAllowed.step.error).toContain('security.sandboxing.allowedDomains');
    expect(await connectionsReceived()).toBe(before);
  });

  it('an allowed host connects', async () => {
    const { step } = await stepFor(`redis://:$accounts.redis.password@localhost:${redis.port}`, {
      sandbox: sandbox({ allowedDomains: ['localhost'] }),
    });
    expect(step.error).toBeUndefined();
    expect(step.status).toBe('passed');
  });
});

describe('cache connections: TLS and lifecycle', () => {
  it('rediss:// connects with the trusted CA and refuses an untrusted certificate', async () => {
    const certificate = await selfSignedCertificate();
    const secure = await startRedisServer({ tls: certificate });
    try {
      await secure.admin.set('greeting', 'over tls');
      const query = {
        connection: 'secure',
        url: `rediss://localhost:${secure.port}`,
        command: 'get' as const,
        key: 'greeting',
      };
      const trusted = createCacheConnections({ timeoutMs: 5000, ca: Buffer.from(certificate.cert) });
      try {
        expect(await trusted.run(query)).toEqual({ command: 'get', value: 'over tls' });
      } finally {
        await trusted.close();
      }
      const untrusted = createCacheConnections({ timeoutMs: 5000 });
      try {
        await expect(untrusted.run(query)).rejects.toThrow(
          /^cache connection `secure` \(rediss:\/\/localhost:\d+\/0\): self-signed certificate/,
        );
      } finally {
        await untrusted.close();
      }
    } finally {
      await secure.stop();
    }
  });

  it('reconnects after the server dropped the connection, and refuses queries once closed', async () => {
    const pool = createCacheConnections({ timeoutMs: 5000 });
    const query = {
      connection: 'main',
      url: `redis://:${password}@127.0.0.1:${redis.port}`,
      command: 'exists' as const,
      key: 'greeting',
    };
    expect(await pool.run(query)).toEqual({ command: 'exists', count: 1 });
    await redis.admin.sendCommand(['CLIENT', 'KILL', 'TYPE', 'normal', 'SKIPME', 'yes']);
    // The first query after the drop may fail (the step fails; a retry connects again); the next one connects.
    await pool.run(query).catch(() => undefined);
    expect(await pool.run(query)).toEqual({ command: 'exists', count: 1 });
    await pool.close();
    await expect(pool.run(query)).rejects.toThrow(
      "cache connection `main`: the run's connections are closed",
    );
  });
});
