import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, tempWorkspace, writeEnvironment } from '../support/cli.js';
import { startTestServer, type TestServer } from '../support/testServer.js';

let server: TestServer;
let dir: string;
let cleanup: () => Promise<void>;
beforeAll(async () => {
  server = await startTestServer({ http2: true });
  ({ dir, cleanup } = await tempWorkspace());
  expect((await runCli(['init'], { cwd: dir })).code).toBe(0);
});
afterAll(async () => {
  await cleanup();
  await server.close();
});

describe('HTTP/2 from the built CLI', () => {
  // The HTTP client loads node:http2 only when a server chooses h2 by ALPN (src/http/http2Exchange.ts): this
  // proves the bundled program reaches it, which the tests of the source cannot see.
  it('negotiates h2 by ALPN and reports HTTP/2', async () => {
    await writeEnvironment(dir, 'local', `baseUrl: ${server.url}\nhttp: { insecure: true }\n`);
    await writeFile(
      join(dir, '.runner/tests/h2.yaml'),
      'scenario: Over HTTP/2\nsteps:\n  - name: Read a user\n    request:\n      method: GET\n      url: /users/1\n    expect:\n      status: 200\n',
    );
    const { code, stdout } = await runCli(['run', '.runner/tests/h2.yaml', '--verbose'], { cwd: dir });
    expect(code).toBe(0);
    expect(stdout).toContain('(HTTP/2, ');
    expect(server.requests.map((request) => request.httpVersion)).toEqual(['2.0']);
  });

  it("fails a step whose headers HTTP/2 refuses with Node's reason, on a new connection and on an open one", async () => {
    await writeEnvironment(dir, 'local', `baseUrl: ${server.url}\nhttp: { insecure: true }\n`);
    const refused =
      '  - name: Refused\n    request:\n      method: POST\n      url: /echo\n      headers:\n        content-type: [text/plain, text/html]\n      body: hi\n';
    const read = '  - name: Read a user\n    request:\n      method: GET\n      url: /users/1\n';
    const cases = { 'h2-refused-first': refused, 'h2-refused-later': read + refused };
    for (const [name, steps] of Object.entries(cases)) {
      await writeFile(join(dir, `.runner/tests/${name}.yaml`), `scenario: ${name}\nsteps:\n${steps}`);
      const started = Date.now();
      const { code, stdout } = await runCli(['run', `.runner/tests/${name}.yaml`], { cwd: dir });
      expect(code, name).toBe(1);
      expect(stdout, name).toMatch(/✗ Refused[\s\S]*single value/i);
      // At once, not at http.timeout (30 s), and with no internal error.
      expect(Date.now() - started, name).toBeLessThan(15_000);
    }
  });
});
