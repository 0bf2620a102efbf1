import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer, type DemoServer } from './server.js';

const SECRET = Buffer.from('test-secret');
const NOW = Date.parse('2025-06-01T12:00:00.000Z');
let clock = NOW;
let demo: DemoServer;

beforeAll(async () => {
  demo = await startDemoServer({ jwtSecret: SECRET, now: () => clock });
});
afterAll(async () => {
  await demo.close();
});

interface Reply {
  status: number;
  headers: Headers;
  json: unknown;
  text: string;
}

async function call(
  method: string,
  path: string,
  options: { body?: unknown; token?: string; headers?: Record<string, string> } = {},
): Promise<Reply> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token !== undefined) headers.authorization = `Bearer ${options.token}`;
  let body: string | undefined;
  if (typeof options.body === 'string') body = options.body;
  else if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['content-type'] = 'application/json';
  }
  const response = await fetch(`${demo.url}${path}`, { method, headers, body, redirect: 'manual' });
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, json, text };
}

async function login(): Promise<string> {
  const reply = await call('POST', '/auth/login', {
    body: { username: 'demo-admin', password: 'demo-password' },
  });
  const token = (reply.json as { token?: unknown }).token;
  if (typeof token !== 'string') throw new Error('login returned no token');
  return token;
}

function decodePart(part: string | undefined): unknown {
  return JSON.parse(Buffer.from(part ?? '', 'base64url').toString('utf8'));
}

