// Issue 12: what goes over the wire and comes back, through the built CLI against real loopback servers
// reached by name: compressed answers decoded (and a compression bomb stopped at the cap, fast), pinned
// hosts, Basic authorization from URL credentials that never show, HTTP/1.0 reported as such, cookies.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createSecureServer } from 'node:http2';
import { createServer as createTcpServer, type AddressInfo, type Server as TcpServer } from 'node:net';
import { brotliCompressSync, deflateRawSync, deflateSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.js';
import { selfSignedCertificate } from '../support/selfSignedCertificate.js';
import { fileWorkspace, type FileWorkspace } from '../support/workspaceFiles.js';

const PASSWORD = `Url-Pw-${Math.random().toString(36).slice(2)}`;
const SESSION = `sess-${Math.random().toString(36).slice(2)}`;
let api: Server;
let legacy: TcpServer;
let port: number;
let legacyPort: number;
let bomb: Buffer;
const acceptEncodings: (string | undefined)[] = [];

function json(
  response: ServerResponse,
  value: unknown,
  encoding?: 'gzip' | 'deflate' | 'deflate-raw' | 'br',
) {
  const text = Buffer.from(JSON.stringify(value));
  response.setHeader('content-type', 'application/json');
  if (encoding === undefined) return void response.end(text);
  const coded =
    encoding === 'gzip'
      ? gzipSync(text)
      : encoding === 'deflate'
        ? deflateSync(text)
        : encoding === 'deflate-raw'
          ? deflateRawSync(text)
          : brotliCompressSync(text);
  response.setHeader('content-encoding', encoding === 'deflate-raw' ? 'deflate' : encoding);
  response.end(coded);
}

function handle(request: IncomingMessage, response: ServerResponse): void {
  const path = new URL(request.url ?? '/', 'http://x').pathname;
  const greeting = { message: 'hello', padding: 'x'.repeat(2000) };
  switch (path) {
    case '/gzip':
    case '/deflate':
    case '/deflate-raw':
    case '/br':
      acceptEncodings.push(request.headers['accept-encoding']);
      return json(response, greeting, path.slice(1) as 'gzip');
    case '/bomb':
      response.writeHead(200, { 'content-type': 'text/plain', 'content-encoding': 'gzip' });
      return void response.end(bomb);
    case '/auth':
      return json(response, { authorization: request.headers.authorization ?? null });
    case '/login':
      response.setHeader('set-cookie', [
        `session=${SESSION}; Path=/; HttpOnly; Secure; SameSite=Lax`,
        'theme=dark; Path=/; Max-Age=3600',
      ]);
      return json(response, { ok: true });
    case '/redirect-login':
      response.writeHead(302, { location: '/me', 'set-cookie': 'flow=redirected; Path=/' });
      return void response.end();
    case '/me':
      return json(response, { cookie: request.headers.cookie ?? null });
    default:
      response.writeHead(404).end();
  }
}

beforeAll(async () => {
  // 15 gzip members of 64 MiB of zeros: under 1 MiB on the wire, 960 MiB decoded.
  const member = gzipSync(Buffer.alloc(64 * 1024 * 1024));
  bomb = Buffer.concat(Array.from({ length: 15 }, () => member));
  api = createServer(handle);
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
  port = (api.address() as AddressInfo).port;
  // A server from another era: HTTP/1.0 status line, no length, the body ends when the connection does.
  legacy = createTcpServer((socket) => {
    socket.once('data', () => {
      socket.end('HTTP/1.0 200 OK\r\nContent-Type: application/json\r\n\r\n{"old":true}');
    });
  });
  await new Promise<void>((resolve) => legacy.listen(0, '127.0.0.1', resolve));
  legacyPort = (legacy.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise((resolve) => api.close(resolve));
  await new Promise((resolve) => legacy.close(resolve));
});

async function workspaceWith(tests: Record<string, string>, http = ''): Promise<FileWorkspace> {
  const files: Record<string, string> = {
    '.runner/config.yaml': http === '' ? '' : `http:\n${http}`,
    '.runner/environments/local.yaml': `baseUrl: http://localhost:${port}\n`,
    '.runner/environments/nocookies.yaml': `baseUrl: http://localhost:${port}\nhttp: { cookies: false }\n`,
    '.runner/credentials/local.yaml': `api: { password: "${PASSWORD}" }\n`,
  };
  for (const [name, yaml] of Object.entries(tests)) files[`.runner/tests/${name}`] = yaml;
  return fileWorkspace(files);
}

describe('compressed answers', () => {
  it('asks for gzip, deflate and br and decodes each before checks and reports', async () => {
    const ws = await workspaceWith({
      'compressed.yaml': `scenario: compressed
steps:
${['gzip', 'deflate', 'deflate-raw', 'br']
  .map(
    (coding) => `  - name: ${coding}
    request: { method: GET, url: /${coding} }
    expect: { status: 200, body.message: hello }`,
  )
  .join('\n')}
`,
    });
    try {
      const run = await runCli(['run', '--report', 'json,html'], { cwd: ws.dir });
      expect(run.stdout).toContain('4 passed');
      expect(run.code).toBe(0);
      expect(acceptEncodings.slice(-4)).toEqual(Array(4).fill('gzip, deflate, br'));
      const reports = await ws.latestReports();
      expect(reports['report.html']).toMatch(/HTTP\/1\.1 · 2\.0 KiB \(gzip, \d+ B on the wire\)/);
      const decoded = JSON.stringify({ message: 'hello', padding: 'x'.repeat(2000) }).length;
      const report = JSON.parse(reports['report.json'] ?? '{}') as {
        steps: { response: { encoding?: string; sizeBytes: number; encodedSizeBytes?: number } }[];
      };
      expect(report.steps.map((step) => step.response.encoding)).toEqual([
        'gzip',
        'deflate',
        'deflate',
        'br',
      ]);
      for (const step of report.steps) {
        expect(step.response.sizeBytes).toBe(decoded);
        expect(step.response.encodedSizeBytes).toBeLessThan(200);
      }
    } finally {
      await ws.cleanup();
    }
  });

  it('sends nothing and decodes nothing with http.compressed: false', async () => {
    const ws = await workspaceWith(
      {
        'plain.yaml': `scenario: plain
steps:
  - request: { method: GET, url: /gzip }
    expect: { status: 200, headers.content-encoding: gzip }
`,
      },
      '  compressed: false\n',
    );
    try {
      const run = await runCli(['run'], { cwd: ws.dir });
      expect(run.code).toBe(0);
      expect(acceptEncodings.at(-1)).toBeUndefined();
    } finally {
      await ws.cleanup();
    }
  });

  it('stops a 1 MB gzip bomb at maxResponseBytes: 1 MiB in well under a second', async () => {
    const ws = await workspaceWith(
      {
        'bomb.yaml': `scenario: bomb
steps:
  - request: { method: GET, url: /bomb }
    expect: { status: 200 }
`,
      },
      '  maxResponseBytes: 1048576\n',
    );
    try {
      expect(bomb.byteLength).toBeLessThan(1048576);
      const run = await runCli(['run', '--report', 'json'], { cwd: ws.dir });
      expect(run.code).toBe(1);
      expect(run.stdout).toContain('response body exceeds 1 MiB (http.maxResponseBytes)');
      const report = JSON.parse((await ws.latestReports())['report.json'] ?? '{}') as {
        steps: { duration: number }[];
      };
      expect(report.steps[0]?.duration).toBeLessThan(1000);
    } finally {
      await ws.cleanup();
    }
  });
});

describe('pinned hosts', () => {
  it('dials http.resolve and --resolve pins while the request keeps its host name', async () => {
    const ws = await workspaceWith(
      {
        'pinned.yaml': `scenario: pinned
steps:
  - request: { method: GET, url: "http://config.example.test:${port}/auth" }
    expect: { status: 200 }
  - request: { method: GET, url: "http://flag.example.test:${port}/auth" }
    expect: { status: 200 }
`,
      },
      `  resolve: { "config.example.test:${port}": 127.0.0.1, "flag.example.test:${port}": 192.0.2.1 }\n`,
    );
    try {
      // The flag wins over the file, whose address would never answer.
      const run = await runCli(['run', '--resolve', `flag.example.test:${port}:127.0.0.1`], { cwd: ws.dir });
      expect(run.stdout).toContain('2 passed');
      expect(run.code).toBe(0);
      const bad = await runCli(['run', '--resolve', 'flag.example.test:127.0.0.1'], { cwd: ws.dir });
      expect(bad.code).toBe(2);
      expect(bad.stderr).toContain(
        'invalid --resolve: `flag.example.test:127.0.0.1` is not host:port:address',
      );
    } finally {
      await ws.cleanup();
    }
  });

  it('lets the sandbox judge the pinned address as well as the name', async () => {
    const ws = await workspaceWith({
      'pinned.yaml': `scenario: pinned
steps:
  - request: { method: GET, url: "http://public.example.test:${port}/auth" }
    expect: { status: 200 }
`,
    });
    try {
      await ws.write(
        '.runner/config.yaml',
        'security:\n  sandboxing: { enabled: true, blockPrivateSubnets: true }\n',
      );
      const run = await runCli(['run', '--resolve', `public.example.test:${port}:127.0.0.1`], {
        cwd: ws.dir,
      });
      expect(run.code).toBe(1);
      expect(run.stdout).toContain('blocked by sandbox: host `public.example.test` resolves to 127.0.0.1');
    } finally {
      await ws.cleanup();
    }
  });
});

describe('credentials in URLs', () => {
  it('sends Basic authorization and never shows the password', async () => {
    const ws = await workspaceWith({
      'basic.yaml': `scenario: basic
steps:
  - name: literal
    request: { method: GET, url: "http://tester:${PASSWORD}@localhost:${port}/auth" }
    expect: { status: 200, body.authorization: "Basic ${Buffer.from(`tester:${PASSWORD}`).toString('base64')}" }
  - request: { method: GET, url: "http://tester:$accounts.api.password@localhost:${port}/auth" }
    expect: { status: 201 }
`,
    });
    try {
      const run = await runCli(['run', '--report', 'json,html,junit', '--verbose'], { cwd: ws.dir });
      // The second step fails on purpose: failure output and the failure snapshot are outputs too.
      expect(run.stdout).toContain('1 passed, 1 failed');
      expect(run.stdout).toContain(`GET http://tester:[MASKED]@localhost:${port}/auth`);
      const validate = await runCli(['validate'], { cwd: ws.dir });
      expect(validate.stdout + validate.stderr).toContain('the URL holds a literal password');
      const curl = await runCli(['convert', '--to', 'curl', 'basic.yaml'], { cwd: ws.dir });
      expect(curl.stdout).toContain(`'http://tester:[MASKED]@localhost:${port}/auth'`);
      const snapshots = await runCli(['run'], { cwd: ws.dir });
      const outputs = [
        run.stdout,
        run.stderr,
        validate.stdout,
        validate.stderr,
        curl.stdout,
        curl.stderr,
        snapshots.stdout,
        ...Object.values(await ws.latestReports()),
        ...(await readSnapshots(ws)),
      ];
      expect(outputs.length).toBeGreaterThan(9);
      for (const text of outputs) {
        expect(text).not.toContain(PASSWORD);
        expect(text).not.toContain(Buffer.from(`tester:${PASSWORD}`).toString('base64'));
      }
    } finally {
      await ws.cleanup();
    }
  });
});

async function readSnapshots(ws: FileWorkspace): Promise<string[]> {
  const { readdir, readFile } = await import('node:fs/promises');
  const dir = `${ws.dir}/.runner/reports/failures`;
  const names = await readdir(dir);
  expect(names.length).toBeGreaterThan(0);
  return Promise.all(names.map((name) => readFile(`${dir}/${name}`, 'utf8')));
}

describe('HTTP versions', () => {
  it('reports a server that answers HTTP/1.0 as 1.0', async () => {
    const ws = await workspaceWith({
      'legacy.yaml': `scenario: legacy
steps:
  - request: { method: GET, url: "http://localhost:${legacyPort}/" }
    expect: { status: 200, body.old: true }
`,
    });
    try {
      const run = await runCli(['run', '--report', 'json', '--verbose'], { cwd: ws.dir });
      expect(run.code).toBe(0);
      expect(run.stdout).toContain('(HTTP/1.0, 12 bytes)');
      const report = JSON.parse((await ws.latestReports())['report.json'] ?? '{}') as {
        steps: { response: { httpVersion: string } }[];
      };
      expect(report.steps[0]?.response.httpVersion).toBe('1.0');
    } finally {
      await ws.cleanup();
    }
  });

  it('says plainly when the server requires HTTP/2 and http.http2 is off', async () => {
    const h2Only = createSecureServer({ ...(await selfSignedCertificate()), allowHTTP1: false }, (_q, r) =>
      r.end('{}'),
    );
    await new Promise<void>((resolve) => h2Only.listen(0, '127.0.0.1', resolve));
    const h2Port = (h2Only.address() as AddressInfo).port;
    const ws = await workspaceWith(
      {
        'h2.yaml': `scenario: h2 only
steps:
  - request: { method: GET, url: "https://localhost:${h2Port}/" }
    expect: { status: 200 }
`,
      },
      '  http2: false\n  insecure: true\n',
    );
    try {
      const run = await runCli(['run'], { cwd: ws.dir });
      expect(run.code).toBe(1);
      expect(run.stdout).toContain(
        `TLS handshake with localhost:${h2Port} failed: the server speaks only HTTP/2, and HTTP/2 was not offered`,
      );
    } finally {
      await ws.cleanup();
      await new Promise((resolve) => h2Only.close(resolve));
    }
  });
});

describe('cookies', () => {
  const login = `  - name: log in
    request: { method: GET, url: /login }
    expect: { status: 200 }
`;

  it('keeps cookies per scenario execution, across redirects and use fragments, and masks secret ones', async () => {
    const ws = await workspaceWith({
      '_login.yaml': `scenario: shared login\nsteps:\n${login}`,
      'cookies.yaml': `scenario: cookies
steps:
  - use: _login.yaml
  - name: sent back
    request: { method: GET, url: /me }
    expect:
      status: 200
      body.cookie: "regex ^session=[^;]+; theme=dark$"
      cookies.theme: dark
      cookies.theme.maxAge: 3600
      cookies.theme.expires: 'regex ^\\d{4}-\\d\\d-\\d\\dT'
      cookies.session.httpOnly: true
      cookies.session.secure: true
      cookies.session.sameSite: lax
      cookies.session.path: /
      cookies.session.domain: localhost
    save: { sessionValue: cookies.session }
  - name: own cookie header wins
    request: { method: GET, url: /me, headers: { Cookie: only=mine } }
    expect: { status: 200, body.cookie: only=mine }
  - name: set on a redirect
    request: { method: GET, url: /redirect-login }
    expect: { status: 200, body.cookie: contains flow=redirected }
`,
      'fresh.yaml': `scenario: a fresh jar
steps:
  - request: { method: GET, url: /me }
    expect: { status: 200, body.cookie: null }
`,
    });
    try {
      const run = await runCli(['run', '--report', 'json,html,junit', '--verbose'], { cwd: ws.dir });
      expect(run.stderr).toBe('');
      expect(run.stdout).toContain('5 passed');
      expect(run.code).toBe(0);
      for (const text of [run.stdout, run.stderr, ...Object.values(await ws.latestReports())]) {
        expect(text).not.toContain(SESSION);
      }
      const off = await runCli(['run', 'cookies.yaml', '--env', 'nocookies'], { cwd: ws.dir });
      expect(off.code).toBe(1);
      expect(off.stdout).toContain('✗ sent back');
    } finally {
      await ws.cleanup();
    }
  });
});
