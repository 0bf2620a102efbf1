// Issue 25: the `subscription` step end to end. The built CLI against a real GraphQL server speaking
// graphql-transport-ws (graphql-ws's own server over `ws`) on loopback, reached as `localhost`: results as
// `messages`, collection by count / until / timeout and the server's completion, errors visible, failures
// that say what was missing, late or wrong, values passed both ways with HTTP steps, a planted secret masked
// everywhere, the sandbox refusing to dial, and validate's file:line:col.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, startCli } from '../support/cli.js';
import { startGraphqlServer, type GraphqlServer } from '../support/graphqlServer.js';
import { filesUnder, firstLeak } from '../support/leaks.js';
import { fileWorkspace, runScenario, type FileWorkspace } from '../support/workspaceFiles.js';

let server: GraphqlServer;
let workspace: FileWorkspace;

beforeAll(async () => {
  server = await startGraphqlServer();
  workspace = await fileWorkspace({
    '.runner/environments/local.yaml': `baseUrl: ${server.httpUrl}\nvariables:\n  graphql: ${server.url}\n`,
  });
});

afterAll(async () => {
  await server.close();
  await workspace.cleanup();
});

const run = (name: string, yaml: string, ...args: string[]) => runScenario(workspace, name, yaml, ...args);

describe('subscription steps', () => {
  it('collects results until the server completes, with variables saved from an HTTP step and back', async () => {
    const result = await run(
      'gql-pass',
      `scenario: countdown
steps:
  - request: { method: GET, url: /start }
    save: { from: body.from }
  - subscription:
      url: $graphql
      query: 'subscription Count($$n: Int!) { countdown(from: $$n) }'
      variables: { n: $from }
      operationName: Count
    expect:
      messages.count: 3
      count(messages): 3
      messages[0].data.countdown: 3
      messages[2].data.countdown: 1
      messages[*].data.countdown: [3, 2, 1]
    save:
      last: messages[2].data.countdown
  - subscription:
      url: $graphql
      query: 'subscription { whoami { greeting user } }'
    save: { user: 'messages[0].data.whoami.user' }
  - request: { method: GET, url: '/echo?last=$last&user=$user' }
    expect: { body.path: /echo?last=1&user=u-42 }
`,
    );
    expect(result.stdout).toContain('PASSED  4 passed');
    expect(result.code).toBe(0);
    expect(server.httpRequests).toContain('/echo?last=1&user=u-42');
    expect(server.seen.at(-1)?.subprotocol).toBe('graphql-transport-ws');
  });

  it('stops an endless subscription at `count`, `until` or `timeout`', async () => {
    const endlessBefore = server.endlessStopped;
    const result = await run(
      'gql-goals',
      `scenario: ticks
steps:
  - name: count
    subscription: { url: $graphql, query: 'subscription { ticks }', count: 2 }
    expect: { messages.count: 2, 'messages[1].data.ticks': 1 }
  - name: until
    subscription:
      url: $graphql
      query: 'subscription { ticks }'
      until: $message.data.ticks == 3
      timeout: 5s
    expect: { messages.count: 4, 'messages[3].data.ticks': 3 }
  - name: timeout alone
    subscription: { url: $graphql, query: 'subscription { ticks }', timeout: 200ms }
    expect: { messages.count: gt 1 }
`,
    );
    expect(result.stdout).toContain('PASSED  3 passed');
    expect(result.code).toBe(0);
    // runner ended each endless subscription itself: the server's stream was stopped, not left running.
    await expect.poll(() => server.endlessStopped).toBe(endlessBefore + 3);
  });

  it("shows the server's errors as results: a failing event, and an operation it refuses", async () => {
    const result = await run(
      'gql-errors',
      `scenario: errors
steps:
  - subscription: { url: $graphql, query: 'subscription { flaky }' }
    expect:
      messages.count: 2
      messages[0].data.flaky: 1
      messages[1].errors[0].message: flaky broke at event 2
  - subscription: { url: $graphql, query: 'subscription { nosuchfield }' }
    expect:
      messages.count: 1
      messages[0].errors[0].message: contains nosuchfield
`,
    );
    expect(result.stdout).toContain('PASSED  2 passed');
    expect(result.code).toBe(0);
  });

  it('fails with exit 1 and a clear line when a message is missing, late or wrong, or the server refuses', async () => {
    const result = await run(
      'gql-fail',
      `scenario: failures
steps:
  - name: missing
    subscription: { url: $graphql, query: 'subscription { countdown(from: 2) }', count: 5 }
teardown:
  - name: late
    subscription: { url: $graphql, query: 'subscription { late }', count: 1, timeout: 300ms }
  - name: wrong
    subscription: { url: $graphql, query: 'subscription { countdown(from: 2) }' }
    expect: { 'messages[0].data.countdown': 99 }
  - name: refused
    subscription:
      url: $graphql
      query: 'subscription { ticks }'
      connectionParams: { deny: true }
  - name: nothing there
    subscription: { url: 'ws://localhost:1/graphql', query: 'subscription { ticks }' }
  - name: not a GraphQL endpoint
    subscription: { url: '$graphql/../nowhere', query: 'subscription { ticks }' }
`,
    );
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('count 5 not reached: the server ended the stream after 2 messages');
    expect(result.stdout).toContain('count 1 not reached: no more within 300ms after 0 messages');
    expect(result.stdout).toMatch(/✗ messages\[0\]\.data\.countdown/);
    expect(result.stdout).toContain(
      'the server closed the GraphQL connection while connecting (code 4403: Forbidden)',
    );
    expect(result.stdout).toMatch(/nothing there[\s\S]*(refused|ECONNREFUSED)/i);
    // Every step reported, and the run's summary: nothing ended the process early.
    expect(result.stdout).toContain('the server answered the WebSocket handshake with HTTP 404 Not Found');
    expect(result.stdout).toMatch(/FAILED {2}0 passed, 6 failed/);
    expect(result.stdout + result.stderr).not.toMatch(/internal error|\n\s+at /);
  });

  it('fails when the server never acknowledges the connection, within http.timeout', async () => {
    await workspace.write(
      '.runner/environments/short.yaml',
      `baseUrl: ${server.httpUrl}\nhttp: { timeout: 300ms }\nvariables:\n  graphql: ${server.url}\n`,
    );
    await workspace.write(
      '.runner/tests/gql-mute.yaml',
      `scenario: mute\nsteps:\n  - subscription: { url: '$graphql/../mute', query: 'subscription { ticks }' }\n`,
    );
    const result = await runCli(['run', '.runner/tests/gql-mute.yaml', '-e', 'short'], {
      cwd: workspace.dir,
    });
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('the server did not acknowledge the GraphQL connection within 300ms');
  });

  it('says a subscription stopped by Ctrl-C was interrupted, open or still connecting, not closed by the server', async () => {
    for (const [name, url] of [
      ['gql-interrupted-open', '$graphql'],
      ['gql-interrupted-connecting', "'$graphql/../mute'"],
    ] as const) {
      await workspace.write(
        `.runner/tests/${name}.yaml`,
        `scenario: ${name}\nsteps:\n  - subscription: { url: ${url}, query: 'subscription { ticks }', timeout: 20s }\n`,
      );
      const connections = server.seen.length;
      const cli = startCli(['run', `.runner/tests/${name}.yaml`, '-e', 'local'], { cwd: workspace.dir });
      // The open one once the server has its connection (then a few ticks); the mute server never says.
      const started = Date.now();
      while (server.seen.length === connections && Date.now() - started < 1_000) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await new Promise((resolve) => setTimeout(resolve, 150));
      cli.child.kill('SIGINT');
      const { code, stdout } = await cli.done;
      expect(code).toBe(130);
      expect(stdout).toMatch(/✗ .*\n.*interrupted/);
      expect(stdout).not.toMatch(/4499|Terminated|closed by the server/i);
    }
  }, 15_000);

  it('does not connect to a host the sandbox blocks', async () => {
    await workspace.write(
      '.runner/config.yaml',
      'security:\n  sandboxing:\n    enabled: true\n    blockedDomains: [localhost]\n',
    );
    const before = server.seen.length;
    try {
      const result = await run(
        'gql-blocked',
        `scenario: blocked
steps:
  - subscription: { url: $graphql, query: 'subscription { ticks }', count: 1 }
`,
      );
      expect(result.code).toBe(1);
      expect(result.stdout).toMatch(/✗ .*localhost.*blocked/i);
      expect(server.seen.length).toBe(before);
    } finally {
      await workspace.write('.runner/config.yaml', '');
    }
  });
});

