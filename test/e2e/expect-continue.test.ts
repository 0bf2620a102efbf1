// Issue 29: a step may send `Expect: 100-continue` (DECISIONS, "Finer points (wave 3)"). As curl does, the
// head goes first and the body follows the server's `100 Continue`, or one second without an answer; a final
// answer that comes first is the response. Real loopback servers reached as `localhost`: one that answers
// 100 Continue, one that never does, and the same request through a forwarding proxy.
import { createServer, type Server } from 'node:http';
import { createServer as createTcpServer, type AddressInfo, type Server as TcpServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.js';
import { startForwardProxy, type ForwardProxy } from '../support/forwardProxy.js';
import { startTestServer, type TestServer } from '../support/testServer.js';
import { fileWorkspace, type FileWorkspace } from '../support/workspaceFiles.js';

/** When each part of one exchange happened at a server, in ms since its head arrived. */
interface Timeline {
  path: string;
  expect?: string;
  contentLength?: string;
  /** The server answered `100 Continue` (or refused) this long after the head. */
  answeredAt?: number;
  bodyAt?: number;
  body: string;
}

let polite: Server;
let silent: TcpServer;
let proxy: ForwardProxy;
let secure: TestServer;
let workspace: FileWorkspace;
const politeSeen: Timeline[] = [];
const silentSeen: Timeline[] = [];

const port = (server: Server | TcpServer) => (server.address() as AddressInfo).port;

beforeAll(async () => {
  polite = createServer((request, response) => {
    const seen = politeSeen.find((entry) => entry.path === request.url && entry.bodyAt === undefined);
    const started = Date.now() - (seen?.answeredAt ?? 0);
    request.on('data', (chunk: Buffer) => {
      if (seen === undefined) return;
      seen.bodyAt ??= Date.now() - started;
      seen.body += chunk.toString();
    });
    request.on('end', () => response.end(JSON.stringify({ path: request.url })));
  });
  // Node calls this instead of 'request' when the head carries `Expect: 100-continue`.
  polite.on('checkContinue', (request, response) => {
    const seen: Timeline = {
      path: request.url ?? '',
      expect: request.headers.expect,
      contentLength: request.headers['content-length'],
      answeredAt: 0,
      body: '',
    };
    politeSeen.push(seen);
    if (request.url === '/refuse') {
      response.writeHead(417, { 'content-type': 'text/plain' });
      return void response.end('not that');
    }
    response.writeContinue();
    polite.emit('request', request, response);
  });
  // Reads the head and waits for the body, never saying 100 Continue.
  silent = createTcpServer((socket) => {
    let received = '';
    let headAt = 0;
    socket.on('data', (chunk: Buffer) => {
      headAt ||= Date.now();
      received += chunk.toString('latin1');
      const end = received.indexOf('\r\n\r\n');
      const length = Number(/^content-length:\s*(\d+)/im.exec(received)?.[1] ?? 0);
      if (end < 0 || received.length < end + 4 + length) return;
      silentSeen.push({
        path: received.split(' ')[1] ?? '',
        expect: /^expect:\s*(.*)$/im.exec(received)?.[1]?.trim(),
        bodyAt: Date.now() - headAt,
        body: received.slice(end + 4),
      });
      socket.end('HTTP/1.1 200 OK\r\ncontent-length: 2\r\nconnection: close\r\n\r\nok');
    });
  });
  await new Promise<void>((resolve) => polite.listen(0, '127.0.0.1', resolve));
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  proxy = await startForwardProxy();
  // HTTPS offering HTTP/2: an Expect request still goes over HTTP/1.1, trusting the run's caFile.
  secure = await startTestServer({
    http2: true,
    handler: (request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => response.end(JSON.stringify({ version: request.httpVersion, body })));
    },
  });
  const upload = (url: string, body: string) => `    request:
      method: POST
      url: ${url}
      headers: { Expect: 100-continue }
      body: ${body}
`;
  workspace = await fileWorkspace({
    '.runner/config.yaml': '',
    '.runner/environments/local.yaml': `baseUrl: http://localhost:${port(polite)}\n`,
    '.runner/tests/continue.yaml': `scenario: expect 100-continue
steps:
  - name: answered
${upload('/upload', '{ file: contents }')}    expect: { status: 200, body.path: /upload }
  - name: never answered
${upload(`http://localhost:${port(silent)}/upload`, 'waited for')}    expect: { status: 200, body: ok }
  - name: refused
${upload('/refuse', 'never sent')}    expect: { status: 417, body: not that }
`,
    'certs/server.pem': secure.certificate!,
    '.runner/tests/secure.yaml': `scenario: expect over https
steps:
  - name: secure
${upload(`${secure.url}/secure`, 'over tls')}    expect: { status: 200, httpVersion: "1.1", body.version: "1.1", body.body: over tls }
`,
    '.runner/tests/proxied.yaml': `scenario: expect through a proxy
steps:
  - name: proxied
${upload('/proxied', 'through the proxy')}    expect: { status: 200, body.path: /proxied }
`,
  });
});

afterAll(async () => {
  await workspace.cleanup();
  await proxy.close();
  await secure.close();
  polite.closeAllConnections();
  await new Promise((resolve) => polite.close(resolve));
  await new Promise((resolve) => silent.close(resolve));
});

describe('Expect: 100-continue', () => {
  it('sends the body after 100 Continue, or after one second without an answer, and takes a refusal as the response', async () => {
    const { code, stdout, stderr } = await runCli(['run', '.runner/tests/continue.yaml'], {
      cwd: workspace.dir,
    });
    expect(stderr).toBe('');
    expect(stdout).not.toContain('expect header not supported');
    expect(stdout).toContain('3 passed, 0 failed');
    expect(code).toBe(0);

    const answered = politeSeen.find((seen) => seen.path === '/upload')!;
    expect(answered.expect).toBe('100-continue');
    expect(answered.contentLength).toBe(String(Buffer.byteLength('{"file":"contents"}')));
    expect(answered.body).toBe('{"file":"contents"}');
    // The body followed the 100 Continue at once, not the one-second fallback.
    expect(answered.bodyAt).toBeLessThan(800);

    const waited = silentSeen.find((seen) => seen.path === '/upload')!;
    expect(waited.expect).toBe('100-continue');
    expect(waited.body).toBe('waited for');
    expect(waited.bodyAt).toBeGreaterThanOrEqual(950);

    const refused = politeSeen.find((seen) => seen.path === '/refuse')!;
    expect(refused.body).toBe('');
  });

  it('over HTTPS goes over HTTP/1.1 with the TLS settings of the run, and the sandbox still decides', async () => {
    await workspace.write('.runner/config.yaml', 'http:\n  caFile: certs/server.pem\n');
    const tls = await runCli(['run', '.runner/tests/secure.yaml'], { cwd: workspace.dir });
    expect(tls.stdout).toContain('1 passed, 0 failed');
    expect(tls.code).toBe(0);

    await workspace.write(
      '.runner/config.yaml',
      'security:\n  sandboxing:\n    enabled: true\n    blockPrivateSubnets: true\n',
    );
    const before = politeSeen.length;
    const blocked = await runCli(['run', '.runner/tests/proxied.yaml'], { cwd: workspace.dir });
    expect(blocked.code).toBe(1);
    expect(blocked.stdout).toContain('blocked by sandbox: host `localhost` resolves to 127.0.0.1');
    expect(politeSeen.length).toBe(before);
  });

  it('goes through the configured proxy like any request', async () => {
    await workspace.write('.runner/config.yaml', `http:\n  proxy: ${proxy.url}\n`);
    const before = proxy.requests.length;
    const { code, stdout } = await runCli(['run', '.runner/tests/proxied.yaml'], { cwd: workspace.dir });
    expect(stdout).toContain('1 passed, 0 failed');
    expect(code).toBe(0);
    expect(proxy.requests.slice(before)).toEqual([
      { method: 'POST', target: `http://localhost:${port(polite)}/proxied` },
    ]);
    expect(politeSeen.find((seen) => seen.path === '/proxied')?.body).toBe('through the proxy');

    // HTTPS through the proxy's CONNECT tunnel, trusting the run's caFile.
    await workspace.write(
      '.runner/config.yaml',
      `http:\n  proxy: ${proxy.url}\n  caFile: certs/server.pem\n`,
    );
    const tunnelled = await runCli(['run', '.runner/tests/secure.yaml'], { cwd: workspace.dir });
    expect(tunnelled.stdout).toContain('1 passed, 0 failed');
    expect(proxy.requests.at(-1)).toEqual({ method: 'CONNECT', target: new URL(secure.url).host });
  });
});
