// `validate` on `auth:` (issue 23): problems in a scenario are findings (exit 1), in an environment file
// they stop the command (exit 2); both name file:line:col.
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.js';
import { fileWorkspace, type FileWorkspace } from '../support/workspaceFiles.js';

let workspace: FileWorkspace | undefined;
afterEach(async () => {
  await workspace?.cleanup();
  workspace = undefined;
});

describe('validate: auth', () => {
  it('names refused schemes, missing fields and unknown accounts with file:line:col', async () => {
    workspace = await fileWorkspace({
      '.runner/environments/local.yaml': 'baseUrl: http://localhost:1\n',
      '.runner/credentials/local.yaml': 'api:\n  token: t0ken-value\n',
      '.runner/tests/auth.yaml': `scenario: auth
steps:
  - request: { method: GET, url: /a }
    auth: { ntlm: { username: u, password: $accounts.api.token } }
  - request: { method: GET, url: /b }
    auth: { bearer: $accounts.api.tokn }
  - request: { method: GET, url: /c }
    auth:
      oauth2: { grant: password, tokenUrl: "http://localhost:1/t", clientId: c }
`,
    });
    const run = await runCli(['validate'], { cwd: workspace.dir });
    expect(run.code).toBe(1);
    expect(run.stdout.split('\n').filter((line) => line.startsWith('.runner'))).toEqual([
      '.runner/tests/auth.yaml:4:13: NTLM authentication is not supported: runner speaks basic, bearer, digest, awsSigV4 and oauth2',
      '.runner/tests/auth.yaml:6:21: account `api` has no field `tokn` in the credentials file (did you mean `token`?)',
      '.runner/tests/auth.yaml:9:15: missing `username` in `auth.oauth2`: the `password` grant sends it',
      '.runner/tests/auth.yaml:9:15: missing `password` in `auth.oauth2`: the `password` grant sends it',
    ]);
  });

  it('checks $accounts fields wherever a template reads them: a basic user name, a header, a body', async () => {
    workspace = await fileWorkspace({
      '.runner/environments/local.yaml': 'baseUrl: http://localhost:1\n',
      '.runner/credentials/local.yaml': 'alice:\n  username: alice\n  password: pw-value\n',
      '.runner/tests/typo.yaml': `scenario: typo
steps:
  - request: { method: GET, url: /a }
    auth: { basic: { username: $accounts.alice.usernme, password: $accounts.alice.password } }
  - request: { method: GET, url: /b, headers: { X-User: $accounts.alise.username } }
  - request: { method: POST, url: /c, body: { login: "\${accounts.alice.pasword}", whole: $accounts.alice } }
  - request: { method: GET, url: /d, headers: { X-Later: $accounts.notyet.key } }
`,
    });
    const run = await runCli(['validate'], { cwd: workspace.dir });
    expect(run.code).toBe(1);
    expect(run.stdout.split('\n').filter((line) => line.startsWith('.runner'))).toEqual([
      '.runner/tests/typo.yaml:4:32: account `alice` has no field `usernme` in the credentials file (did you mean `username`?)',
      '.runner/tests/typo.yaml:5:57: unknown account `alise`: not in the credentials file (did you mean `alice`?)',
      '.runner/tests/typo.yaml:6:55: account `alice` has no field `pasword` in the credentials file (did you mean `password`?)',
    ]);
  });

  it('an environment with an unknown scheme stops with exit 2 and its position', async () => {
    workspace = await fileWorkspace({
      '.runner/environments/local.yaml': 'baseUrl: http://localhost:1\nauth:\n  hawk: { id: x }\n',
      '.runner/tests/a.yaml': 'scenario: a\nsteps:\n  - request: { method: GET, url: /a }\n',
    });
    const run = await runCli(['validate'], { cwd: workspace.dir });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('.runner/environments/local.yaml:3:3: Hawk authentication is not supported');
  });

  it("an environment's auth reading a field its credentials lack stops validate and run (exit 2) at its position", async () => {
    workspace = await fileWorkspace({
      '.runner/environments/local.yaml':
        'baseUrl: http://localhost:1\nauth:\n  oauth2:\n    grant: client_credentials\n    tokenUrl: http://localhost:1/t\n    clientId: c\n    clientSecret: $accounts.oc.secrt\n',
      '.runner/credentials/local.yaml': 'oc:\n  secret: Client-Secret-42\n',
      '.runner/tests/a.yaml': 'scenario: a\nsteps:\n  - request: { method: GET, url: /a }\n',
    });
    const where =
      '.runner/environments/local.yaml:7:19: account `oc` has no field `secrt` in the credentials file (did you mean `secret`?)';
    for (const command of ['validate', 'run']) {
      const run = await runCli([command], { cwd: workspace.dir });
      expect(run.code).toBe(2);
      expect(run.stderr).toContain(where);
      expect(run.stdout + run.stderr).not.toContain('Client-Secret-42');
    }
  });
});
