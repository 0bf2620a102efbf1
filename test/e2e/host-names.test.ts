// Issue 11: APIs are reached by name and by IPv6 literal, through the built CLI, the way users write their
// environments. The old start-up layer broke the first name lookup in the shipped bundle while every test
// dialled 127.0.0.1; these fixtures never do.
import { writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, tempWorkspace, writeEnvironment } from '../support/cli.js';

const servers: Server[] = [];

/** A tiny JSON API on one loopback address only. */
async function serveOn(host: string): Promise<number> {
  const server = createServer((request, response) => {
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify({ path: request.url, host: request.headers.host }));
  });
  servers.push(server);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, resolve);
  });
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no TCP address');
  return address.port;
}

let v4Port: number;
let v6Port: number;
beforeAll(async () => {
  v4Port = await serveOn('127.0.0.1');
  v6Port = await serveOn('::1');
});
afterAll(async () => {
  for (const server of servers) await new Promise((resolve) => server.close(resolve));
});

const SCENARIO = `scenario: by name
steps:
  - name: root service
    request: { method: GET, url: /ping }
    expect: { status: 200, body.path: /ping }
  - name: named service
    request: { method: GET, service: other, url: /pong }
    expect: { status: 200, body.path: /pong }
`;

async function runAgainst(baseUrl: string, otherUrl: string) {
  const { dir, cleanup } = await tempWorkspace();
  try {
    await runCli(['init'], { cwd: dir });
    await writeEnvironment(
      dir,
      'local',
      `baseUrl: ${baseUrl}\nservices:\n  other: { baseUrl: "${otherUrl}" }\n`,
    );
    await writeFile(join(dir, '.runner/tests/by-name.yaml'), SCENARIO);
    // Caches on, as a user's run has them: the compile cache must not break loading (Node >= 22.1).
    return await runCli(['run', 'by-name.yaml'], {
      cwd: dir,
      env: { RUNNER_NO_CACHE: '', XDG_CACHE_HOME: join(dir, 'cache') },
    });
  } finally {
    await cleanup();
  }
}

describe('host names and IPv6 literals through the built CLI', () => {
  it('reaches http://localhost:<port> and an http://[::1]:<port> service', async () => {
    const run = await runAgainst(`http://localhost:${v4Port}`, `http://[::1]:${v6Port}`);
    expect(run.stderr).toBe('');
    expect(run.stdout).toContain(`GET http://localhost:${v4Port}/ping  200`);
    expect(run.stdout).toContain(`GET http://[::1]:${v6Port}/pong  200`);
    expect(run.code).toBe(0);
  });

  it('says which name could not be resolved, and goes on', async () => {
    const run = await runAgainst('http://no-such-host.invalid:9', `http://localhost:${v4Port}`);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/cannot resolve host no-such-host\.invalid \((ENOTFOUND|EAI_AGAIN)\)/);
    expect(run.stdout).toContain(`GET http://localhost:${v4Port}/pong  200`);
  });
});
