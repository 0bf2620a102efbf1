import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from 'redis';
import type { CertificatePair } from './selfSignedCertificate.js';

export type RedisTestClient = ReturnType<typeof createClient>;

export interface RedisServerOptions {
  /** `requirepass`: the default user needs this password. */
  password?: string;
  /** ACL users, one `user` line each without the keyword (`alice on >secret ~* +@read`). */
  users?: string[];
  /** Serve TLS only (no plain port), with this certificate. */
  tls?: CertificatePair;
}

export interface MonitoredCommand {
  /** `127.0.0.1:51234`: one address per connection. */
  client: string;
  args: string[];
}

export interface RedisTestServer {
  port: number;
  /** `redis://localhost:<port>` (or `rediss://`), no credentials, no database. */
  origin: string;
  /** A client of the default user, for seeding and inspecting; closed by `stop`. */
  admin: RedisTestClient;
  /**
   * Every command the server received from other clients while `watch` was on, as MONITOR shows them:
   * the client's address and the arguments (`["GET","user:1"]`). The server itself hides AUTH and HELLO there.
   */
  watch(): Promise<{ commands: MonitoredCommand[]; stop: () => Promise<void> }>;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

function waitUntilReady(child: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Ready to accept connections')) {
        child.stdout?.off('data', onData);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`redis-server exited (${code}):\n${output}`)));
    child.once('error', reject);
  });
}

async function configFile(dir: string, port: number, options: RedisServerOptions): Promise<string> {
  const lines = [
    'bind 127.0.0.1',
    // No persistence: nothing outlives the test.
    'save ""',
    'appendonly no',
    `dir ${dir}`,
    ...(options.password === undefined ? [] : [`requirepass ${options.password}`]),
    ...(options.users ?? []).map((user) => `user ${user}`),
  ];
  if (options.tls) {
    await writeFile(join(dir, 'cert.pem'), options.tls.cert);
    await writeFile(join(dir, 'key.pem'), options.tls.key);
    lines.push(
      'port 0',
      `tls-port ${port}`,
      `tls-cert-file ${join(dir, 'cert.pem')}`,
      `tls-key-file ${join(dir, 'key.pem')}`,
      'tls-auth-clients no',
    );
  } else {
    lines.push(`port ${port}`);
  }
  const file = join(dir, 'redis.conf');
  await writeFile(file, lines.join('\n') + '\n');
  return file;
}

async function startOnce(options: RedisServerOptions): Promise<RedisTestServer> {
  const dir = await mkdtemp(join(tmpdir(), 'runner-redis-'));
  const port = await freePort();
  const child = spawn('redis-server', [await configFile(dir, port, options)], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  try {
    await waitUntilReady(child);
  } catch (error) {
    child.kill('SIGKILL');
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
  const scheme = options.tls ? 'rediss' : 'redis';
  const socket = options.tls
    ? { host: '127.0.0.1', port, tls: true as const, ca: options.tls.cert }
    : { host: '127.0.0.1', port };
  const admin: RedisTestClient = createClient({
    socket,
    ...(options.password === undefined ? {} : { password: options.password }),
  });
  admin.on('error', () => undefined);
  try {
    await admin.connect();
  } catch (error) {
    // The server started but cannot be reached: leave no process or folder behind.
    child.kill('SIGKILL');
    await rm(dir, { recursive: true, force: true });
    throw error;
  }

  return {
    port,
    // By name, as environments name their Redis (issue 11); the server binds 127.0.0.1 only.
    origin: `${scheme}://localhost:${port}`,
    admin,
    async watch() {
      const monitor = admin.duplicate();
      monitor.on('error', () => undefined);
      await monitor.connect();
      const commands: MonitoredCommand[] = [];
      await monitor.monitor((line) => {
        // `1700000000.123 [0 127.0.0.1:51234] "get" "user:1"`
        const text = String(line);
        const client = /\[\d+ ([^\]]+)\]/.exec(text)?.[1] ?? '';
        const args = [...text.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((match) => match[1] ?? '');
        commands.push({ client, args });
      });
      return { commands, stop: async () => monitor.destroy() };
    },
    async stop() {
      admin.destroy();
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** A real `redis-server` on a free port of 127.0.0.1, in a temp dir, without persistence. */
export async function startRedisServer(options: RedisServerOptions = {}): Promise<RedisTestServer> {
  // A port found free can be taken before the server binds it; try again with another.
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnce(options);
    } catch (error) {
      if (attempt >= 3) throw error;
    }
  }
}
