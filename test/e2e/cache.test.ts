import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, tempWorkspace } from '../support/cli.js';
import { startRedisServer, type RedisTestServer } from '../support/redisServer.js';

/**
 * The built CLI against a real redis-server: a cache connection in the environment file whose password comes
 * from the credentials file, another with the password written in the URL, and secrets planted in cached
 * values. None of them may reach the console or the JSON report.
 */
const accountPassword = `acct-${Math.random().toString(36).slice(2)}`;
const urlPassword = `url-${Math.random().toString(36).slice(2)}`;
const storedSecret = `stored-${Math.random().toString(36).slice(2)}`;

let redis: RedisTestServer;
let dir: string;
let cleanup: () => Promise<void>;

const scenario = `scenario: cache canary
steps:
  - name: read the session
    cache: { connection: sessions, command: get, key: "session:1" }
    expect: { cache.exists: true, cache.value.user: ada, cache.value.password: exists }
    save: { session: cache.value, sessionPassword: cache.value.password }
  - name: a failed check prints the value it found
    cache: { connection: sessions, command: get, key: "session:1" }
    expect: { cache.value: empty }
  - name: a hash with a secret field
    cache: { connection: readonly, command: hgetall, key: "profile:1" }
    expect: { cache.value.plan: pro }
    save: { profile: cache.value }
  - name: ttl as Redis reports it
    cache: { connection: readonly, command: ttl, key: "session:1" }
    expect: { cache.ttl: -1 }
`;

beforeAll(async () => {
  redis = await startRedisServer({
    password: accountPassword,
    users: [`reader on >${urlPassword} ~* +@read -@dangerous`],
  });
  await redis.admin.set('session:1', JSON.stringify({ user: 'ada', password: storedSecret }));
  await redis.admin.hSet('profile:1', { plan: 'pro', password: storedSecret });
  ({ dir, cleanup } = await tempWorkspace());
  for (const sub of ['environments', 'credentials', 'tests']) {
    await mkdir(join(dir, '.runner', sub), { recursive: true });
  }
  await writeFile(join(dir, '.runner/config.yaml'), 'runner_version: 1\n');
  await writeFile(
    join(dir, '.runner/environments/local.yaml'),
    `baseUrl: http://127.0.0.1:9
cache:
  sessions: { url: "redis://:$accounts.redis.password@localhost:${redis.port}/0" }
  readonly: { url: "redis://reader:${urlPassword}@127.0.0.1:${redis.port}" }
`,
  );
  await writeFile(join(dir, '.runner/credentials/local.yaml'), `redis: { password: ${accountPassword} }\n`);
  await writeFile(join(dir, '.runner/tests/cache.yaml'), scenario);
});

afterAll(async () => {
  await cleanup();
  await redis.stop();
});

describe('cache steps through the CLI', () => {
  it('runs cache steps and keeps every planted secret out of the console and the JSON report', async () => {
    const run = await runCli(['run', '--verbose', '--report', 'json'], { cwd: dir });
    const report = await readFile(join(dir, '.runner/reports/latest/report.json'), 'utf8');
    expect(run.stderr).toBe('');
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('✓ read the session');
    expect(run.stdout).toContain('✗ a failed check prints the value it found');
    expect(run.stdout).toContain(
      '✗ cache.value = empty (expected), got {"user":"ada","password":"[MASKED]"}',
    );
    expect(run.stdout).toContain('✓ cache.ttl == -1');
    const steps = (JSON.parse(report) as { steps: { status: string; kind: string }[] }).steps;
    expect(steps.map((step) => [step.kind, step.status])).toEqual([
      ['cache', 'passed'],
      ['cache', 'failed'],
      ['cache', 'passed'],
      ['cache', 'passed'],
    ]);
    for (const text of [run.stdout, report]) {
      for (const secret of [accountPassword, urlPassword, storedSecret]) {
        expect(text, `leaked ${secret}`).not.toContain(secret);
      }
    }
  });

  it('blocks the cache host with the sandbox before connecting', async () => {
    await writeFile(
      join(dir, '.runner/config.yaml'),
      'security:\n  sandboxing:\n    enabled: true\n    blockPrivateSubnets: true\n',
    );
    try {
      const stats = async () => /total_connections_received:(\d+)/.exec(await redis.admin.info('stats'))?.[1];
      const before = await stats();
      const run = await runCli(['run'], { cwd: dir });
      expect(run.code).toBe(1);
      expect(run.stdout).toContain(
        'blocked by sandbox: host `127.0.0.1` is a loopback address (127.0.0.0/8), and security.sandboxing.blockPrivateSubnets is on',
      );
      expect(await stats()).toBe(before);
    } finally {
      await writeFile(join(dir, '.runner/config.yaml'), 'runner_version: 1\n');
    }
  });

  it('validate reports an unknown command and an unknown connection with file:line:col', async () => {
    const file = join(dir, '.runner/tests/bad.yaml');
    await writeFile(
      file,
      `scenario: bad
steps:
  - cache: { connection: sessions, command: set, key: k }
  - cache: { connection: sesions, command: get, key: k }
`,
    );
    try {
      const run = await runCli(['validate'], { cwd: dir });
      expect(run.code).toBe(1);
      const output = run.stdout + run.stderr;
      expect(output).toContain(
        '.runner/tests/bad.yaml:3:45: `command` must be one of `get`, `exists`, `ttl`, `hgetall`, got "set"',
      );
      expect(output).toContain(
        ".runner/tests/bad.yaml:4:26: unknown cache connection `sesions`: not in the environment's `cache`",
      );
    } finally {
      await rm(file);
    }
  });
});
