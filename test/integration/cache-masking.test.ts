import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StepResult } from '../../src/engine/index.js';
import { Masker, SecretRegistry } from '../../src/masking/index.js';
import { maskEvents } from '../../src/reporters/index.js';
import { runScenarios, scenarioFromYaml } from '../support/engine.js';
import { startRedisServer, type RedisTestServer } from '../support/redisServer.js';

const urlPassword = `url-${Math.random().toString(36).slice(2)}`;
const storedSecret = `stored-${Math.random().toString(36).slice(2)}`;
let redis: RedisTestServer;

beforeAll(async () => {
  redis = await startRedisServer({ password: urlPassword });
  await redis.admin.set('session:1', JSON.stringify({ user: 'ada', password: storedSecret }));
});

afterAll(async () => {
  await redis.stop();
});

describe('cache steps at the masking boundary', () => {
  it('masks a secret field of the reply and the URL password in everything reporters receive', async () => {
    const scenario = scenarioFromYaml(`
scenario: masked
steps:
  - cache: { connection: main, command: get, key: "session:1" }
    expect: { cache.value.user: ada }
    save: { copy: cache.value.password }
  - cache: { connection: main, command: get, key: "session:1" }
    expect: { cache.value: empty }
`);
    // The masker must read the same registry the engine adds secrets to, as in a real run.
    const secrets = new SecretRegistry();
    const masker = new Masker({ enabled: true, fields: [] }, secrets);
    const masked: StepResult[] = [];
    const { result } = await runScenarios([scenario], {
      baseUrl: 'http://127.0.0.1:9',
      cache: { main: { url: `redis://:${urlPassword}@127.0.0.1:${redis.port}` } },
      masker,
      secrets,
      listener: maskEvents({ onStepEnd: (event) => void masked.push(event.result) }, masker),
    });
    const raw = result.scenarios[0]!.steps;
    // The canary is live: the engine's own record holds the secret.
    expect(raw[0]!.cache?.reply).toEqual({ exists: true, value: { user: 'ada', password: storedSecret } });
    expect(masked[0]!.cache).toEqual({
      connection: 'main',
      command: 'get',
      key: 'session:1',
      reply: { exists: true, value: { user: 'ada', password: '[MASKED]' } },
    });
    expect(masked[1]!.assertions[0]!.message).toBe(
      'cache.value = empty (expected), got {"user":"ada","password":"[MASKED]"}',
    );
    const everything = JSON.stringify(masked);
    expect(everything).not.toContain(storedSecret);
    expect(everything).not.toContain(urlPassword);
    // The URL's password became a secret when the step ran, so any text carrying it would be scrubbed.
    expect(masker.maskText(`redis://:${urlPassword}@host`)).toBe('redis://:[MASKED]@host');
  });
});
