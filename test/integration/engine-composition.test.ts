import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runScenarios, scenarioFromYaml } from '../support/engine.js';
import { startTestServer, type TestServer } from '../support/testServer.js';

let server: TestServer;
beforeAll(async () => (server = await startTestServer()));
afterAll(() => server.close());

const accounts = { admin: { username: 'demo-admin', password: 'demo-password' } };

describe('for_each', () => {
  it('runs the nested steps once per item, labelled for_each N/M, keeps saves and restores the alias', async () => {
    const scenario = scenarioFromYaml(`
scenario: loop
steps:
  - request: { method: GET, url: /products }
    save: { products: body.items }
  - set: { product: untouched }
  - for_each:
      from: $products
      as: product
      steps:
        - request: { method: GET, url: "/products/$product.id" }
          expect: { body.sku: $product.sku }
          save: { lastSku: body.sku }
  - request: { method: POST, url: /echo, body: { product: $product, last: $lastSku } }
`);
    const before = server.requests.length;
    const { result } = await runScenarios([scenario], { baseUrl: server.url });
    const loop = result.scenarios[0]!.steps[2]!;
    expect(loop.status).toBe('passed');
    const count = loop.children!.length;
    expect(count).toBeGreaterThan(1);
    expect([...loop.children!].map((pass) => pass.label)).toEqual(
      Array.from({ length: count }, (_, i) => `for_each ${i + 1}/${count}`),
    );
    expect(
      server.requests.slice(before + 1, before + 1 + count).every((r) => r.url.startsWith('/products/')),
    ).toBe(true);
    const echoed = JSON.parse(server.requests.at(-1)!.body) as { product: string; last: string };
    expect(echoed.product).toBe('untouched');
    expect(echoed.last).toMatch(/^[A-Z]{2}-\d{3}$/);
  });

  it('passes on an empty list without running anything, and fails on a missing or non-array source', async () => {
    const scenario = scenarioFromYaml(`
scenario: sources
steps:
  - set: { text: hello }
  - request: { method: GET, url: /products?tag=none }
    save: { none: body.items }
  - for_each: { from: $none, steps: [{ request: { method: GET, url: /never } }] }
  - for_each: { from: $text, steps: [{ request: { method: GET, url: /never } }] }
`);
    const before = server.requests.length;
    const { result } = await runScenarios([scenario], { baseUrl: server.url });
    const [, , empty, text] = result.scenarios[0]!.steps;
    expect(empty!.status).toBe('passed');
    expect(empty!.children).toEqual([]);
    expect(text!.status).toBe('failed');
    expect(text!.error).toBe('for_each: `$text` is a string, not an array');
    expect(server.requests.slice(before).map((r) => r.url)).toEqual(['/products?tag=none']);
  });

  it('stops at the first failing nested step', async () => {
    const scenario = scenarioFromYaml(`
scenario: stops
steps:
  - set: { ids: "$int(0)" }
  - request: { method: POST, url: /echo, body: [101, 999, 102] }
    save: { ids: body.body }
  - for_each:
      from: $ids
      as: id
      steps:
        - request: { method: GET, url: /products/$id }
          expect: { status: 200 }
        - request: { method: GET, url: /health?after=$id }
`);
    const before = server.requests.length;
    const { result } = await runScenarios([scenario], { baseUrl: server.url });
    const loop = result.scenarios[0]!.steps[2]!;
    expect(loop.status).toBe('failed');
    expect([...loop.children!].map((p) => p.status)).toEqual(['passed', 'failed']);
    expect([...[...loop.children!][1]!.children!].map((s) => s.status)).toEqual(['failed', 'skipped']);
    expect(server.requests.slice(before + 1).map((r) => r.url)).toEqual([
      '/products/101',
      '/health?after=101',
      '/products/999',
    ]);
  });
});

describe('repeat', () => {
  it('runs passes until the condition holds, labelled repeat N/M, with variables from the last pass', async () => {
    let calls = 0;
    const counter = await startTestServer({
      handler: (_request, response) => {
        calls++;
        response.setHeader('content-type', 'application/json');
        response.end(JSON.stringify({ n: calls }));
      },
    });
    try {
      const scenario = scenarioFromYaml(`
scenario: repeat
steps:
  - repeat:
      attempts: 5
      until: $n >= 3
      steps:
        - request: { method: GET, url: /counter }
          save: { n: body.n }
`);
      const { result } = await runScenarios([scenario], { baseUrl: counter.url });
      const loop = result.scenarios[0]!.steps[0]!;
      expect(loop.status).toBe('passed');
      expect([...loop.children!].map((p) => p.label)).toEqual(['repeat 1/5', 'repeat 2/5', 'repeat 3/5']);
      expect(calls).toBe(3);
    } finally {
      await counter.close();
    }
  });

  it('fails when the condition is still false after the last pass', async () => {
    const scenario = scenarioFromYaml(`
scenario: never
steps:
  - set: { done: "false" }
  - repeat:
      attempts: 3
      until: $done == true
      steps:
        - request: { method: GET, url: /health }
`);
    const { result } = await runScenarios([scenario], { baseUrl: server.url });
    const loop = result.scenarios[0]!.steps[1]!;
    expect(loop.status).toBe('failed');
    expect([...loop.children!].map((p) => p.label)).toEqual(['repeat 1/3', 'repeat 2/3', 'repeat 3/3']);
    expect(loop.error).toBe('until `$done == true` was still false after 3 passes');
  });
});

describe('use', () => {
  const login = scenarioFromYaml(
    `
scenario: log in
steps:
  - request:
      method: POST
      url: /auth/login
      body: { username: $user, password: $accounts.admin.password }
    expect: { status: 200 }
    save: { token: body.token }
`,
    { file: '_login.yaml', path: '/virtual/_login.yaml', fragment: true },
  );

  it('runs another scenario inline with `with` overrides restored afterwards; its saves stay', async () => {
    const main = scenarioFromYaml(
      `
scenario: main
steps:
  - set: { user: nobody }
  - use: _login.yaml
    with: { user: $accounts.admin.username }
  - request: { method: POST, url: /echo, body: { user: $user }, headers: { Authorization: "Bearer $token" } }
    expect: { body.body.user: nobody }
`,
      { path: '/virtual/main.yaml' },
    );
    const { result } = await runScenarios([main], {
      baseUrl: server.url,
      accounts,
      files: { '/virtual/_login.yaml': login },
    });
    const [, use, echo] = result.scenarios[0]!.steps;
    expect(use!.status).toBe('passed');
    expect([...use!.children!].map((s) => s.status)).toEqual(['passed']);
    expect(echo!.status).toBe('passed');
    expect(server.requests.at(-1)!.headers.authorization).toMatch(/^Bearer eyJ/);
  });

  it('refuses a cycle instead of running forever', async () => {
    const a = scenarioFromYaml(`scenario: a\nsteps:\n  - use: b.yaml\n`, { path: '/virtual/a.yaml' });
    const b = scenarioFromYaml(`scenario: b\nsteps:\n  - use: a.yaml\n`, {
      file: 'b.yaml',
      path: '/virtual/b.yaml',
      fragment: true,
    });
    const { result } = await runScenarios([a], {
      baseUrl: server.url,
      files: { '/virtual/a.yaml': a, '/virtual/b.yaml': b },
    });
    const use = result.scenarios[0]!.steps[0]!;
    expect(use.status).toBe('failed');
    expect([...use.children!][0]!.error).toBe('use cycle: a.yaml → b.yaml → a.yaml');
  });
});
