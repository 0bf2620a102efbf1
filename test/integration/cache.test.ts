import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StepResult } from '../../src/engine/index.js';
import { runScenarios, scenarioFromYaml } from '../support/engine.js';
import { startRedisServer, type RedisTestServer } from '../support/redisServer.js';

let redis: RedisTestServer;
let cache: Record<string, { url: string }>;

beforeAll(async () => {
  redis = await startRedisServer();
  cache = { sessions: { url: `${redis.origin}/0` } };
  await redis.admin.set('user:1', JSON.stringify({ name: 'Ada', roles: ['admin'], age: 36 }));
  await redis.admin.set('greeting', 'hello there');
  await redis.admin.set('count', '42');
  await redis.admin.set('big', '12345678901234567890');
  await redis.admin.set('expiring', 'soon', { EX: 600 });
  await redis.admin.hSet('profile:1', { plan: 'pro', seats: '5' });
});

afterAll(async () => {
  await redis.stop();
});

async function runSteps(steps: string): Promise<StepResult[]> {
  const scenario = scenarioFromYaml(`scenario: cache\nsteps:\n${steps}`);
  const { result } = await runScenarios([scenario], { baseUrl: 'http://127.0.0.1:9', cache });
  return result.scenarios[0]!.steps;
}

describe('cache steps against a real redis-server', () => {
  it('get decodes JSON, keeps other text, and reads a missing key as exists false, value null', async () => {
    const [, ...steps] = await runSteps(`
  - set: { id: 1 }
  - cache: { connection: sessions, command: get, key: "user:$id" }
    expect: { cache.exists: true, cache.value.name: Ada, "cache.value.roles[0]": admin, cache.value.age: gt 30 }
    save: { userName: cache.value.name, user: cache.value }
  - cache: { connection: sessions, command: get, key: greeting }
    expect: { cache.value: hello there }
  - cache: { connection: sessions, command: get, key: count }
    expect: { cache.value: 42 }
  - cache: { connection: sessions, command: get, key: big }
    expect: { cache.value: "12345678901234567890" }
  - cache: { connection: sessions, command: get, key: "nothing:$userName" }
    expect: { cache.exists: false, cache.value: null }
`);
    expect(steps.map((step) => [step.status, step.error])).toEqual(Array(5).fill(['passed', undefined]));
    expect(steps[0]!.saved).toEqual({ userName: 'Ada', user: { name: 'Ada', roles: ['admin'], age: 36 } });
    expect(steps[0]!.cache).toEqual({
      connection: 'sessions',
      command: 'get',
      key: 'user:1',
      reply: { exists: true, value: { name: 'Ada', roles: ['admin'], age: 36 } },
    });
    expect(steps[0]!.label).toBe('cache get user:$id on sessions');
    expect(steps[2]!.cache?.reply).toEqual({ exists: true, value: 42 });
    expect(steps[3]!.cache?.reply).toEqual({ exists: true, value: '12345678901234567890' });
    expect(steps[4]!.cache).toMatchObject({ key: 'nothing:Ada', reply: { exists: false, value: null } });
  });

  it('exists, ttl (-1 without expiry, -2 when missing, as Redis reports) and hgetall', async () => {
    const steps = await runSteps(`
  - cache: { connection: sessions, command: exists, key: greeting }
    expect: { cache.exists: true }
  - cache: { connection: sessions, command: exists, key: missing }
    expect: { cache.exists: false }
  - cache: { connection: sessions, command: ttl, key: greeting }
    expect: { cache.ttl: -1, cache.exists: true }
  - cache: { connection: sessions, command: ttl, key: missing }
    expect: { cache.ttl: -2, cache.exists: false }
  - cache: { connection: sessions, command: ttl, key: expiring }
    expect: { cache.ttl: gt 500 }
    save: { ttl: cache.ttl }
  - cache: { connection: sessions, command: hgetall, key: "profile:1" }
    expect: { cache.exists: true, cache.value.plan: pro, cache.value.seats: "5" }
  - cache: { connection: sessions, command: hgetall, key: "profile:2" }
    expect: { cache.exists: false, cache.value: empty }
`);
    expect(steps.map((step) => [step.status, step.error])).toEqual(Array(7).fill(['passed', undefined]));
    expect(steps[4]!.saved.ttl).toBeLessThanOrEqual(600);
    expect(steps[5]!.cache?.reply).toEqual({ exists: true, value: { plan: 'pro', seats: '5' } });
  });

  it('failures print like HTTP ones, naming the cache path; a missing field lists what is there', async () => {
    const steps = await runSteps(`
  - cache: { connection: sessions, command: get, key: "user:1" }
    expect: { cache.value.name: Grace, cache.value.email: exists }
    save: { never: cache.value.name }
`);
    const step = steps[0]!;
    expect(step.status).toBe('failed');
    expect(step.assertions.map((assertion) => assertion.message)).toEqual([
      'cache.value.name = "Grace" (expected), got "Ada"',
      'cache.value.email: path not found; available fields: name, roles, age',
    ]);
    // SPEC phase 7: nothing is saved from a failed step.
    expect(step.saved).toEqual({});
  });

  it('timing.max applies to the command', async () => {
    const steps = await runSteps(`
  - cache: { connection: sessions, command: get, key: greeting }
    timing: { max: 5s }
`);
    expect(steps[0]!.status).toBe('passed');
    expect(steps[0]!.timing).toMatchObject({ maxMs: 5000, passed: true });
  });

  it('retry polls until a key that appears later is found', async () => {
    const key = `job:${Date.now()}`;
    const late = setTimeout(() => void redis.admin.set(key, '{"state":"done"}'), 400);
    try {
      const steps = await runSteps(`
  - cache: { connection: sessions, command: get, key: "${key}" }
    expect: { cache.exists: true, cache.value.state: done }
    retry: { attempts: 40, interval: 50 }
`);
      const step = steps[0]!;
      expect(step.status).toBe('passed');
      expect(step.attempts!.length).toBeGreaterThan(1);
      expect(step.attempts![0]!.failure).toBe('cache.exists = true (expected), got false');
    } finally {
      clearTimeout(late);
    }
  });

  it('sends only read commands, on one connection reused by every step', async () => {
    const watched = await redis.watch();
    try {
      const steps = await runSteps(`
  - cache: { connection: sessions, command: get, key: greeting }
  - cache: { connection: sessions, command: exists, key: greeting }
  - cache: { connection: sessions, command: ttl, key: greeting }
  - cache: { connection: sessions, command: hgetall, key: "profile:1" }
`);
      expect(steps.every((step) => step.status === 'passed')).toBe(true);
      // MONITOR replies arrive asynchronously; the last command is in once the list has four entries.
      await expect.poll(() => watched.commands.length).toBeGreaterThanOrEqual(4);
    } finally {
      await watched.stop();
    }
    expect(watched.commands.map((command) => command.args)).toEqual([
      ['GET', 'greeting'],
      ['EXISTS', 'greeting'],
      ['TTL', 'greeting'],
      ['HGETALL', 'profile:1'],
    ]);
    expect(new Set(watched.commands.map((command) => command.client)).size).toBe(1);
  });

  it('selects the database of the URL path', async () => {
    await redis.admin.select(3);
    await redis.admin.set('only-in-3', 'yes');
    await redis.admin.select(0);
    const scenario = scenarioFromYaml(`
scenario: databases
steps:
  - cache: { connection: db3, command: get, key: only-in-3 }
    expect: { cache.value: "yes" }
  - cache: { connection: sessions, command: exists, key: only-in-3 }
    expect: { cache.exists: false }
`);
    const { result } = await runScenarios([scenario], {
      baseUrl: 'http://127.0.0.1:9',
      cache: { ...cache, db3: { url: `${redis.origin}/3` } },
    });
    expect(result.scenarios[0]!.steps.map((step) => step.status)).toEqual(['passed', 'passed']);
  });

  it('fails a step whose connection is not in the environment, naming the known ones', async () => {
    const steps = await runSteps(`
  - cache: { connection: other, command: get, key: greeting }
`);
    expect(steps[0]!.status).toBe('failed');
    expect(steps[0]!.error).toBe(
      "unknown cache connection `other`: not in the environment's `cache` (known: sessions)",
    );
  });
});
