import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, tempWorkspace } from '../support/cli.js';
import { rawResponse, startRawServer, type RawServer } from '../support/rawServer.js';

/**
 * Issue 17: one masking boundary every output passes through. Canary secrets from the credentials file are
 * used in a URL's host, path, query, password, a header and the body; the server echoes what it got (as
 * text, JSON-escaped and base64) and its own reason phrase and headers carry them too. Every stream and
 * every file of a run with every reporter, and `convert --to curl`, is scanned for each secret in every form
 * it can take. A new output that bypasses the boundary fails this test.
 */
const random = Math.random().toString(36).slice(2, 10);
// Characters that each URL encoder treats differently.
const key = `Cn4ry/${random} "pa!ss"&(w~o'r*d)$+,;=`;
// Valid in a host name, with capitals the URL parser folds.
const host = `TenantCanary${random.toUpperCase()}`;
// A URL password: sent as Basic auth, never shown.
const password = `Pw-${random}!;=,~`;

function forms(value: string): string[] {
  const userinfo = new URL('http://h/');
  userinfo.password = value;
  return [
    value,
    value.toLowerCase(),
    encodeURIComponent(value),
    encodeURIComponent(value).replace(/%20/g, '+'),
    new URLSearchParams([['x', value]]).toString().slice(2),
    userinfo.password,
    JSON.stringify(value).slice(1, -1),
    Buffer.from(value).toString('base64'),
    Buffer.from(value).toString('base64').replace(/=+$/, ''),
    Buffer.from(value).toString('base64url'),
  ];
}

let server: RawServer;
let dir: string;
let cleanup: () => Promise<void>;

beforeAll(async () => {
  // Echoes the request head and body back: as text, in JSON, in base64, in a header and the reason phrase.
  server = await startRawServer((_path, socket, request) => {
    const seen = `${request.head}\n\n${request.body}`;
    const body = JSON.stringify({
      got: seen,
      base64: Buffer.from(seen).toString('base64'),
      lower: seen.toLowerCase(),
    });
    rawResponse(
      socket,
      `HTTP/1.1 200 Seen ${encodeURIComponent(key)}\r\ncontent-type: application/json\r\nx-echo: ${host.toLowerCase()}`,
      body,
    );
  });
  ({ dir, cleanup } = await tempWorkspace());
  for (const sub of ['environments', 'credentials', 'tests'])
    await mkdir(join(dir, '.runner', sub), { recursive: true });
  const { host: hostAndPort, port } = new URL(server.url);
  await writeFile(join(dir, '.runner/environments/local.yaml'), `baseUrl: ${server.url}\n`);
  await writeFile(
    join(dir, '.runner/credentials/local.yaml'),
    `api: { key: ${JSON.stringify(key)}, host: ${host}, password: ${JSON.stringify(password)} }\n`,
  );
  await writeFile(
    join(dir, '.runner/tests/canary.yaml'),
    `scenario: canary
steps:
  - name: secrets in path, query, password, header and body
    request:
      method: POST
      url: "http://ann:\${accounts.api.password}@${hostAndPort}/echo/\${accounts.api.key}"
      query: { k: $accounts.api.key, h: $accounts.api.host }
      headers:
        X-Key: "k=$accounts.api.key"
        X-Host: $accounts.api.host
      body: { note: "key $accounts.api.key on $accounts.api.host", list: [$accounts.api.key] }
    expect:
      status: 201
      body.got: contains $accounts.api.key
  - name: a secret in the host name
    request: { method: GET, url: "http://\${accounts.api.host}.invalid:${port}/" }
`,
  );
});
afterAll(async () => {
  await cleanup();
  await server.close();
});

async function everyFile(root: string): Promise<string> {
  const texts: string[] = [];
  for (const name of await readdir(root, { recursive: true }).catch(() => [] as string[])) {
    const path = join(root, name);
    if ((await stat(path)).isFile()) texts.push(`${name}\n${await readFile(path, 'utf8')}`);
  }
  return texts.join('\n');
}

describe('the masking boundary', () => {
  it('keeps canary secrets, in every form, out of every stream and file of a run with every reporter', async () => {
    await rm(join(dir, '.runner/reports'), { recursive: true, force: true });
    const run = await runCli(['run', '--verbose', '--report', 'json,html,junit'], { cwd: dir });
    expect(run.code).toBe(1);
    const curl = await runCli(['convert', '--to', 'curl', '.runner/tests/canary.yaml'], { cwd: dir });
    expect(curl.code).toBe(0);
    const files = await everyFile(join(dir, '.runner/reports'));
    // The canary is live: the secrets reached the server (Basic auth from the URL's password too), and the
    // reports and snapshots were written.
    expect(run.stdout).toContain('✗ secrets in path, query, password, header and body');
    expect(run.stdout).toMatch(/Response 200 Seen \[MASKED\]/);
    expect(run.stdout).toContain('Basic');
    for (const name of ['latest/report.json', 'latest/report.html', 'latest/report.xml', 'failures/'])
      expect(files).toContain(name);
    expect(run.stdout).toContain('[MASKED]');
    expect(files).toContain('[MASKED]');
    expect(curl.stdout).toContain('[MASKED]');
    const output = [run.stdout, run.stderr, curl.stdout, curl.stderr, files].join('\n');
    const basic = Buffer.from(`ann:${password}`).toString('base64');
    for (const secret of [key, host, password, basic])
      for (const form of forms(secret)) expect(output, `leaked ${form}`).not.toContain(form);
  });
});
