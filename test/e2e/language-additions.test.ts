/**
 * Wave 2 language additions, part B, through the built CLI: `$env` (and its secrets), step names with their
 * variables, `validate` on the new rules, `runner schema` and `convert --to curl`.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, tempWorkspace } from '../support/cli.js';
import { startTestServer, type TestServer } from '../support/testServer.js';

const token = `tok-${Math.random().toString(36).slice(2)}-zz`;

let server: TestServer;
let dir: string;
let cleanup: () => Promise<void>;

async function scenario(name: string, yaml: string): Promise<string> {
  const file = join(dir, '.runner/tests', name);
  await writeFile(file, yaml);
  return `.runner/tests/${name}`;
}

beforeAll(async () => {
  server = await startTestServer({
    handler: (_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    },
  });
  ({ dir, cleanup } = await tempWorkspace());
  await mkdir(join(dir, '.runner/environments'), { recursive: true });
  await mkdir(join(dir, '.runner/credentials'), { recursive: true });
  await mkdir(join(dir, '.runner/tests'), { recursive: true });
  await writeFile(join(dir, '.runner/config.yaml'), '{}\n');
  await writeFile(
    join(dir, '.runner/environments/local.yaml'),
    `baseUrl: ${server.url.replace('127.0.0.1', 'localhost')}\nvariables: { region: $env.RUNNER_E2E_REGION }\n`,
  );
  await writeFile(join(dir, '.runner/credentials/local.yaml'), 'ci: { password: "$env.RUNNER_E2E_PLAIN" }\n');
});
afterAll(async () => {
  await cleanup();
  await server.close();
});

const env = {
  RUNNER_E2E_API_TOKEN: token,
  RUNNER_E2E_REGION: 'eu-west',
  RUNNER_E2E_PLAIN: 'from-ci-credentials',
};

describe('$env', () => {
  it('reads the OS environment in scenarios and files, masking secret names and credentials everywhere', async () => {
    const file = await scenario(
      'env.yaml',
      `scenario: env
steps:
  - name: call as $env.RUNNER_E2E_API_TOKEN in $region
    request:
      method: GET
      url: /items
      headers: { authorization: "Bearer $env.RUNNER_E2E_API_TOKEN", x-pass: $accounts.ci.password }
    expect: { status: 201 }
`,
    );
    const before = server.requests.length;
    const run = await runCli(['run', file, '--report', 'json'], { cwd: dir, env });
    expect(run.code).toBe(1);
    const sent = server.requests[before]!;
    expect(sent.headers.authorization).toBe(`Bearer ${token}`);
    expect(sent.headers['x-pass']).toBe('from-ci-credentials');
    const report = await readFile(join(dir, '.runner/reports/latest/report.json'), 'utf8');
    for (const output of [run.stdout, run.stderr, report]) {
      expect(output).not.toContain(token);
      expect(output).not.toContain('from-ci-credentials');
    }
    // The step name is shown with its variables filled in, and the secret in it masked.
    expect(run.stdout).toContain('call as [MASKED] in eu-west');
    expect(report).toContain('call as [MASKED] in eu-west');
  });

  it('fails the step before sending when a scenario reads an unset name', async () => {
    const file = await scenario(
      'env-unset.yaml',
      `scenario: env unset
steps:
  - request: { method: GET, url: "/items?k=$env.RUNNER_E2E_NOT_SET" }
`,
    );
    const before = server.requests.length;
    const run = await runCli(['run', file], { cwd: dir, env });
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('environment variable `RUNNER_E2E_NOT_SET` is not set');
    expect(server.requests.length).toBe(before);
  });

  it('stops the run with exit 2 naming the variable when an environment file reads an unset one', async () => {
    const file = await scenario(
      'env-ok.yaml',
      'scenario: ok\nsteps:\n  - request: { method: GET, url: /a }\n',
    );
    const run = await runCli(['run', file], { cwd: dir, env: { RUNNER_E2E_PLAIN: 'x' } });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(
      '.runner/environments/local.yaml:2:22: environment variable `RUNNER_E2E_REGION` is not set',
    );
  });
});

describe('validate', () => {
  it('names file:line:col for regexes RE2 cannot run, impossible statuses and clashing bodies', async () => {
    const file = await scenario(
      'invalid-additions.yaml',
      `scenario: invalid
steps:
  - request:
      method: POST
      url: /a
      body: { a: 1 }
      form: { a: "1" }
    expect:
      status: 6xx
      body.name: matchesRegex ^(?=a)
      body.code: regex (a)\\1
  - request: { method: GET, url: /b }
    expect: { status: 700, body.items: each gt x }
    delay: soon
`,
    );
    const run = await runCli(['validate', file], { cwd: dir });
    expect(run.code).toBe(1);
    const lines = run.stdout.split('\n');
    const find = (text: string) => lines.find((line) => line.includes(text));
    expect(find('cannot be combined')).toMatch(
      /invalid-additions\.yaml:7:7: .*`body` and `form` cannot be combined/,
    );
    expect(find('6xx')).toMatch(
      /invalid-additions\.yaml:9:15: .*takes an integer 100-599, a class such as `2xx`/,
    );
    expect(find('look-around')).toMatch(/invalid-additions\.yaml:10:18: .*look-around .* not supported/);
    expect(find('back-references')).toMatch(
      /invalid-additions\.yaml:11:18: .*back-references .* not supported/,
    );
    expect(find('700')).toMatch(/invalid-additions\.yaml:13:23: /);
    expect(find('each gt x')).toMatch(
      /invalid-additions\.yaml:13:40: .*`gt` needs a number or an RFC 3339 date-time/,
    );
    expect(find('delay')).toMatch(/invalid-additions\.yaml:14:12: .*duration/);
  });

  it('accepts every addition', async () => {
    const file = await scenario(
      'valid-additions.yaml',
      `scenario: valid
steps:
  - name: search $env.HOME
    delay: 10ms
    request:
      method: GET
      url: /search
      query: { tag: [a, b] }
      headers: { x-tag: [one, two], authorization: "Basic \${base64(a:b)}" }
    expect:
      status: 2xx
      headers.set-cookie: each contains "="
      body.items: each gt 2024-01-01T00:00:00Z
      body.day: date
      body.ip: ipv4
      body.ip6: ipv6
      body.name: matchesRegex ^\\w+$
  - request: { method: POST, url: /login, form: { user: ann } }
  - request:
      method: POST
      url: /graphql
      graphql: { query: "query ($$id: ID!) { user(id: $$id) { name } }", variables: { id: 1 } }
`,
    );
    const run = await runCli(['validate', file], { cwd: dir });
    expect(run.stdout).toMatch(/no problems/);
    expect(run.code).toBe(0);
  });
});

describe('runner schema', () => {
  it('describes form, graphql, delay and list values', async () => {
    const run = await runCli(['schema'], { cwd: dir });
    const schema = JSON.parse(run.stdout) as {
      $defs: { step: { properties: Record<string, { properties?: Record<string, unknown> }> } };
    };
    const step = schema.$defs.step.properties;
    expect(Object.keys(step)).toContain('delay');
    expect(Object.keys(step.request!.properties!)).toEqual(expect.arrayContaining(['form', 'graphql']));
    expect(JSON.stringify(step.request!.properties!.query)).toContain('"type":"array"');
  });
});

describe('convert --to curl', () => {
  it('sends what runner sends: form and graphql bodies, repeated query parameters and headers', async () => {
    const file = await scenario(
      'convert-additions.yaml',
      `scenario: convert
steps:
  - request:
      method: POST
      url: /login?x=1
      query: { tag: [a, b] }
      headers: { x-tag: [one, two] }
      form: { user: "Ann Lee", next: "/a&b" }
  - request:
      method: POST
      url: /graphql
      graphql: { query: "{ me }" }
`,
    );
    const run = await runCli(['convert', '--to', 'curl', file], { cwd: dir, env });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("/login?x=1&tag=a&tag=b'");
    expect(run.stdout).toContain("-H 'x-tag: one' \\\n  -H 'x-tag: two'");
    expect(run.stdout).toContain("-H 'content-type: application/x-www-form-urlencoded'");
    expect(run.stdout).toContain("--data-raw 'user=Ann+Lee&next=%2Fa%26b'");
    expect(run.stdout).toContain(
      '-H \'content-type: application/json\' \\\n  --data-raw \'{"query":"{ me }"}\'',
    );
  });
});
