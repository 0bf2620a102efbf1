// Issue 12: private CAs given by http.caFile and by NODE_EXTRA_CA_CERTS trusted in the same run, on top of
// the default roots; mutual TLS with a passphrase-protected client key; TLS failures said in words. Every
// certificate is made at test time; servers listen on loopback and are reached as localhost.
import { createServer, type Server, type ServerOptions } from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.js';
import {
  createCertificateAuthority,
  issueClientCertificate,
  issueServerCertificate,
  type Pem,
} from '../support/privateCa.js';
import { selfSignedCertificate } from '../support/selfSignedCertificate.js';
import { fileWorkspace, type FileWorkspace } from '../support/workspaceFiles.js';

const PASSPHRASE = `Ke7-${Math.random().toString(36).slice(2)}`;
const servers: Server[] = [];
let fileCa: Pem;
let environmentCa: Pem;
let clientCa: Pem;
let client: Pem;
let ports: { fileCa: number; environmentCa: number; mutual: number; selfSigned: number };
let workspace: FileWorkspace;

async function serve(options: ServerOptions): Promise<number> {
  const server = createServer(options, (request, response) => {
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify({ path: request.url }));
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

beforeAll(async () => {
  [fileCa, environmentCa, clientCa] = await Promise.all([
    createCertificateAuthority('runner test CA (caFile)'),
    createCertificateAuthority('runner test CA (NODE_EXTRA_CA_CERTS)'),
    createCertificateAuthority('runner test client CA'),
  ]);
  const [fileLeaf, environmentLeaf, mutualLeaf, selfSigned] = await Promise.all([
    issueServerCertificate(fileCa),
    issueServerCertificate(environmentCa),
    issueServerCertificate(fileCa),
    selfSignedCertificate(),
  ]);
  client = await issueClientCertificate(clientCa, PASSPHRASE);
  ports = {
    fileCa: await serve(fileLeaf),
    environmentCa: await serve(environmentLeaf),
    // Mutual TLS: only clients with a certificate from clientCa get an answer.
    mutual: await serve({ ...mutualLeaf, requestCert: true, rejectUnauthorized: true, ca: clientCa.cert }),
    selfSigned: await serve(selfSigned),
  };
  workspace = await fileWorkspace({
    '.runner/config.yaml': 'http:\n  caFile: certs/file-ca.pem\n',
    '.runner/environments/local.yaml': `baseUrl: https://localhost:${ports.fileCa}\n`,
    '.runner/environments/mutual.yaml': [
      `baseUrl: https://localhost:${ports.mutual}`,
      'http:',
      '  clientCert: certs/client.pem',
      '  clientKey: certs/client-key.pem',
      '  clientKeyPassphrase: $accounts.tls.passphrase',
      '',
    ].join('\n'),
    '.runner/credentials/mutual.yaml': `tls: { passphrase: "${PASSPHRASE}" }\n`,
    'certs/file-ca.pem': fileCa.cert,
    'certs/environment-ca.pem': environmentCa.cert,
    'certs/client.pem': client.cert,
    'certs/client-key.pem': client.key,
    '.runner/tests/trust.yaml': `scenario: private CAs
steps:
  - name: CA from caFile
    request: { method: GET, url: "https://localhost:${ports.fileCa}/a" }
    expect: { status: 200, body.path: /a }
  - name: CA from NODE_EXTRA_CA_CERTS
    request: { method: GET, url: "https://localhost:${ports.environmentCa}/b" }
    expect: { status: 200, body.path: /b }
`,
    '.runner/tests/mutual.yaml': `scenario: mutual TLS
steps:
  - name: with a client certificate
    request: { method: GET, url: "https://localhost:${ports.mutual}/m" }
    expect: { status: 200, body.path: /m }
`,
    '.runner/tests/failures.yaml': `scenario: TLS failures
steps:
  - name: self-signed
    request: { method: GET, url: "https://localhost:${ports.selfSigned}/s" }
    expect: { status: 200 }
  - name: name mismatch
    request: { method: GET, url: "https://elsewhere.test:${ports.fileCa}/n" }
    expect: { status: 200 }
`,
  });
});

afterAll(async () => {
  for (const server of servers) await new Promise((resolve) => server.close(resolve));
  await workspace.cleanup();
});

describe('TLS trust', () => {
  it('trusts a CA from http.caFile and one from NODE_EXTRA_CA_CERTS in the same run', async () => {
    const run = await runCli(['run', 'trust.yaml'], {
      cwd: workspace.dir,
      env: { NODE_EXTRA_CA_CERTS: `${workspace.dir}/certs/environment-ca.pem` },
    });
    expect(run.stdout).toContain('2 passed');
    expect(run.code).toBe(0);
  });

  it('says in words why a certificate was refused, naming the host', async () => {
    const run = await runCli(
      ['run', 'failures.yaml', '--resolve', `elsewhere.test:${ports.fileCa}:127.0.0.1`],
      {
        cwd: workspace.dir,
      },
    );
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(
      `TLS handshake with localhost:${ports.selfSigned} failed: the server certificate is self-signed`,
    );
    expect(run.stdout).toContain(
      `TLS handshake with elsewhere.test:${ports.fileCa} failed: the server certificate does not match the host name elsewhere.test`,
    );
  });

  it('passes a server that requires a client certificate, with one, and keeps the passphrase secret', async () => {
    const run = await runCli(['run', 'mutual.yaml', '--env', 'mutual', '--report', 'json,html,junit'], {
      cwd: workspace.dir,
    });
    expect(run.stdout).toContain('1 passed');
    expect(run.code).toBe(0);
    for (const text of [run.stdout, run.stderr, ...Object.values(await workspace.latestReports())]) {
      expect(text).not.toContain(PASSPHRASE);
    }
  });

  it('fails clearly without the client certificate', async () => {
    const run = await runCli(['run', 'mutual.yaml'], { cwd: workspace.dir });
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(`TLS handshake with localhost:${ports.mutual} failed`);
    expect(run.stdout).toContain('requires a client certificate');
  });

  it('stops before sending anything when the passphrase does not open the key', async () => {
    await workspace.write('.runner/credentials/mutual.yaml', 'tls: { passphrase: wrong-one }\n');
    try {
      const run = await runCli(['run', 'mutual.yaml', '--env', 'mutual'], { cwd: workspace.dir });
      expect(run.code).toBe(2);
      expect(run.stderr).toContain('cannot use http.clientCert and http.clientKey');
      expect(run.stderr).not.toContain('wrong-one');
    } finally {
      await workspace.write('.runner/credentials/mutual.yaml', `tls: { passphrase: "${PASSPHRASE}" }\n`);
    }
  });
});
