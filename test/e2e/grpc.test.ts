// Issue 25: `grpc` steps end to end. The built CLI against real `@grpc/grpc-js` servers on loopback reached
// by the host name `localhost`: unary and server-streaming calls, descriptors from proto files and from
// reflection (and a server without it), TLS with a private CA, failures that say what was wrong, values
// passed between HTTP and gRPC steps through `save`, the sandbox refusing to dial, a planted secret masked
// in every output, and `runner convert` of a grpcurl command whose scenario then runs.
import { readFile, symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.js';
import {
  GREETER_PROTO,
  GRPC_PROTO_DIR,
  startGrpcServer,
  type GrpcTestServer,
} from '../support/grpcServer.js';
import { filesUnder, firstLeak } from '../support/leaks.js';
import { createCertificateAuthority, issueServerCertificate } from '../support/privateCa.js';
import { startTestServer, type TestServer } from '../support/testServer.js';
import { fileWorkspace, type FileWorkspace } from '../support/workspaceFiles.js';

let reflecting: GrpcTestServer;
let plain: GrpcTestServer;
let secure: GrpcTestServer;
let http: TestServer;
let workspace: FileWorkspace;

/** A tiny HTTP API: `/greeting?text=...` echoes the text; `/name` answers `{ "name": "grace" }`. */
function httpHandler(
  request: import('node:http').IncomingMessage,
  response: import('node:http').ServerResponse,
) {
  const url = new URL(request.url ?? '/', 'http://localhost');
  response.setHeader('content-type', 'application/json');
  if (url.pathname === '/name') response.end(JSON.stringify({ name: 'grace' }));
  else response.end(JSON.stringify({ text: url.searchParams.get('text') }));
}

beforeAll(async () => {
  const ca = await createCertificateAuthority('runner e2e grpc CA');
  [reflecting, plain, secure, http] = await Promise.all([
    startGrpcServer(),
    startGrpcServer({ reflection: false }),
    issueServerCertificate(ca).then((tls) => startGrpcServer({ tls })),
    startTestServer({ handler: httpHandler }),
  ]);
  workspace = await fileWorkspace({
    '.runner/environments/local.yaml':
      `baseUrl: ${http.url}\nvariables:\n` +
      `  grpcHost: localhost:${reflecting.port}\n  plainHost: localhost:${plain.port}\n` +
      `  secureHost: localhost:${secure.port}\n`,
    '.runner/environments/tls.yaml': `baseUrl: ${http.url}\nhttp:\n  caFile: ca.pem\nvariables:\n  secureHost: localhost:${secure.port}\n`,
    'ca.pem': ca.cert,
    [`protos/${GREETER_PROTO}`]: await readFile(join(GRPC_PROTO_DIR, GREETER_PROTO), 'utf8'),
    'protos/mood.proto': await readFile(join(GRPC_PROTO_DIR, 'mood.proto'), 'utf8'),
  });
});

afterAll(async () => {
  await Promise.all([reflecting.stop(), plain.stop(), secure.stop(), http.close()]);
  await workspace.cleanup();
});

async function run(name: string, yaml: string, ...args: string[]) {
  await workspace.write(`.runner/tests/${name}.yaml`, yaml);
  return runCli(['run', `.runner/tests/${name}.yaml`, '-e', 'local', ...args], { cwd: workspace.dir });
}

describe('grpc steps', () => {
  it('calls a unary method: body, int64 as text, enums by name, headers, trailers, status by name and number', async () => {
    const result = await run(
      'grpc-unary',
      `scenario: grpc unary
steps:
  - grpc:
      url: grpc://$grpcHost
      service: runner.test.Greeter
      method: SayHello
      proto: protos/greeter.proto
      metadata: { x-echo: ping }
      message: { user_name: ada, mood: HAPPY }
    expect:
      status: OK
      body.message: Hello, ada!
      body.visits: "9007199254740993"
      body.mood: HAPPY
      body.vip: true
      headers.x-served-by: greeter
      headers.x-echo: ping
      trailers.x-trace: trace-1
  - grpc:
      url: grpc://$grpcHost
      service: runner.test.Greeter
      method: SayHello
      message: { userName: missing }
    expect:
      status: NOT_FOUND
      trailers.grpc-message: user missing not found
      trailers.x-reason: no such user
  - grpc:
      url: grpc://$grpcHost
      service: runner.test.Greeter
      method: SayHello
      message: { user_name: missing }
    expect:
      status: 5
`,
    );
    expect(result.stderr).toBe('');
    expect(result.stdout).toContain('PASSED');
    expect(result.code).toBe(0);
  });

  it('collects a server stream by count, until or timeout', async () => {
    const result = await run(
      'grpc-stream',
      `scenario: grpc stream
steps:
  - name: fixed
    grpc:
      url: grpc://$grpcHost
      service: runner.test.Greeter
      method: CountTo
      message: { to: 3 }
    expect:
      status: OK
      count(body): 3
      body[2].n: 3
  - name: count
    grpc:
      url: grpc://$grpcHost
      service: runner.test.Greeter
      method: CountTo
      message: { endless: true, interval_ms: 10 }
      count: 2
    expect:
      count(body): 2
      body[1].n: 2
  - name: until
    grpc:
      url: grpc://$grpcHost
      service: runner.test.Greeter
      method: CountTo
      message: { endless: true, interval_ms: 10 }
      until: $message.n == 4
      timeout: 5s
    expect:
      count(body): 4
  - name: timeout alone
    grpc:
      url: grpc://$grpcHost
      service: runner.test.Greeter
      method: CountTo
      message: { endless: true, interval_ms: 20 }
      timeout: 200ms
    expect:
      count(body): gt 1
`,
    );
    expect(result.stdout).toContain('PASSED  4 passed');
    expect(result.code).toBe(0);
  });

  it('uses proto files for a server without reflection, and says so when they are missing', async () => {
    const withFiles = await run(
      'grpc-no-reflection',
      `scenario: no reflection
steps:
  - grpc:
      url: grpc://$plainHost
      service: runner.test.Greeter
      method: SayHello
      proto: [protos/greeter.proto]
      message: { user_name: ada }
    expect: { body.message: 'Hello, ada!' }
`,
    );
    expect(withFiles.code).toBe(0);

    const without = await run(
      'grpc-no-reflection-no-files',
      `scenario: no reflection, no files
steps:
  - grpc:
      url: grpc://$plainHost
      service: runner.test.Greeter
      method: SayHello
`,
    );
    expect(without.code).toBe(1);
    expect(without.stdout).toContain(
      'the server offers no reflection service: give the service its `proto:` files',
    );
  });

  it('refuses proto files outside the project root: written with `..` before anything runs, through a symlink when the step runs', async () => {
    const written = await run(
      'grpc-proto-dotdot',
      `scenario: proto outside
steps:
  - grpc:
      url: grpc://$plainHost
      service: runner.test.Greeter
      method: SayHello
      proto: [protos/greeter.proto, ../greeter.proto]
`,
    );
    expect(written.code).toBe(2);
    expect(written.stderr + written.stdout).toMatch(
      /grpc-proto-dotdot\.yaml:7:\d+.*proto: `\.\.\/greeter\.proto` is outside the project root: `\.\.` segments are not allowed/,
    );

    // A link inside the project that leads out of it: only the file system can tell, so the step fails.
    await symlink(join(GRPC_PROTO_DIR, GREETER_PROTO), join(workspace.dir, 'protos', 'linked.proto'));
    const linked = await run(
      'grpc-proto-symlink',
      `scenario: proto through a link
steps:
  - grpc:
      url: grpc://$plainHost
      service: runner.test.Greeter
      method: SayHello
      proto: protos/linked.proto
      message: { user_name: ada }
`,
    );
    expect(linked.code).toBe(1);
    expect(linked.stdout).toContain('proto file `protos/linked.proto` is outside the project root');
    expect(linked.stdout).not.toContain('Hello, ada!');
  });

  it('calls over TLS trusting the private CA of http.caFile, and fails without it', async () => {
    const scenario = `scenario: grpc tls
steps:
  - grpc:
      url: grpcs://$secureHost
      service: runner.test.Greeter
      method: SayHello
      message: { user_name: ada }
    expect: { status: OK }
`;
    await workspace.write('.runner/tests/grpc-tls.yaml', scenario);
    const trusted = await runCli(['run', '.runner/tests/grpc-tls.yaml', '-e', 'tls'], { cwd: workspace.dir });
    expect(trusted.stdout).toContain('PASSED');
    expect(trusted.code).toBe(0);
    const untrusted = await run('grpc-tls-untrusted', scenario);
    expect(untrusted.code).toBe(1);
    expect(untrusted.stdout).toMatch(/cannot connect to grpcs:\/\/localhost:\d+: .*certificate/);
  });

  it('fails with exit 1 and a clear line on a wrong status, a missing message and an unknown field', async () => {
    const wrong = await run(
      'grpc-wrong-status',
      `scenario: wrong status
steps:
  - grpc:
      url: grpc://$grpcHost
      service: runner.test.Greeter
      method: SayHello
      message: { user_name: missing }
    expect: { status: OK }
`,
    );
    expect(wrong.code).toBe(1);
    expect(wrong.stdout).toContain('✗ status = OK (0) (expected), got NOT_FOUND (5)');
    expect(wrong.stdout).toMatch(/gRPC grpc:\/\/localhost:\d+\/runner\.test\.Greeter\/SayHello 5 NOT_FOUND/);

    const missing = await run(
      'grpc-missing',
      `scenario: missing message
steps:
  - grpc:
      url: grpc://$grpcHost
      service: runner.test.Greeter
      method: CountTo
      message: { to: 1 }
      count: 3
      timeout: 2s
`,
    );
    expect(missing.code).toBe(1);
    expect(missing.stdout).toMatch(/count 3 not reached.*1 message/);

    const unknown = await run(
      'grpc-unknown-field',
      `scenario: unknown field
steps:
  - grpc:
      url: grpc://$grpcHost
      service: runner.test.Greeter
      method: SayHello
      message: { user: ada }
`,
    );
    expect(unknown.code).toBe(1);
    expect(unknown.stdout).toContain('`message.user` is not a field of `runner.test.HelloRequest`');
  });

  it('passes values between HTTP and gRPC steps through save', async () => {
    const result = await run(
      'grpc-save',
      `scenario: grpc and http
steps:
  - request: { method: GET, url: /name }
    save: { name: body.name }
  - grpc:
      url: grpc://$grpcHost
      service: runner.test.Greeter
      method: SayHello
      message: { user_name: $name }
    expect: { body.message: 'Hello, grace!' }
    save: { greeting: body.message, visits: body.visits }
  - request: { method: GET, url: '/greeting', query: { text: '$greeting $visits' } }
    expect: { body.text: 'Hello, grace! 9007199254740993' }
`,
    );
    expect(result.stdout).toContain('PASSED');
    expect(result.code).toBe(0);
  });

  it('does not connect to a host the sandbox blocks', async () => {
    await workspace.write(
      '.runner/config.yaml',
      'security:\n  sandboxing:\n    enabled: true\n    blockedDomains: [localhost]\n',
    );
    const before = reflecting.calls.length;
    try {
      const result = await run(
        'grpc-blocked',
        `scenario: blocked
steps:
  - grpc: { url: 'grpc://$grpcHost', service: runner.test.Greeter, method: SayHello }
`,
      );
      expect(result.code).toBe(1);
      expect(result.stdout).toMatch(/✗ .*localhost.*blocked/i);
      expect(reflecting.calls.length).toBe(before);
    } finally {
      await workspace.write('.runner/config.yaml', '');
    }
  });

  it('keeps a secret sent in metadata and in the message out of every output', async () => {
    const secret = `Sk${Math.random().toString(36).slice(2)}Zq`;
    await workspace.write('.runner/credentials/local.yaml', `api:\n  key: ${secret}\n`);
    const result = await run(
      'grpc-secret',
      `scenario: grpc secret
steps:
  - grpc:
      url: grpc://$grpcHost
      service: runner.test.Greeter
      method: SayHello
      metadata: { authorization: 'Bearer $accounts.api.key', x-echo: $accounts.api.key }
      message: { user_name: $accounts.api.key }
    expect:
      status: NOT_FOUND
`,
      '--verbose',
      '--report',
      'json,html,junit,ctrf',
    );
    expect(result.stderr).toBe('');
    expect(result.code).toBe(1);
    expect(reflecting.received.at(-1)?.authorization).toBe(`Bearer ${secret}`);
    const everything = [
      result.stdout,
      result.stderr,
      ...(await filesUnder(join(workspace.dir, '.runner/reports'))),
    ];
    // The outputs hold the call (so the check below looked at it), its metadata masked.
    expect(everything.join('\n')).toContain('runner.test.Greeter/SayHello');
    expect(everything.join('\n')).toContain('[MASKED]');
    expect(firstLeak(everything.join('\n'), [secret])).toBe('');
  });
});

describe('validate grpc steps', () => {
  it('names file:line:col for a wrong scheme, an unknown key, a bad status name and a path of another kind', async () => {
    await workspace.write(
      '.runner/tests/bad-grpc.yaml',
      `scenario: bad
steps:
  - grpc:
      url: http://localhost:1
      service: runner.test.Greeter
      methd: SayHello
    expect:
      status: NOT_FOUNDD
      messages[0]: 1
`,
    );
    const result = await runCli(['validate', '.runner/tests/bad-grpc.yaml'], { cwd: workspace.dir });
    expect(result.code).toBe(1);
    const output = result.stdout + result.stderr;
    expect(output).toMatch(/bad-grpc\.yaml:4:12.*`grpc:\/\/` or `grpcs:\/\/`/);
    expect(output).toMatch(/bad-grpc\.yaml:6:7.*methd/);
    expect(output).toMatch(/bad-grpc\.yaml:8:15.*NOT_FOUNDD.*NOT_FOUND/);
    expect(output).toMatch(/bad-grpc\.yaml:9:7.*`messages` is not available on a `grpc` step/);
  });
});

describe('runner convert of a grpcurl command', () => {
  it('writes a grpc step that validates and runs', async () => {
    const converted = await runCli(
      [
        'convert',
        `grpcurl -plaintext -import-path protos -proto greeter.proto -d '{"userName": "ada"}' localhost:${plain.port} runner.test.Greeter/SayHello`,
      ],
      { cwd: workspace.dir },
    );
    expect(converted.code).toBe(0);
    await workspace.write('.runner/tests/converted-grpc.yaml', converted.stdout);
    const result = await runCli(['run', '.runner/tests/converted-grpc.yaml', '-e', 'local'], {
      cwd: workspace.dir,
    });
    expect(result.stdout).toContain('PASSED');
    expect(result.code).toBe(0);
    expect(plain.calls.at(-1)).toBe('runner.test.Greeter/SayHello');
  });
});
