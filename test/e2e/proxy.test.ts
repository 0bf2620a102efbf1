// Issue 12: requests through a forwarding proxy, configured or taken from the environment as curl does,
// and never through it when NO_PROXY, `proxy: false` or the sandbox says no. Real servers on loopback,
// reached by name, and the built CLI.
import { createServer, type Server } from 'node:http';
import { createServer as createTlsServer, type Server as TlsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.js';
import { startForwardProxy, type ForwardProxy } from '../support/forwardProxy.js';
import { createCertificateAuthority, issueServerCertificate, type Pem } from '../support/privateCa.js';
import { fileWorkspace, type FileWorkspace } from '../support/workspaceFiles.js';

let api: Server;
let secureApi: TlsServer;
let apiPort: number;
let securePort: number;
let ca: Pem;
let proxy: ForwardProxy;
let workspace: FileWorkspace | undefined;

const answer = (request: { url?: string }, response: import('node:http').ServerResponse) => {
  response.setHeader('content-type', 'application/json');
  response.end(JSON.stringify({ path: request.url }));
};

beforeAll(async () => {
  ca = await createCertificateAuthority('proxy test CA');
  const leaf = await issueServerCertificate(ca);
  api = createServer(answer);
  secureApi = createTlsServer({ key: leaf.key, cert: leaf.cert }, answer);
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
  await new Promise<void>((resolve) => secureApi.listen(0, '127.0.0.1', resolve));
  apiPort = (api.address() as AddressInfo).port;
  securePort = (secureApi.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise((resolve) => api.close(resolve));
  await new Promise((resolve) => secureApi.close(resolve));
});

afterEach(async () => {
  await proxy?.close();
  await workspace?.cleanup();
  workspace = undefined;
});

const SCENARIO = () => `scenario: through a proxy
steps:
  - name: plain
    request: { method: GET, url: "http://localhost:${apiPort}/plain" }
    expect: { status: 200, body.path: /plain }
  - name: tls
    request: { method: GET, url: "https://localhost:${securePort}/secure" }
    expect: { status: 200, body.path: /secure }
`;

async function setUp(http: string): Promise<FileWorkspace> {
  proxy = await startForwardProxy();
  workspace = await fileWorkspace({
    '.runner/config.yaml': `http:\n  caFile: certs/ca.pem\n${http}`,
    '.runner/environments/local.yaml': `baseUrl: http://localhost:${apiPort}\n`,
    '.runner/tests/proxy.yaml': SCENARIO(),
    'certs/ca.pem': ca.cert,
  });
  return workspace;
}

/** The plain request went through the proxy as an absolute URL and the TLS one as a CONNECT tunnel, both with its credentials. */
function expectBothThroughProxy(
  requests: readonly { method: string; target: string; proxyAuthorization?: string }[],
) {
  expect(requests.map((r) => `${r.method} ${r.target}`)).toEqual([
    `GET http://localhost:${apiPort}/plain`,
    `CONNECT localhost:${securePort}`,
  ]);
  const credentials = `Basic ${Buffer.from('tester:Pr0xyS3cret').toString('base64')}`;
  expect(requests.every((r) => r.proxyAuthorization === credentials)).toBe(true);
}

describe('proxies (http.proxy and the environment variables)', () => {
  it('sends every request through http.proxy: absolute form for http, CONNECT for https', async () => {
    const ws = await setUp('');
    await ws.write(
      '.runner/config.yaml',
      `http:\n  caFile: certs/ca.pem\n  proxy: http://tester:Pr0xyS3cret@localhost:${proxy.port}\n`,
    );
    const run = await runCli(['run', '--report', 'json,html,junit'], { cwd: ws.dir });
    expect(run.stdout).toContain('2 passed');
    expect(run.code).toBe(0);
    expectBothThroughProxy(proxy.requests);

    // The report says a proxy carried each request, and never shows its password.
    const reports = await ws.latestReports();
    const report = JSON.parse(reports['report.json'] ?? '{}') as {
      steps: { request: { proxy?: string } }[];
    };
    expect(report.steps.map((step) => step.request.proxy)).toEqual([
      `http://tester:[MASKED]@localhost:${proxy.port}`,
      `http://tester:[MASKED]@localhost:${proxy.port}`,
    ]);
    for (const text of [run.stdout, run.stderr, ...Object.values(reports)]) {
      expect(text).not.toContain('Pr0xyS3cret');
    }
  });

  it('reads the target certificate and HTTP version through a CONNECT tunnel (TLS is end to end)', async () => {
    const ws = await setUp('');
    await ws.write('.runner/config.yaml', `http:\n  caFile: certs/ca.pem\n  proxy: ${proxy.url}\n`);
    await ws.write(
      '.runner/tests/proxy.yaml',
      `scenario: certificate through a proxy
steps:
  - name: tls
    request: { method: GET, url: "https://localhost:${securePort}/secure" }
    expect:
      status: 200
      certificate.subject: CN=localhost
      certificate.issuer: CN=proxy test CA
      certificate.serialNumber: matchesRegex ^[0-9a-f]+$
      certificate.validTo: date-time
      httpVersion: "1.1"
`,
    );
    const run = await runCli(['run', '--report', 'json'], { cwd: ws.dir });
    expect(run.stdout).toContain('✓ certificate.subject == "CN=localhost"');
    expect(run.stdout).toContain('✓ certificate.issuer == "CN=proxy test CA"');
    expect(run.code).toBe(0);
    expect(proxy.requests.map((r) => `${r.method} ${r.target}`)).toEqual([`CONNECT localhost:${securePort}`]);
  });

  it('asks an https:// proxy for its CONNECT tunnel over TLS, credentials included', async () => {
    const leaf = await issueServerCertificate(ca);
    proxy = await startForwardProxy({ tls: { key: leaf.key, cert: leaf.cert } });
    workspace = await fileWorkspace({
      '.runner/config.yaml': `http:\n  caFile: certs/ca.pem\n  proxy: https://tester:Pr0xyS3cret@localhost:${proxy.port}\n`,
      '.runner/environments/local.yaml': `baseUrl: http://localhost:${apiPort}\n`,
      '.runner/tests/proxy.yaml': SCENARIO(),
      'certs/ca.pem': ca.cert,
    });
    const run = await runCli(['run'], { cwd: workspace.dir });
    expect(run.stdout).toContain('2 passed');
    expect(run.code).toBe(0);
    expectBothThroughProxy(proxy.requests);
  });

  it('fills in $accounts fields in http.proxy, and masks them everywhere', async () => {
    const ws = await setUp('');
    await ws.write(
      '.runner/config.yaml',
      `http:\n  caFile: certs/ca.pem\n  proxy: http://$accounts.proxy.user:$accounts.proxy.password@localhost:${proxy.port}\n`,
    );
    await ws.write('.runner/credentials/local.yaml', 'proxy: { user: tester, password: Acc0untPr0xy }\n');
    const run = await runCli(['run', '--verbose', '--report', 'json,html,junit'], { cwd: ws.dir });
    expect(run.stdout).toContain('2 passed');
    expect(run.code).toBe(0);
    const credentials = `Basic ${Buffer.from('tester:Acc0untPr0xy').toString('base64')}`;
    expect(proxy.requests.map((r) => r.proxyAuthorization)).toEqual([credentials, credentials]);
    const reports = await ws.latestReports();
    const report = JSON.parse(reports['report.json'] ?? '{}') as {
      steps: { request: { proxy?: string } }[];
    };
    // Every credentials value is masked, the user name included.
    expect(report.steps.map((step) => step.request.proxy)).toEqual([
      `http://[MASKED]:[MASKED]@localhost:${proxy.port}`,
      `http://[MASKED]:[MASKED]@localhost:${proxy.port}`,
    ]);
    for (const text of [run.stdout, run.stderr, ...Object.values(reports)]) {
      expect(text).not.toContain('Acc0untPr0xy');
      expect(text).not.toContain(Buffer.from('tester:Acc0untPr0xy').toString('base64'));
    }
  });

  it('stops the run naming http.proxy when it reads an account field that does not exist', async () => {
    const ws = await setUp('');
    await ws.write(
      '.runner/config.yaml',
      `http:\n  caFile: certs/ca.pem\n  proxy: http://u:$accounts.proxy.pasword@localhost:${proxy.port}\n`,
    );
    await ws.write('.runner/credentials/local.yaml', 'proxy: { password: Acc0untPr0xy }\n');
    const run = await runCli(['run'], { cwd: ws.dir });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('cannot read http.proxy');
    expect(run.stderr).not.toContain('Acc0untPr0xy');
    expect(proxy.requests).toEqual([]);
  });

  it('honours HTTP_PROXY and HTTPS_PROXY without the key, as curl does', async () => {
    const ws = await setUp('');
    const run = await runCli(['run'], {
      cwd: ws.dir,
      env: { HTTP_PROXY: proxy.url, https_proxy: proxy.url },
    });
    expect(run.code).toBe(0);
    expect(proxy.requests.map((r) => r.method)).toEqual(['GET', 'CONNECT']);
  });

  it('goes direct for hosts in NO_PROXY', async () => {
    const ws = await setUp('');
    const run = await runCli(['run'], {
      cwd: ws.dir,
      env: { HTTP_PROXY: proxy.url, HTTPS_PROXY: proxy.url, NO_PROXY: 'example.com,localhost' },
    });
    expect(run.code).toBe(0);
    expect(proxy.requests).toEqual([]);
  });

  it('ignores the environment with proxy: false', async () => {
    const ws = await setUp('  proxy: false\n');
    const run = await runCli(['run'], {
      cwd: ws.dir,
      env: { http_proxy: proxy.url, HTTPS_PROXY: proxy.url },
    });
    expect(run.code).toBe(0);
    expect(proxy.requests).toEqual([]);
  });

  it('lets the sandbox judge the target before the proxy sees anything', async () => {
    const ws = await setUp('');
    await ws.write(
      '.runner/config.yaml',
      `http:\n  caFile: certs/ca.pem\n  proxy: http://localhost:${proxy.port}\n` +
        'security:\n  sandboxing: { enabled: true, blockedDomains: [localhost] }\n',
    );
    const run = await runCli(['run'], { cwd: ws.dir });
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(
      'blocked by sandbox: host `localhost` is in security.sandboxing.blockedDomains',
    );
    expect(proxy.requests).toEqual([]);
  });
});
