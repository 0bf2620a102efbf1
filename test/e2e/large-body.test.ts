// Issue 29: a body larger than the longest string Node can hold (about 512 MiB), yet within
// `http.maxResponseBytes`, is kept as bytes: `size`, `sha256` and `md5` check it, a check that needs its text
// fails naming the size, the reports keep its first MiB, and the run goes on. The server streams the body
// from one 1 MiB block (never building it whole), and the test hashes the same stream as it is written.
import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.js';
import { fileWorkspace, type FileWorkspace } from '../support/workspaceFiles.js';

const BLOCK = Buffer.alloc(1024 * 1024, 'large body. ');
const BLOCKS = 512;
const SIZE = BLOCK.byteLength * BLOCKS;

let server: Server;
let workspace: FileWorkspace;
const sha256 = createHash('sha256');
const md5 = createHash('md5');
for (let i = 0; i < BLOCKS; i++) {
  sha256.update(BLOCK);
  md5.update(BLOCK);
}
const digests = { sha256: sha256.digest('hex'), md5: md5.digest('hex') };

beforeAll(async () => {
  server = createServer((request, response) => {
    if (request.url !== '/large') return void response.end('{"ok":true}');
    response.writeHead(200, { 'content-type': 'text/plain', 'content-length': SIZE });
    let sent = 0;
    // Writes as fast as the client reads, one block at a time.
    const pump = () => {
      while (sent < BLOCKS) {
        sent++;
        if (!response.write(BLOCK)) return void response.once('drain', pump);
      }
      response.end();
    };
    pump();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  workspace = await fileWorkspace({
    '.runner/config.yaml': 'http:\n  maxResponseBytes: 600000000\n',
    '.runner/environments/local.yaml': `baseUrl: http://localhost:${port}\n`,
    '.runner/tests/large.yaml': `scenario: a 512 MiB body
steps:
  - name: large
    request: { method: GET, url: /large }
    expect:
      status: 200
      size: ${SIZE}
      sha256: ${digests.sha256}
      md5: ${digests.md5}
      body: { contains: large body }
  - name: after
    request: { method: GET, url: /small }
    expect: { body.ok: true }
`,
  });
});

afterAll(async () => {
  await workspace.cleanup();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('a response body too large to hold as text', () => {
  it('checks by size and hashes, fails a text check naming the size, and the run goes on', async () => {
    const { code, stdout, stderr } = await runCli(['run', '.runner/tests/large.yaml', '--report', 'json'], {
      cwd: workspace.dir,
    });
    expect(stdout + stderr).not.toMatch(/internal error|Cannot create a string|\n\s+at /);
    expect(stdout).toMatch(/✓ after/);
    expect(stdout).toContain(
      'body: the response body (512 MiB) is too large to read as text; only `size`, `sha256` and `md5` can check it',
    );
    expect(stdout).toContain('1 passed, 1 failed');
    expect(code).toBe(1);

    const report = JSON.parse((await workspace.latestReports())['report.json']!) as {
      steps: {
        response: { body: string; sizeBytes: number };
        assertions: { path: string; passed: boolean }[];
        warnings?: string[];
      }[];
    };
    const large = report.steps[0]!;
    // Only the check that needs the text failed: size and both hashes read the bytes.
    expect(Object.fromEntries(large.assertions.map(({ path, passed }) => [path, passed]))).toEqual({
      status: true,
      size: true,
      sha256: true,
      md5: true,
      body: false,
    });
    expect(large.response.sizeBytes).toBe(SIZE);
    // The record keeps the first MiB of the body, as text, and says so.
    expect(large.response.body).toBe(BLOCK.toString('utf8'));
    expect(large.warnings).toContain(
      'the response body is 512 MiB: the reports keep its first 1 MiB, as text',
    );
  }, 60_000);
});
