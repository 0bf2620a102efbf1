import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, tempWorkspace, writeEnvironment } from '../support/cli.js';
import { startTestServer, type TestServer } from '../support/testServer.js';

let server: TestServer;
beforeAll(async () => (server = await startTestServer()));
afterAll(() => server.close());

async function runWithSandbox(sandboxing: string) {
  const { dir, cleanup } = await tempWorkspace('failures');
  try {
    await writeFile(join(dir, '.runner/config.yaml'), `security:\n  sandboxing:\n${sandboxing}`);
    await writeEnvironment(dir, 'local', `baseUrl: ${server.url}\n`);
    const before = { requests: server.requests.length, connections: server.connectionCount() };
    const run = await runCli(['run', 'setup-fails.yaml'], { cwd: dir });
    return {
      ...run,
      requests: server.requests.length - before.requests,
      connections: server.connectionCount() - before.connections,
    };
  } finally {
    await cleanup();
  }
}

describe('the network sandbox, configured in config.yaml', () => {
  it('halts every step before the HTTP call when the target is a private address', async () => {
    const run = await runWithSandbox('    enabled: true\n    blockPrivateSubnets: true\n');
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(
      'blocked by sandbox: host `localhost` resolves to 127.0.0.1, a loopback address (127.0.0.0/8)',
    );
    expect(run.requests).toBe(0);
    expect(run.connections).toBe(0);
  });

  it('blocks a host that is not in allowedDomains', async () => {
    const run = await runWithSandbox('    enabled: true\n    allowedDomains: ["*.example.test"]\n');
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('is not in security.sandboxing.allowedDomains');
    expect(run.requests).toBe(0);
  });

  it('lets requests through when the sandbox is off', async () => {
    const run = await runWithSandbox('    enabled: false\n    blockPrivateSubnets: true\n');
    expect(run.requests).toBeGreaterThan(0);
  });
});
