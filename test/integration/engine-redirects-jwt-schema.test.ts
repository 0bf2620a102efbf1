import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpClient } from '../../src/http/index.js';
import { createSchemaStore } from '../../src/workspace/index.js';
import { runScenarios, scenarioFromYaml } from '../support/engine.js';
import { startTestServer, type TestServer } from '../support/testServer.js';

let demo: TestServer;
let other: TestServer;
beforeAll(async () => {
  demo = await startTestServer();
  other = await startTestServer();
});
afterAll(async () => {
  await demo.close();
  await other.close();
});

describe('redirects', () => {
  it('follows same-origin redirects and records each hop', async () => {
    const scenario = scenarioFromYaml(`
scenario: follow
steps:
  - request: { method: GET, url: "/redirect?to=/health" }
    expect: { status: 200, body.status: ok }
`);
    const { result } = await runScenarios([scenario], { baseUrl: demo.url });
    const step = result.scenarios[0]!.steps[0]!;
    expect(step.status).toBe('passed');
    expect(step.redirects).toEqual([
      { status: 302, from: `${demo.url}/redirect?to=/health`, to: `${demo.url}/health` },
    ]);
  });

  it('turns POST into GET on 303 and keeps the method and body on 307', async () => {
    const hop = await startTestServer({
      handler: (request, response) => {
        response.statusCode = Number(new URL(request.url ?? '/', 'http://x').searchParams.get('status'));
        response.setHeader('location', `${demo.url}/echo`);
        response.end();
      },
    });
    try {
      const scenario = scenarioFromYaml(`
scenario: methods
steps:
  - request: { method: POST, url: "/?status=303", body: { a: 1 } }
    expect: { body.method: GET }
  - request: { method: POST, url: "/?status=307", body: { a: 1 } }
    expect: { body.method: POST, body.body.a: 1 }
`);
      const { result } = await runScenarios([scenario], { baseUrl: hop.url });
      expect(result.scenarios[0]!.steps.map((s) => s.status)).toEqual(['passed', 'passed']);
    } finally {
      await hop.close();
    }
  });

  it('leaves credentials behind on a hop to another origin', async () => {
    const hop = await startTestServer({
      handler: (_request, response) => {
        response.statusCode = 302;
        response.setHeader('location', `${other.url}/echo`);
        response.end();
      },
    });
    try {
      const scenario = scenarioFromYaml(`
scenario: cross origin
steps:
  - request:
      method: GET
      url: /start
      headers: { Authorization: Bearer top-secret-token, X-Api-Key: k-123456, X-Note: "for $accounts.svc.key", X-Plain: hello }
    expect: { status: 200 }
`);
      const before = other.requests.length;
      const { result } = await runScenarios([scenario], {
        baseUrl: hop.url,
        accounts: { svc: { key: 'svc-secret-value' } },
      });
      expect(result.status).toBe('passed');
      const arrived = other.requests[before]!;
      expect(arrived.headers['x-plain']).toBe('hello');
      expect(arrived.headers.authorization).toBeUndefined();
      expect(arrived.headers['x-api-key']).toBeUndefined();
      expect(arrived.headers['x-note']).toBeUndefined();
      expect(hop.requests[0]!.headers.authorization).toBe('Bearer top-secret-token');
    } finally {
      await hop.close();
    }
  });

  it('refuses to re-send a body carrying credentials to another origin, and drops credential-like headers', async () => {
    const hop = await startTestServer({
      handler: (request, response) => {
        response.statusCode = 307;
        response.setHeader('location', `${other.url}/echo${request.url === '/plain' ? '?plain=1' : ''}`);
        response.end();
      },
    });
    try {
      const scenario = scenarioFromYaml(`
scenario: bodies across origins
steps:
  - request: { method: POST, url: /login, body: { password: $accounts.svc.key } }
  - request: { method: POST, url: /plain, body: { note: hello }, headers: { X-Auth-Token: abc123, X-Trace: t1 } }
    expect: { body.body.note: hello }
`);
      const before = other.requests.length;
      const { result } = await runScenarios([scenario], {
        baseUrl: hop.url,
        accounts: { svc: { key: 'svc-secret-value' } },
      });
      const [secret, plain] = result.scenarios[0]!.steps;
      expect(secret!.status).toBe('failed');
      expect(secret!.error).toMatch(
        /^not following the 307 redirect to http:\/\/localhost:\d+: it would send the request body/,
      );
      expect(secret!.redirects).toHaveLength(1);
      expect(plain!.status).toBe('passed');
      const arrived = other.requests.slice(before);
      expect(arrived).toHaveLength(1);
      expect(arrived[0]!.headers['x-auth-token']).toBeUndefined();
      expect(arrived[0]!.headers['x-trace']).toBe('t1');
    } finally {
      await hop.close();
    }
  });

  it('keeps the hops of a redirect the sandbox blocks, and names the hop in the error', async () => {
    const hop = await startTestServer({
      handler: (_request, response) => {
        response.statusCode = 302;
        response.setHeader('location', `http://localhost:${new URL(other.url).port}/echo`);
        response.end();
      },
    });
    const http = createHttpClient({
      http2: false,
      insecure: false,
      userAgent: 'runner/test',
      sandbox: {
        enabled: true,
        allowedDomains: ['127.0.0.1'],
        blockedDomains: [],
        blockPrivateSubnets: false,
      },
    });
    try {
      const before = other.requests.length;
      const scenario = scenarioFromYaml(
        `scenario: blocked hop\nsteps:\n  - request: { method: GET, url: /start }\n`,
      );
      // The first hop by address (allowed), the redirect by name (not on the allow-list).
      const baseUrl = `http://127.0.0.1:${new URL(hop.url).port}`;
      const { result } = await runScenarios([scenario], { baseUrl, http });
      const step = result.scenarios[0]!.steps[0]!;
      expect(step.status).toBe('failed');
      expect(step.redirects).toHaveLength(1);
      expect(step.error).toMatch(
        /^following the redirect to http:\/\/localhost:\d+\/echo: blocked by sandbox/,
      );
      expect(other.requests.length).toBe(before);
    } finally {
      await http.close();
      await hop.close();
    }
  });

  it('fails past http.maxRedirects, and with 0 leaves the 3xx as the response', async () => {
    const loop = await startTestServer({
      handler: (request, response) => {
        response.statusCode = 302;
        response.setHeader('location', `/loop${(request.url ?? '').length}`);
        response.end();
      },
    });
    try {
      const scenario = scenarioFromYaml(`scenario: loop\nsteps:\n  - request: { method: GET, url: /loop }\n`);
      const limited = await runScenarios([scenario], { baseUrl: loop.url, maxRedirects: 3 });
      const step = limited.result.scenarios[0]!.steps[0]!;
      expect(step.status).toBe('failed');
      expect(step.error).toMatch(/^more than 3 redirects \(http\.maxRedirects\)/);
      expect(loop.requests).toHaveLength(4);

      const none = await runScenarios(
        [
          scenarioFromYaml(
            `scenario: stay\nsteps:\n  - request: { method: GET, url: /x }\n    expect: { status: 302 }\n`,
          ),
        ],
        {
          baseUrl: loop.url,
          maxRedirects: 0,
        },
      );
      expect(none.result.status).toBe('passed');
    } finally {
      await loop.close();
    }
  });
});

