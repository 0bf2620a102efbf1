// Digest end to end (issue 23): the built CLI against httpbin's `/digest-auth` (Debian python3-httpbin, a
// real implementation), on loopback, reached as `localhost`. The challenge costs one request, recorded.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHttpbin, type Httpbin } from '../support/authServers.js';
import { runCli } from '../support/cli.js';
import { fileWorkspace, type FileWorkspace } from '../support/workspaceFiles.js';

let httpbin: Httpbin;
let workspace: FileWorkspace;

beforeAll(async () => {
  httpbin = await startHttpbin();
  workspace = await fileWorkspace({
    '.runner/environments/local.yaml': `baseUrl: http://localhost:${httpbin.port}\n`,
    '.runner/credentials/local.yaml': 'api:\n  user: ada\n  password: Digest-Pw-1\n  wrong: not-it\n',
    '.runner/tests/digest.yaml': `scenario: digest
steps:
  - name: MD5
    request: { method: GET, url: /digest-auth/auth/ada/Digest-Pw-1/MD5 }
    auth: { digest: { username: $accounts.api.user, password: $accounts.api.password } }
    expect: { status: 200, body.authenticated: true, body.user: ada }
  - name: SHA-256
    request: { method: GET, url: /digest-auth/auth/ada/Digest-Pw-1/SHA-256 }
    auth: { digest: { username: $accounts.api.user, password: $accounts.api.password } }
    expect: { status: 200, body.authenticated: true }
  - name: wrong password
    request: { method: GET, url: /digest-auth/auth/ada/Digest-Pw-1/SHA-256 }
    auth: { digest: { username: $accounts.api.user, password: $accounts.api.wrong } }
    expect: { status: 401 }
`,
  });
}, 30_000);

afterAll(async () => {
  await httpbin?.stop();
  await workspace?.cleanup();
});

describe('auth: digest against httpbin', () => {
  it('answers MD5 and SHA-256 challenges (qop=auth), and a wrong password stays refused', async () => {
    const run = await runCli(['run', '--report', 'json'], { cwd: workspace.dir });
    expect(run.stdout).toContain('3 passed');
    expect(run.code).toBe(0);
    const report = JSON.parse((await workspace.latestReports())['report.json'] ?? '{}') as {
      steps: {
        request: { headers: Record<string, string> };
        authExchanges: { purpose: string; response: { status: number; headers: Record<string, string> } }[];
      }[];
    };
    for (const [index, algorithm] of [
      [0, 'MD5'],
      [1, 'SHA-256'],
    ] as const) {
      const step = report.steps[index];
      expect(step?.authExchanges.map((exchange) => [exchange.purpose, exchange.response.status])).toEqual([
        ['digest challenge', 401],
      ]);
      expect(step?.authExchanges[0]?.response.headers['www-authenticate']).toContain(
        `algorithm=${algorithm}`,
      );
      // The request as sent carried the answer; the report masks it like any Authorization header.
      expect(step?.request.headers.authorization).toBe('[MASKED]');
    }
    expect(run.stdout).not.toContain('Digest-Pw-1');
  });

  it('a 401 without a Digest challenge names what the server offered instead', async () => {
    const other = await fileWorkspace({
      '.runner/environments/local.yaml': `baseUrl: http://localhost:${httpbin.port}\n`,
      '.runner/credentials/local.yaml': 'api:\n  user: ada\n  password: Digest-Pw-1\n',
      '.runner/tests/basic-only.yaml': `scenario: basic only
steps:
  - request: { method: GET, url: /basic-auth/ada/other-pw }
    auth: { digest: { username: $accounts.api.user, password: $accounts.api.password } }
`,
    });
    try {
      const run = await runCli(['run'], { cwd: other.dir });
      expect(run.code).toBe(1);
      expect(run.stdout).toContain(
        'Digest authentication: the server answered 401 offering Basic, not Digest',
      );
    } finally {
      await other.cleanup();
    }
  });
});
