// OAuth2 end to end (issue 23): the built CLI against a real authorization server (oauth2-mock-server) and
// a resource server that accepts only the tokens it issued, both on loopback, reached as `localhost`.
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  startResourceServer,
  startTokenServer,
  type ResourceServer,
  type TokenServer,
  type TokenServerOptions,
} from '../support/authServers.js';
import { runCli } from '../support/cli.js';
import { filesUnder, firstLeak } from '../support/leaks.js';
import { fileWorkspace, type FileWorkspace } from '../support/workspaceFiles.js';

const nonce = () => Math.random().toString(36).slice(2);

let tokens: TokenServer | undefined;
let api: ResourceServer | undefined;
let workspace: FileWorkspace | undefined;

afterEach(async () => {
  await tokens?.stop();
  await api?.stop();
  await workspace?.cleanup();
  tokens = api = workspace = undefined;
});

async function servers(options: TokenServerOptions): Promise<{ tokens: TokenServer; api: ResourceServer }> {
  tokens = await startTokenServer(options);
  api = await startResourceServer(tokens);
  return { tokens, api };
}

const tokenUrl = (server: TokenServer) => `http://localhost:${server.port}/token`;

describe('auth: oauth2', () => {
  it('50 scenarios with --jobs 4 share one client-credentials token: one token request, one refresh', async () => {
    // The first token lives 2 s (used for 1 s: half its lifetime, as that is shorter than 30 s); the run
    // lasts longer, so it is refreshed once; the refreshed one lives an hour.
    const { tokens, api } = await servers({
      clientId: 'runner-ci',
      clientSecret: 'cc-secret',
      lifetimes: [2, 3600],
      refreshClientCredentials: true,
    });
    const files: Record<string, string> = {
      '.runner/environments/local.yaml': [
        `baseUrl: http://localhost:${api.port}`,
        'auth:',
        '  oauth2:',
        '    grant: client_credentials',
        `    tokenUrl: ${tokenUrl(tokens)}`,
        '    clientId: $accounts.ci.clientId',
        '    clientSecret: $accounts.ci.clientSecret',
        '    scope: read write',
        '',
      ].join('\n'),
      '.runner/credentials/local.yaml': 'ci:\n  clientId: runner-ci\n  clientSecret: cc-secret\n',
    };
    for (let i = 0; i < 50; i++) {
      files[`.runner/tests/s${String(i).padStart(2, '0')}.yaml`] = `scenario: s${i}
steps:
  - request: { method: GET, url: /resource/${i}/a }
    expect: { status: 200 }
  - request: { method: GET, url: /resource/${i}/b }
    delay: 150ms
    expect: { status: 200 }
`;
    }
    workspace = await fileWorkspace(files);
    const run = await runCli(['run', '--jobs', '4', '--report', 'json'], { cwd: workspace.dir });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(tokens.requests.map((request) => request.grant)).toEqual(['client_credentials', 'refresh_token']);
    // DECISIONS, "Finer points (wave 3)": clientAuth defaults to basic, with no secret in the form.
    expect(
      tokens.requests.every((request) => request.basic && request.form.client_secret === undefined),
    ).toBe(true);
    expect(tokens.requests[0]?.form.scope).toBe('read write');
    // Token requests say who sends them, as every request of the run does (not the protocol library).
    expect(tokens.requests.map((request) => request.userAgent)).toEqual([
      expect.stringMatching(/^runner\//),
      expect.stringMatching(/^runner\//),
    ]);
    expect(api.seen).toHaveLength(100);
    expect(api.seen.every((request) => request.authorization?.startsWith('Bearer '))).toBe(true);
    expect(new Set(api.seen.map((request) => request.authorization)).size).toBe(2);
    // The token requests are in the report, on the steps that made them, masked.
    const report = (await workspace.latestReports())['report.json'] ?? '';
    const exchanges = [...report.matchAll(/"purpose": "oauth2 token"/g)];
    expect(exchanges).toHaveLength(2);
    expect(report).not.toContain('cc-secret');
  }, 60_000);

  it('password grant with clientAuth body; a step’s auth: none and its own Authorization win', async () => {
    const { tokens, api } = await servers({
      clientId: 'app',
      clientSecret: 'app-secret',
      users: { ada: 'lovelace' },
    });
    workspace = await fileWorkspace({
      '.runner/environments/local.yaml': `baseUrl: http://localhost:${api.port}\n`,
      '.runner/credentials/local.yaml':
        'app:\n  secret: app-secret\nada:\n  name: ada\n  password: lovelace\n',
      '.runner/tests/password.yaml': `scenario: password grant
steps:
  - name: with a token
    request: { method: GET, url: /resource/1 }
    auth:
      oauth2:
        grant: password
        tokenUrl: ${tokenUrl(tokens)}
        clientId: app
        clientSecret: $accounts.app.secret
        clientAuth: body
        username: $accounts.ada.name
        password: $accounts.ada.password
    expect: { status: 200, body.ok: true }
  - name: basic
    request: { method: GET, url: /echo }
    auth: { basic: { username: $accounts.ada.name, password: $accounts.ada.password } }
    expect: { body.authorization: "Basic ${Buffer.from('ada:lovelace').toString('base64')}" }
  - name: none
    request: { method: GET, url: /echo }
    auth: none
    expect: { body.authorization: null }
`,
    });
    const run = await runCli(['run'], { cwd: workspace.dir });
    expect(run.stdout).toContain('3 passed');
    expect(run.code).toBe(0);
    expect(tokens.requests).toHaveLength(1);
    const [request] = tokens.requests;
    expect(request?.basic).toBe(false);
    expect(request?.form).toMatchObject({
      grant_type: 'password',
      client_id: 'app',
      client_secret: 'app-secret',
      username: 'ada',
      password: 'lovelace',
    });
    expect(api.seen.map((seen) => seen.path)).toEqual(['/resource/1', '/echo', '/echo']);
  });

  it('an environment’s bearer applies unless the step writes Authorization itself', async () => {
    const { api } = await servers({ clientId: 'x', clientSecret: 'y' });
    workspace = await fileWorkspace({
      '.runner/environments/local.yaml': `baseUrl: http://localhost:${api.port}\nauth: { bearer: $accounts.api.token }\n`,
      '.runner/credentials/local.yaml': 'api:\n  token: env-token\n',
      '.runner/tests/bearer.yaml': `scenario: bearer
steps:
  - request: { method: GET, url: /echo }
    expect: { body.authorization: Bearer env-token }
  - request: { method: GET, url: /echo, headers: { Authorization: Token mine } }
    expect: { body.authorization: Token mine }
`,
    });
    const run = await runCli(['run'], { cwd: workspace.dir });
    expect(run.stdout).toContain('2 passed');
    expect(api.seen.map((seen) => seen.authorization)).toEqual(['Bearer env-token', 'Token mine']);
  });

  it('a 401 naming invalid_token fetches a new token once and sends the request again', async () => {
    const { tokens, api } = await servers({ clientId: 'c', clientSecret: 's' });
    workspace = await fileWorkspace({
      '.runner/environments/local.yaml': `baseUrl: http://localhost:${api.port}\nauth:\n  oauth2: { grant: client_credentials, tokenUrl: "${tokenUrl(tokens)}", clientId: c, clientSecret: $accounts.c.s }\n`,
      '.runner/credentials/local.yaml': 'c:\n  s: s\n',
      '.runner/tests/revoked.yaml': `scenario: revoked
steps:
  - request: { method: GET, url: /resource/1 }
    expect: { status: 200 }
`,
    });
    api.revokeNext();
    const run = await runCli(['run'], { cwd: workspace.dir });
    expect(run.stdout).toContain('1 passed');
    expect(tokens.requests.map((request) => request.grant)).toEqual([
      'client_credentials',
      'client_credentials',
    ]);
    expect(api.seen).toHaveLength(2);
  });

  it('a token that cannot be fetched fails the step naming the token request; its own request is not sent', async () => {
    const { tokens, api } = await servers({ clientId: 'c', clientSecret: 'right' });
    workspace = await fileWorkspace({
      '.runner/environments/local.yaml': `baseUrl: http://localhost:${api.port}\n`,
      '.runner/credentials/local.yaml': 'c:\n  s: wrong-secret\n',
      '.runner/tests/refused.yaml': `scenario: refused
steps:
  - request: { method: GET, url: /resource/1 }
    auth:
      oauth2: { grant: client_credentials, tokenUrl: "${tokenUrl(tokens)}", clientId: c, clientSecret: $accounts.c.s }
    expect: { status: 200 }
`,
    });
    const run = await runCli(['run', '--report', 'json'], { cwd: workspace.dir });
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(
      `token request POST ${tokenUrl(tokens)} (client_credentials) answered 401 invalid_client: refused: invalid_client`,
    );
    expect(api.seen).toEqual([]);
    const report = JSON.parse((await workspace.latestReports())['report.json'] ?? '{}') as {
      steps: { request: unknown; authExchanges: { purpose: string; response: { status: number } }[] }[];
    };
    expect(report.steps[0]?.request).toBeNull();
    expect(
      report.steps[0]?.authExchanges.map((exchange) => [exchange.purpose, exchange.response.status]),
    ).toEqual([['oauth2 token', 401]]);
  });
});

describe('auth: imported from Postman', () => {
  it('an oauth2 client-credentials collection imports to auth: and gets its token when run', async () => {
    const { tokens, api } = await servers({ clientId: 'pm-app', clientSecret: 'pm-secret' });
    workspace = await fileWorkspace({
      '.runner/config.yaml': '',
      'orders.postman_collection.json': JSON.stringify({
        info: {
          name: 'Orders',
          schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json',
        },
        auth: {
          type: 'oauth2',
          oauth2: [
            { key: 'grant_type', value: 'client_credentials' },
            { key: 'accessTokenUrl', value: tokenUrl(tokens) },
            { key: 'clientId', value: 'pm-app' },
            { key: 'clientSecret', value: 'pm-secret' },
            { key: 'scope', value: 'orders' },
          ],
        },
        item: [
          { name: 'List', request: { method: 'GET', url: `http://localhost:${api.port}/resource/orders` } },
        ],
      }),
    });
    const imported = await runCli(['import', 'postman', 'orders.postman_collection.json'], {
      cwd: workspace.dir,
    });
    expect(imported.code).toBe(0);
    expect(imported.stdout).toContain('0 items not converted');
    const run = await runCli(['run', '--env', 'orders'], { cwd: workspace.dir });
    expect(run.stdout).toContain('1 passed');
    expect(tokens.requests.map((request) => [request.grant, request.basic, request.form.scope])).toEqual([
      ['client_credentials', true, 'orders'],
    ]);
    expect(api.seen[0]?.authorization).toMatch(/^Bearer access-0-/);
  });
});

describe('auth: masking canary', () => {
  it('a planted client secret, password, refresh token and access token reach no output', async () => {
    const clientSecret = `CliSec-${nonce()}`;
    const password = `UsrPw-${nonce()}`;
    const refreshToken = `RefTok-${nonce()}`;
    const accessToken = `AccTok-${nonce()}`;
    const { tokens, api } = await servers({
      clientId: 'canary',
      clientSecret,
      users: { ada: password },
      knownRefreshTokens: [refreshToken],
      // The token from the planted refresh token is the planted access token.
      accessTokenFor: (n) => (n === 1 ? accessToken : undefined),
    });
    workspace = await fileWorkspace({
      '.runner/config.yaml': 'reports:\n  failures:\n    enabled: true\n',
      '.runner/environments/local.yaml': `baseUrl: http://localhost:${api.port}\n`,
      '.runner/credentials/local.yaml': `canary:\n  secret: ${clientSecret}\n  password: ${password}\n  refresh: ${refreshToken}\n`,
      '.runner/tests/canary.yaml': `scenario: auth canary
steps:
  - name: password grant, secrets in the form
    request: { method: POST, url: /echo, body: { hello: world } }
    auth:
      oauth2:
        grant: password
        tokenUrl: ${tokenUrl(tokens)}
        clientId: canary
        clientSecret: $accounts.canary.secret
        clientAuth: body
        username: ada
        password: $accounts.canary.password
    expect: { status: 200 }
  - name: refresh token grant, and a failure so everything is printed
    request: { method: GET, url: /resource/echo }
    auth:
      oauth2:
        grant: refresh_token
        tokenUrl: ${tokenUrl(tokens)}
        clientId: canary
        clientSecret: $accounts.canary.secret
        refreshToken: $accounts.canary.refresh
    expect: { status: 200, body.ok: false }
`,
    });
    const run = await runCli(['run', '--verbose', '--report', 'html,json,junit,ctrf'], {
      cwd: workspace.dir,
    });
    const curl = await runCli(['convert', '--to', 'curl', 'canary.yaml'], { cwd: workspace.dir });
    expect(run.code).toBe(1);
    // Live: both grants were used and the API saw the planted access token, echoed back in its body.
    expect(tokens.requests.map((request) => request.grant)).toEqual(['password', 'refresh_token']);
    expect(api.seen[1]?.authorization).toBe(`Bearer ${accessToken}`);
    expect(run.stdout).toContain('1 passed, 1 failed');
    const files = await filesUnder(join(workspace.dir, '.runner/reports'));
    expect(files.some((file) => file.includes('failure-'))).toBe(true);
    expect(files.some((file) => file.includes('"oauth2 token"'))).toBe(true);
    const output = [run.stdout, run.stderr, curl.stdout, curl.stderr, ...files].join('\n');
    expect(firstLeak(output, [clientSecret, password, refreshToken, accessToken])).toBe('');
  }, 30_000);
});
