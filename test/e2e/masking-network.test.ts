// The masking canary for network credentials (issue 12): a proxy password, a session cookie, a URL
// password and a client key passphrase are planted, echoed back by the server on purpose, and must not
// reach stdout, stderr, any report or any failure snapshot, in any common encoding.
import { readdir, readFile, stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.js';
import { leakForms } from '../support/leaks.js';
import { startForwardProxy, type ForwardProxy } from '../support/forwardProxy.js';
import {
  createCertificateAuthority,
  issueClientCertificate,
  issueServerCertificate,
} from '../support/privateCa.js';
import { fileWorkspace, type FileWorkspace } from '../support/workspaceFiles.js';

const nonce = () => Math.random().toString(36).slice(2);
const proxyPassword = `PxPw-${nonce()}`;
const session = `Sess-${nonce()}`;
const urlPassword = `UrlPw-${nonce()}`;
const passphrase = `KeyPp-${nonce()}`;

let api: Server;
let proxy: ForwardProxy;
let workspace: FileWorkspace;

beforeAll(async () => {
  const ca = await createCertificateAuthority('canary CA');
  const [leaf, client] = await Promise.all([
    issueServerCertificate(ca),
    issueClientCertificate(ca, passphrase),
  ]);
  // Mutual TLS, and a server that echoes whatever reached it: the canary is live only if secrets travel.
  api = createServer(
    { ...leaf, ca: ca.cert, requestCert: true, rejectUnauthorized: true },
    (request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        if (request.url === '/login') response.setHeader('set-cookie', `session=${session}; Path=/; Secure`);
        response.setHeader('content-type', 'application/json');
        response.end(JSON.stringify({ headers: request.headers, body, url: request.url }));
      });
    },
  );
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
  const port = (api.address() as AddressInfo).port;
  proxy = await startForwardProxy();
  workspace = await fileWorkspace({
    '.runner/config.yaml': `http:\n  caFile: certs/ca.pem\n  proxy: http://canary:${proxyPassword}@localhost:${proxy.port}\n`,
    '.runner/environments/local.yaml': [
      `baseUrl: https://localhost:${port}`,
      'http:',
      '  clientCert: certs/client.pem',
      '  clientKey: certs/client-key.pem',
      `  clientKeyPassphrase: ${passphrase}`,
      `variables: { echoed: "${passphrase} ${proxyPassword}" }`,
      '',
    ].join('\n'),
    'certs/ca.pem': ca.cert,
    'certs/client.pem': client.cert,
    'certs/client-key.pem': client.key,
    '.runner/tests/canary.yaml': `scenario: network canary
steps:
  - name: log in
    request: { method: POST, url: /login }
    expect: { status: 200 }
  - name: everything echoed, and a failure so the response is printed
    request:
      method: POST
      url: "https://tester:${urlPassword}@localhost:${port}/echo"
      body: { note: $echoed }
    expect: { status: 201, body.body: short }
`,
  });
});

afterAll(async () => {
  await new Promise((resolve) => api.close(resolve));
  await proxy.close();
  await workspace.cleanup();
});

async function reportFiles(): Promise<string[]> {
  const root = join(workspace.dir, '.runner/reports');
  const names = await readdir(root, { recursive: true });
  const texts: string[] = [];
  for (const name of names) {
    const path = join(root, name);
    if ((await stat(path)).isFile()) texts.push(`${name}\n${await readFile(path, 'utf8')}`);
  }
  return texts;
}

describe('masking canary for network credentials', () => {
  it('keeps proxy, cookie, URL and client key secrets out of every output', async () => {
    const run = await runCli(['run', '--verbose', '--report', 'html,json,junit'], { cwd: workspace.dir });
    const curl = await runCli(['convert', '--to', 'curl', 'canary.yaml'], { cwd: workspace.dir });
    expect(run.code).toBe(1);
    // Live: both steps went through the proxy with mutual TLS, and the echo carried the secrets back.
    expect(proxy.requests.map((request) => request.method)).toEqual(['CONNECT']);
    expect(run.stdout).toContain('1 passed, 1 failed');
    expect(run.stdout).toContain('[MASKED] [MASKED]');
    const files = await reportFiles();
    expect(files.some((file) => file.includes('failure-'))).toBe(true);
    const output = [run.stdout, run.stderr, curl.stdout, curl.stderr, ...files].join('\n');
    for (const planted of [proxyPassword, session, urlPassword, passphrase]) {
      for (const form of leakForms(planted)) {
        const at = output.indexOf(form);
        expect(at < 0 ? '' : output.slice(Math.max(0, at - 300), at + 50), `leaked ${form}`).toBe('');
      }
    }
  });
});
