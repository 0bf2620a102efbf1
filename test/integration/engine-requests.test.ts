import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpClient } from '../../src/http/index.js';
import { runScenarios, scenarioFromYaml } from '../support/engine.js';
import { startTestServer, type TestServer } from '../support/testServer.js';

let server: TestServer;
beforeAll(async () => (server = await startTestServer()));
afterAll(() => server.close());

const accounts = { admin: { username: 'demo-admin', password: 'demo-password' } };

describe('request steps against a real server', () => {
  it('logs in, saves the token, creates a user and reads it back by the saved id', async () => {
    const scenario = scenarioFromYaml(`
scenario: users
steps:
  - name: log in
    request:
      method: POST
      url: /auth/login
      body: { username: $accounts.admin.username, password: $accounts.admin.password }
    expect: { status: 200, body.token: string }
    save: { token: body.token }
  - request:
      method: POST
      url: /users
      headers: { Authorization: "Bearer $token" }
      body: { name: Ada, email: $randomEmail }
    expect: { status: 201, body.name: Ada, body.email: email }
    save: { userId: body.id, created: headers.content-type }
  - request: { method: GET, url: "/users/$userId" }
    expect: { status: 200, body.id: $userId, body.name: startsWith Ad }
`);
    const before = server.requests.length;
    const { result, secrets } = await runScenarios([scenario], { baseUrl: server.url, accounts });
    const steps = result.scenarios[0]!.steps;
    expect(steps.map((s) => s.status)).toEqual(['passed', 'passed', 'passed']);
    const userId = steps[1]!.saved.userId;
    expect(typeof userId).toBe('number');
    expect(server.requests.slice(before).map((r) => r.url)).toEqual([
      '/auth/login',
      '/users',
      `/users/${userId}`,
    ]);
    expect(JSON.parse(server.requests[before]!.body)).toEqual({
      username: 'demo-admin',
      password: 'demo-password',
    });
    // A token saved from a masked field becomes a secret for every later output.
    const token = steps[0]!.saved.token as string;
    expect(secrets.has(token)).toBe(true);
    expect(server.requests[before + 1]!.headers.authorization).toBe(`Bearer ${token}`);
    expect(steps[0]!.label).toBe('log in');
    expect(steps[2]!.label).toBe('GET /users/$userId');
    expect(steps[2]!.request!.url).toBe(`${server.url}/users/${userId}`);
  });

  it('sends query, headers and a raw string body as written, with JSON content type only for structured bodies', async () => {
    const scenario = scenarioFromYaml(`
scenario: echo
steps:
  - set: { who: world }
  - request:
      method: PUT
      url: /echo
      query: { q: "hello $who", page: "2" }
      headers: { X-Trace: abc-123 }
      body: "plain text for $who"
    expect: { status: 200, body.method: PUT, body.query.q: hello world }
  - request: { method: PATCH, url: /echo, body: [1, 2, 3] }
`);
    const before = server.requests.length;
    const { result } = await runScenarios([scenario], { baseUrl: server.url });
    expect(result.scenarios[0]!.steps.map((s) => s.status)).toEqual(['passed', 'passed', 'passed']);
    const [raw, json] = server.requests.slice(before);
    expect(raw!.url).toBe('/echo?q=hello+world&page=2');
    expect(raw!.headers['x-trace']).toBe('abc-123');
    expect(raw!.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(raw!.body).toBe('plain text for world');
    expect(raw!.headers['user-agent']).toBe('runner/test');
    expect(json!.headers['content-type']).toBe('application/json');
    expect(JSON.parse(json!.body)).toEqual([1, 2, 3]);
  });

  it('produces fresh generator values for every execution', async () => {
    const scenario = scenarioFromYaml(`
scenario: generators
steps:
  - request: { method: POST, url: /echo, body: { id: $uuid, email: $randomEmail, n: "\${randomInt(1,1000000)}" } }
  - request: { method: POST, url: /echo, body: { id: $uuid, email: $randomEmail, n: "\${randomInt(1,1000000)}" } }
`);
    const before = server.requests.length;
    await runScenarios([scenario], { baseUrl: server.url });
    const [a, b] = server.requests.slice(before).map((r) => JSON.parse(r.body) as Record<string, unknown>);
    expect(a!.id).not.toBe(b!.id);
    expect(a!.email).not.toBe(b!.email);
    expect(a!.n).not.toBe(b!.n);
    expect(typeof a!.n).toBe('number');
  });

  it('reuses one keep-alive connection across sequential steps', async () => {
    const own = await startTestServer();
    try {
      const steps = Array.from(
        { length: 25 },
        () => '  - request: { method: GET, url: /health }\n    expect: { status: 200 }',
      ).join('\n');
      const scenario = scenarioFromYaml(`scenario: many\nsteps:\n${steps}\n`);
      const { result } = await runScenarios([scenario, scenario], { baseUrl: own.url });
      expect(result.counts.passed).toBe(50);
      expect(own.connectionCount()).toBe(1);
    } finally {
      await own.close();
    }
  });

  it('resolves URLs: absolute as is, service base URL, then the root base URL', async () => {
    const scenario = scenarioFromYaml(`
scenario: urls
steps:
  - request: { method: GET, url: "${server.url}/health?absolute=1" }
  - request: { method: GET, url: /echo/svc, service: other }
  - request: { method: GET, url: health }
`);
    const before = server.requests.length;
    const { result } = await runScenarios([scenario], {
      baseUrl: `${server.url}/`,
      services: { other: { baseUrl: `${server.url}/` } },
    });
    expect(result.status).toBe('passed');
    expect(server.requests.slice(before).map((r) => r.url)).toEqual([
      '/health?absolute=1',
      '/echo/svc',
      '/health',
    ]);
  });

  it('saves only when every assertion passed (SPEC phase 7)', async () => {
    const scenario = scenarioFromYaml(`
scenario: no save on failure
steps:
  - request: { method: GET, url: /health }
    expect: { status: 201 }
    save: { state: body.status }
  - if: $state
    request: { method: GET, url: /health?saved=1 }
`);
    const { result } = await runScenarios([scenario], { baseUrl: server.url });
    const [first, second] = result.scenarios[0]!.steps;
    expect(first!.saved).toEqual({});
    expect(second!.status).toBe('skipped');
  });

  it('saves count() of arrays, 0 for an empty list, and warns for a missing path', async () => {
    const scenario = scenarioFromYaml(`
scenario: counts
steps:
  - request: { method: GET, url: /products }
    save: { all: count(body.items), none: count(body.nothing) }
  - request: { method: GET, url: /products?tag=no-such-tag }
    save: { empty: count(body.items) }
`);
    const { result } = await runScenarios([scenario], { baseUrl: server.url });
    const [first, second] = result.scenarios[0]!.steps;
    expect(first!.saved.all).toBeGreaterThan(0);
    expect(first!.saved).not.toHaveProperty('none');
    expect(first!.warnings.join('\n')).toContain('count(body.nothing)');
    expect(second!.saved).toEqual({ empty: 0 });
  });

  it('lists the available fields when an expected path is missing', async () => {
    const scenario = scenarioFromYaml(`
scenario: missing path
steps:
  - request: { method: GET, url: /health }
    expect: { body.sttus: ok }
`);
    const { result } = await runScenarios([scenario], { baseUrl: server.url });
    const assertion = result.scenarios[0]!.steps[0]!.assertions[0]!;
    expect(assertion.passed).toBe(false);
    expect(assertion.message).toContain('path not found');
    expect(assertion.available).toEqual(expect.arrayContaining(['status', 'service']));
  });

  it('fails a step over its timing budget, naming the budget and the latency', async () => {
    const scenario = scenarioFromYaml(`
scenario: slow
steps:
  - request: { method: GET, url: "/slow?ms=120" }
    timing: { max: 20ms }
    expect: { status: 200 }
`);
    const { result } = await runScenarios([scenario], { baseUrl: server.url });
    const step = result.scenarios[0]!.steps[0]!;
    expect(step.status).toBe('failed');
    expect(step.timing!.passed).toBe(false);
    expect(step.timing!.actualMs).toBeGreaterThanOrEqual(100);
    expect(step.timing!.maxMs).toBe(20);
    expect(step.error).toBeUndefined();
  });

  it('fails with a clear message when the server cannot be reached, and goes on', async () => {
    const closed = await startTestServer();
    const url = closed.url;
    await closed.close();
    const scenario = scenarioFromYaml(`
scenario: unreachable
steps:
  - request: { method: GET, url: "${url}/health" }
  - request: { method: GET, url: /health }
`);
    const { result } = await runScenarios([scenario], { baseUrl: server.url });
    const [first, second] = result.scenarios[0]!.steps;
    expect(first!.status).toBe('failed');
    expect(first!.error).toContain(url.replace('http://', ''));
    expect(second!.status).toBe('passed');
  });

  it('speaks HTTP/2 to an HTTPS server that offers it', async () => {
    const secure = await startTestServer({ http2: true });
    const http = createHttpClient({
      http2: true,
      insecure: false,
      ca: secure.certificate,
      userAgent: 'runner/test',
    });
    try {
      const scenario = scenarioFromYaml(`
scenario: h2
steps:
  - request: { method: GET, url: /health }
    expect: { status: 200, body.status: ok }
  - request: { method: POST, url: /echo, body: { a: 1 } }
    expect: { body.body.a: 1 }
`);
      const { result } = await runScenarios([scenario], { baseUrl: secure.url, http });
      expect(result.status).toBe('passed');
      expect(result.scenarios[0]!.steps.map((s) => s.response!.httpVersion)).toEqual(['2', '2']);
      expect(secure.requests.map((r) => r.httpVersion)).toEqual(['2.0', '2.0']);
    } finally {
      await http.close();
      await secure.close();
    }
  });

  it('compares a variable in `expect` as a value, never reading it as a matcher', async () => {
    const scenario = scenarioFromYaml(`
scenario: values stay values
steps:
  - set: { looksLikeMatcher: not empty, prefix: o }
  - request: { method: GET, url: /health }
    expect:
      body.status: $looksLikeMatcher
  - request: { method: GET, url: /health }
    expect:
      body.status: startsWith $prefix
      body.service: "runner-$looksLikeMatcher"
`);
    const { result } = await runScenarios([scenario], { baseUrl: server.url });
    const [, literal, matcher] = result.scenarios[0]!.steps;
    expect(literal!.status).toBe('failed');
    expect(literal!.assertions[0]!.message).toBe('body.status = "not empty" (expected), got "ok"');
    expect(matcher!.assertions.map((a) => a.passed)).toEqual([true, false]);
  });
});