describe('demo API', () => {
  it('listens on loopback, named localhost, and answers /health with a request id', async () => {
    expect(demo.url).toMatch(/^http:\/\/localhost:\d+$/);
    const reply = await call('GET', '/health');
    expect(reply.status).toBe(200);
    expect(reply.json).toMatchObject({ status: 'ok', service: 'runner-demo' });
    expect(reply.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(reply.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('returns the caller x-request-id, on errors too', async () => {
    const reply = await call('GET', '/nowhere', { headers: { 'x-request-id': 'trace-123' } });
    expect(reply.status).toBe(404);
    expect(reply.headers.get('x-request-id')).toBe('trace-123');
    expect(reply.json).toEqual({ error: 'no route for GET /nowhere' });
  });

  it('logs in with an HS256 JWT carrying sub, name, role, iat and exp', async () => {
    const reply = await call('POST', '/auth/login', {
      body: { username: 'demo-admin', password: 'demo-password' },
    });
    expect(reply.status).toBe(200);
    const { token, expiresIn } = reply.json as { token: string; expiresIn: number };
    expect(expiresIn).toBe(3600);
    const [header, payload, signature] = token.split('.');
    expect(decodePart(header)).toEqual({ alg: 'HS256', typ: 'JWT' });
    const iat = Math.floor(NOW / 1000);
    expect(decodePart(payload)).toEqual({
      sub: 'demo-admin',
      name: 'Demo Admin',
      role: 'admin',
      iat,
      exp: iat + 3600,
    });
    const expected = createHmac('sha256', SECRET).update(`${header}.${payload}`).digest('base64url');
    expect(signature).toBe(expected);
  });

  it('refuses a wrong password with 401 and a malformed login with 400', async () => {
    const wrong = await call('POST', '/auth/login', { body: { username: 'demo-admin', password: 'nope' } });
    expect([wrong.status, wrong.json]).toEqual([401, { error: 'invalid username or password' }]);
    const broken = await call('POST', '/auth/login', {
      body: '{"username":',
      headers: { 'content-type': 'application/json' },
    });
    expect(broken.status).toBe(400);
    expect((broken.json as { error: string }).error).toMatch(/^request body is not valid JSON/);
  });

  it('lists users with limit and role filters', async () => {
    const all = await call('GET', '/users');
    expect((all.json as { total: number }).total).toBe(5);
    const limited = await call('GET', '/users?limit=2');
    expect(limited.json).toMatchObject({ total: 5, items: [{ id: 1 }, { id: 2 }] });
    expect((limited.json as { items: unknown[] }).items).toHaveLength(2);
    const viewers = await call('GET', '/users?role=viewer');
    expect(viewers.json).toMatchObject({ total: 1, items: [{ name: 'Katherine Johnson', role: 'viewer' }] });
    expect((await call('GET', '/users?limit=0')).status).toBe(400);
  });

  it('reads one user, and says which one is missing', async () => {
    expect((await call('GET', '/users/2')).json).toMatchObject({ id: 2, email: 'grace@example.test' });
    const missing = await call('GET', '/users/42');
    expect([missing.status, missing.json]).toEqual([404, { error: 'user 42 not found' }]);
  });

  it('requires a bearer token to create users', async () => {
    const anonymous = await call('POST', '/users', { body: { name: 'Eve', email: 'eve@example.test' } });
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('www-authenticate')).toBe('Bearer');
    const forged = await call('POST', '/users', {
      body: { name: 'Eve', email: 'eve@example.test' },
      token: 'a.b.c',
    });
    expect(forged.status).toBe(401);
  });

  it('creates, replaces, patches and deletes a user', async () => {
    const token = await login();
    clock = NOW + 5000;
    const created = await call('POST', '/users', {
      body: { name: 'Barbara Liskov', email: 'barbara@example.test' },
      token,
    });
    expect(created.status).toBe(201);
    const user = created.json as { id: number };
    expect(created.json).toMatchObject({
      name: 'Barbara Liskov',
      role: 'user',
      createdAt: '2025-06-01T12:00:05.000Z',
    });
    expect(created.headers.get('location')).toBe(`/users/${user.id}`);

    const duplicate = await call('POST', '/users', {
      body: { name: 'B', email: 'barbara@example.test' },
      token,
    });
    expect(duplicate.status).toBe(409);
    const invalid = await call('POST', '/users', { body: { name: 'B', email: 'not-an-email' }, token });
    expect([invalid.status, invalid.json]).toEqual([400, { error: 'email must be an email address' }]);

    const replaced = await call('PUT', `/users/${user.id}`, {
      body: { name: 'B. Liskov', email: 'bl@example.test', role: 'viewer' },
      token,
    });
    expect(replaced.json).toMatchObject({
      id: user.id,
      name: 'B. Liskov',
      email: 'bl@example.test',
      role: 'viewer',
    });
    const patched = await call('PATCH', `/users/${user.id}`, { body: { role: 'admin' }, token });
    expect(patched.json).toMatchObject({ name: 'B. Liskov', role: 'admin' });
    expect((await call('PUT', `/users/${user.id}`, { body: { name: 'x' }, token })).status).toBe(400);

    const deleted = await call('DELETE', `/users/${user.id}`, { token });
    expect([deleted.status, deleted.text]).toEqual([204, '']);
    expect((await call('GET', `/users/${user.id}`)).status).toBe(404);
    expect((await call('DELETE', `/users/${user.id}`, { token })).status).toBe(404);
  });

  it('rejects an expired token', async () => {
    clock = NOW;
    const token = await login();
    clock = NOW + 3601 * 1000;
    const reply = await call('DELETE', '/users/3', { token });
    expect(reply.status).toBe(401);
    clock = NOW;
  });

  it('lists products with price, stock and tags, filtered by tag or stock', async () => {
    const all = await call('GET', '/products');
    const items = (all.json as { items: { price: unknown; stock: unknown; tags: unknown }[] }).items;
    expect(items).toHaveLength(6);
    for (const item of items) {
      expect(typeof item.price).toBe('number');
      expect(Number.isInteger(item.stock)).toBe(true);
      expect(Array.isArray(item.tags)).toBe(true);
    }
    expect((await call('GET', '/products?tag=book')).json).toMatchObject({ total: 1, items: [{ id: 106 }] });
    expect((await call('GET', '/products?inStock=false')).json).toMatchObject({
      total: 1,
      items: [{ stock: 0 }],
    });
    expect((await call('GET', '/products/101')).json).toMatchObject({ sku: 'KB-001' });
  });

  it('echoes method, path, query, headers and body for any method', async () => {
    const reply = await call('PATCH', '/echo/deep?x=1&x=2&y=z', {
      body: { a: [1] },
      headers: { 'x-custom': 'yes' },
    });
    expect(reply.json).toMatchObject({
      method: 'PATCH',
      path: '/echo/deep',
      query: { x: ['1', '2'], y: 'z' },
      headers: { 'x-custom': 'yes', 'content-type': 'application/json' },
      body: { a: [1] },
    });
    expect((await call('POST', '/echo', { body: 'plain text' })).json).toMatchObject({ body: 'plain text' });
    expect((await call('GET', '/echo')).json).toMatchObject({ method: 'GET', body: null });
  });

  it('answers 500 when an echo is nested too deep to serialise, instead of leaving the request hanging', async () => {
    const deep = '['.repeat(20_000) + ']'.repeat(20_000);
    const reply = await call('POST', '/echo', {
      body: deep,
      headers: { 'content-type': 'application/json' },
    });
    expect(reply.status).toBe(500);
    expect(reply.json).toMatchObject({ error: expect.stringMatching(/^cannot send the reply: /) });
  });

  it('answers with any status asked for', async () => {
    const teapot = await call('GET', '/status/418');
    expect([teapot.status, teapot.json]).toEqual([418, { status: 418, statusText: "I'm a Teapot" }]);
    expect((await call('GET', '/status/204')).status).toBe(204);
    expect((await call('GET', '/status/99')).status).toBe(400);
  });

  it('delays /slow by ms, capped at 5000', async () => {
    const started = performance.now();
    const reply = await call('GET', '/slow?ms=120');
    expect(performance.now() - started).toBeGreaterThanOrEqual(110);
    expect(reply.json).toEqual({ delayedMs: 120 });
    expect((await call('GET', '/slow?ms=abc')).status).toBe(400);
  });

  it('redirects to local paths only', async () => {
    const reply = await call('GET', '/redirect?to=/users/1');
    expect([reply.status, reply.headers.get('location')]).toEqual([302, '/users/1']);
    expect((await call('GET', '/redirect?to=/health&status=307')).status).toBe(307);
    expect((await call('GET', '/redirect?to=//evil.test')).status).toBe(400);
  });

  it('answers HEAD without a body and OPTIONS with the allowed methods', async () => {
    const head = await call('HEAD', '/users/1');
    expect([head.status, head.text]).toEqual([200, '']);
    expect(Number(head.headers.get('content-length'))).toBeGreaterThan(0);
    const options = await call('OPTIONS', '/users/1');
    expect(options.status).toBe(204);
    expect(options.headers.get('allow')).toBe('GET, PUT, PATCH, DELETE, HEAD, OPTIONS');
    expect(options.headers.get('x-request-id')).not.toBeNull();
  });

  it('refuses methods a path does not support, naming the allowed ones', async () => {
    const reply = await call('DELETE', '/health');
    expect(reply.status).toBe(405);
    expect(reply.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
    expect(reply.json).toEqual({ error: 'method DELETE is not allowed on /health' });
  });

  it('keeps data per server: a fresh server starts from the seed', async () => {
    const token = await login();
    await call('DELETE', '/users/5', { token });
    const other = await startDemoServer();
    try {
      const reply = await fetch(`${other.url}/users/5`);
      expect(reply.status).toBe(200);
    } finally {
      await other.close();
    }
  });
});