describe('masking', () => {
  it('keeps a secret sent in a header, the connection params and the variables out of every output', async () => {
    const secret = `Gq${Math.random().toString(36).slice(2)}Zx`;
    await workspace.write('.runner/credentials/local.yaml', `api:\n  token: ${secret}\n`);
    const result = await run(
      'gql-secret',
      `scenario: secret
steps:
  - subscription:
      url: $graphql
      headers: { authorization: 'Bearer $accounts.api.token' }
      connectionParams: { token: $accounts.api.token }
      query: 'subscription Count($$n: Int!, $$note: String) { countdown(from: $$n) }'
      variables: { n: 2, note: $accounts.api.token }
    expect:
      messages.count: 2
      messages[0].data.countdown: 7
`,
      '--verbose',
      '--report',
      'json,html,junit',
    );
    expect(result.code).toBe(1);
    const seen = server.seen.at(-1);
    expect(seen?.authorization).toBe(`Bearer ${secret}`);
    expect(seen?.connectionParams).toEqual({ token: secret });
    const reports = await workspace.latestReports();
    expect(Object.keys(reports).sort()).toEqual(['report.html', 'report.json', 'report.xml']);
    const everything = [
      result.stdout,
      result.stderr,
      ...(await filesUnder(`${workspace.dir}/.runner/reports`)),
    ];
    expect(everything.join('\n')).toContain('[MASKED]');
    expect(firstLeak(everything.join('\n'), [secret])).toBe('');
  });
});

describe('validate', () => {
  it('names file:line:col for a wrong scheme, a missing query, an unknown key and a path of another kind', async () => {
    await workspace.write(
      '.runner/tests/bad-subscription.yaml',
      `scenario: bad
steps:
  - subscription:
      url: http://localhost/graphql
      variabels: { n: 1 }
    expect:
      close.code: 1000
  - subscription:
      url: ws://localhost/graphql
      query: 'subscription { ticks }'
      count: many
`,
    );
    const result = await runCli(['validate', '.runner/tests/bad-subscription.yaml'], { cwd: workspace.dir });
    expect(result.code).toBe(1);
    const output = result.stdout + result.stderr;
    expect(output).toMatch(/bad-subscription\.yaml:4:12.*URL starting with `ws:\/\/` or `wss:\/\/`/);
    expect(output).toMatch(/bad-subscription\.yaml:4:7: missing required key `query` in `subscription`/);
    expect(output).toMatch(/bad-subscription\.yaml:5:7.*variabels/);
    expect(output).toMatch(/bad-subscription\.yaml:7:7.*`close` is not available on a `subscription` step/);
    expect(output).toMatch(/bad-subscription\.yaml:11:14/);
  });
});
