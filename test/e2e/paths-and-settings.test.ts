// Issue 22, "Language": what a new user met with the built CLI against a real server. `count()` of the
// `Set-Cookie` list passes `validate` and the run; a failed check reads as SPEC writes it
// (`status = <expected> (expected), got <actual>`), matchers included; and `$env` in an environment file is
// read before its values are checked, so `baseUrl: $env.API_BASE` works.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.js';
import { startTestServer, type TestServer } from '../support/testServer.js';
import { fileWorkspace, type FileWorkspace } from '../support/workspaceFiles.js';

let server: TestServer;
let workspace: FileWorkspace | undefined;
let base: string;

beforeAll(async () => {
  server = await startTestServer({
    handler: (_request, response) => {
      response.setHeader('set-cookie', ['theme=dark; Path=/', 'lang=en; Path=/']);
      response.writeHead(400, { 'content-type': 'application/json' }).end('{"name":"Ada"}');
    },
  });
  base = server.url.replace('127.0.0.1', 'localhost');
});
afterAll(async () => server.close());
afterEach(async () => {
  await workspace?.cleanup();
  workspace = undefined;
});

const SCENARIO = `scenario: paths
steps:
  - request: { method: GET, url: /x }
    expect:
      - count(headers.set-cookie): 2
      - status: 5xx
      - body.name: startsWith Gr
      - body.name: Grace
`;

describe('paths and failure lines', () => {
  it('counts the Set-Cookie list in validate and in the run, and fails in SPEC form', async () => {
    workspace = await fileWorkspace({
      '.runner/environments/local.yaml': `baseUrl: ${base}\n`,
      '.runner/tests/paths.yaml': SCENARIO,
    });
    const validate = await runCli(['validate'], { cwd: workspace.dir });
    expect(validate.stdout + validate.stderr).not.toContain('never a list');
    expect(validate.code).toBe(0);

    const run = await runCli(['run'], { cwd: workspace.dir });
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('✓ count(headers.set-cookie) == 2');
    expect(run.stdout).toContain('✗ status = 5xx (expected), got 400');
    expect(run.stdout).toContain('✗ body.name = startsWith "Gr" (expected), got "Ada"');
    expect(run.stdout).toContain('✗ body.name = "Grace" (expected), got "Ada"');
  });
});

describe('$env in environment files', () => {
  it('reads `baseUrl: $env.API_BASE` before checking it is a URL, in validate and in the run', async () => {
    workspace = await fileWorkspace({
      '.runner/environments/local.yaml': 'baseUrl: $env.API_BASE\n',
      '.runner/tests/ok.yaml':
        'scenario: ok\nsteps:\n  - request: { method: GET, url: /x }\n    expect: { status: 400 }\n',
    });
    const validate = await runCli(['validate'], { cwd: workspace.dir });
    expect(validate.stdout + validate.stderr).not.toContain('absolute');
    expect(validate.code).toBe(0);

    const run = await runCli(['run'], { cwd: workspace.dir, env: { API_BASE: base } });
    expect(run.stderr).toBe('');
    expect(run.stdout).toContain(`GET ${base}/x`);
    expect(run.code).toBe(0);
  });

  it('checks the value read from the environment, naming where it was written', async () => {
    workspace = await fileWorkspace({
      '.runner/environments/local.yaml': 'baseUrl: $env.API_BASE\n',
      '.runner/tests/ok.yaml': 'scenario: ok\nsteps:\n  - request: { method: GET, url: /x }\n',
    });
    const run = await runCli(['run'], { cwd: workspace.dir, env: { API_BASE: 'localhost:8080' } });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(
      '.runner/environments/local.yaml:1:10: `baseUrl` must be an absolute http(s) URL such as `https://api.example.com`, got the value of `$env.API_BASE`',
    );
  });

  it('reads `$env` in service URLs, cache URLs, the proxy and file settings before using them', async () => {
    workspace = await fileWorkspace({
      '.runner/environments/local.yaml':
        'baseUrl: $env.API_BASE\n' +
        'services: { users: { baseUrl: "${env.API_BASE}/users" } }\n' +
        'cache: { sessions: { url: $env.REDIS_URL } }\n' +
        'http: { proxy: $env.PROXY_URL, caFile: $env.CA_FILE }\n',
      '.runner/tests/ok.yaml':
        'scenario: ok\nsteps:\n  - request: { method: GET, url: /x, service: users }\n    expect: { status: 400 }\n',
    });
    const validate = await runCli(['validate'], { cwd: workspace.dir });
    expect(validate.stdout + validate.stderr).not.toContain('must be');
    expect(validate.code).toBe(0);

    // An absolute caFile from the environment is used as it is, not joined to the project root.
    const run = await runCli(['run'], {
      cwd: workspace.dir,
      env: {
        API_BASE: base,
        REDIS_URL: 'redis://localhost:6379',
        PROXY_URL: 'http://localhost:9',
        CA_FILE: '/nonexistent-runner-ca/ca.pem',
      },
    });
    expect(run.stderr).toContain('cannot read http.caFile /nonexistent-runner-ca/ca.pem');
    expect(run.code).toBe(2);
  });
});