describe('JWT claims', () => {
  it('reads claims of the token in the response, in expect and save', async () => {
    const scenario = scenarioFromYaml(`
scenario: jwt
steps:
  - request:
      method: POST
      url: /auth/login
      body: { username: $accounts.admin.username, password: $accounts.admin.password }
    expect: { jwt.role: admin, jwt.exp: integer, jwt.sub: exists }
    save: { role: jwt.role }
`);
    const { result } = await runScenarios([scenario], {
      baseUrl: demo.url,
      accounts: { admin: { username: 'demo-admin', password: 'demo-password' } },
    });
    const step = result.scenarios[0]!.steps[0]!;
    expect(step.assertions.map((a) => a.passed)).toEqual([true, true, true]);
    expect(step.saved).toEqual({ role: 'admin' });
  });

  it('says where it looked when there is no JWT', async () => {
    const scenario = scenarioFromYaml(
      `scenario: none\nsteps:\n  - request: { method: GET, url: /health }\n    expect: { jwt.sub: exists }\n`,
    );
    const { result } = await runScenarios([scenario], { baseUrl: demo.url });
    const assertion = result.scenarios[0]!.steps[0]!.assertions[0]!;
    expect(assertion.passed).toBe(false);
    expect(assertion.message).toContain('body.token');
  });
});

describe('schema', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'runner-schemas-'));
    await mkdir(join(dir, 'catalog'));
    await writeFile(
      join(dir, 'catalog/product.yaml'),
      'type: object\nrequired: [id, sku, price]\nproperties:\n  id: { type: integer }\n  sku: { type: string, pattern: "^[A-Z]{2}-[0-9]{3}$" }\n  price: { type: number, minimum: 0 }\n',
    );
    await writeFile(join(dir, 'health.yaml'), 'type: object\nrequired: [status, version]\n');
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('validates the whole body against a named schema and lists each violation', async () => {
    const scenario = scenarioFromYaml(`
scenario: schemas
steps:
  - request: { method: GET, url: /products/101 }
    expect: { schema: catalog/product }
  - request: { method: GET, url: /health }
    expect: { status: 200, schema: health }
`);
    const { result } = await runScenarios([scenario], {
      baseUrl: demo.url,
      schemas: createSchemaStore(dir, dir),
    });
    const [product, health] = result.scenarios[0]!.steps;
    expect(product!.status).toBe('passed');
    expect(health!.status).toBe('failed');
    const failed = health!.assertions.find((a) => a.path === 'schema')!;
    expect(failed.message).toContain("must have required property 'version'");
  });
});
