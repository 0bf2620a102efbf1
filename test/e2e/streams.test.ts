// Issue 25: `websocket` and `sse` steps end to end. The built CLI against a real `ws` server and real event
// streams on loopback, reached by the host name `localhost`: messages and events as paths, collection by
// count / until / timeout, failures that say what was missing, late or wrong, values passed between HTTP
// and stream steps through `save`, a planted secret masked everywhere, and the sandbox refusing to dial.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.js';
import { filesUnder, firstLeak } from '../support/leaks.js';
import {
  createCertificateAuthority,
  issueClientCertificate,
  issueServerCertificate,
} from '../support/privateCa.js';
import { reportSchemaErrors } from '../support/reportSchema.js';
import { startStreamServer, type StreamServer } from '../support/streamServer.js';
import { fileWorkspace, runScenario, type FileWorkspace } from '../support/workspaceFiles.js';

let server: StreamServer;
let workspace: FileWorkspace;

beforeAll(async () => {
  server = await startStreamServer();
  workspace = await fileWorkspace({
    '.runner/environments/local.yaml': `baseUrl: http://${server.host}\nvariables:\n  host: ${server.host}\n`,
  });
});

afterAll(async () => {
  await server.close();
  await workspace.cleanup();
});

const run = (name: string, yaml: string, ...args: string[]) => runScenario(workspace, name, yaml, ...args);

describe('websocket steps', () => {
  it('sends JSON and text frames, reads messages by index and count, and the server close', async () => {
    const result = await run(
      'ws-echo',
      `scenario: ws echo
steps:
  - websocket:
      url: ws://$host/echo
      headers: { x-client: runner }
      subprotocols: [chat.v1]
      send:
        - { type: hello, n: 1 }
        - plain words
        - binary
        - bye
    expect:
      messages.count: 4
      count(messages): 4
      messages[0].type: welcome
      messages[0].protocol: chat.v1
      messages[1].type: hello
      messages[1].n: 1
      messages[2]: plain words
      messages[3].binary: true
      messages[3].data: AQID
      close.code: 4000
      close.reason: see you
      close.by: server
`,
    );
    expect(result.stdout).toContain('PASSED');
    expect(result.code).toBe(0);
    const connection = server.connections.at(-1);
    expect(connection?.headers['x-client']).toBe('runner');
    expect(connection?.received).toEqual(['{"type":"hello","n":1}', 'plain words', 'binary', 'bye']);
  });

  it('stops at `until` or `count`, and closes itself with 1000 as the client', async () => {
    const result = await run(
      'ws-goals',
      `scenario: ws goals
steps:
  - name: until
    websocket:
      url: ws://$host/ticker
      receive: { until: '$message.tick == 3', timeout: 5s }
    expect:
      messages.count: 3
      messages[2].tick: 3
      close.code: 1000
      close.by: client
  - name: count
    websocket:
      url: ws://$host/ticker
      receive: { count: 2 }
    expect: { messages.count: 2, close.by: client }
  - name: timeout alone
    websocket:
      url: ws://$host/ticker
      receive: { timeout: 200ms }
    expect: { messages.count: gt 1 }
`,
    );
    expect(result.stdout).toContain('PASSED  3 passed');
    expect(result.code).toBe(0);
  });

  it('fails with exit 1 when a message is missing, late or wrong', async () => {
    const missing = await run(
      'ws-missing',
      `scenario: ws missing
steps:
  - websocket:
      url: ws://$host/silent
      receive: { count: 1, timeout: 300ms }
`,
    );
    expect(missing.code).toBe(1);
    expect(missing.stdout).toContain('receive.count 1 not reached: no more within 300ms after 0 messages');

    const late = await run(
      'ws-late',
      `scenario: ws late
steps:
  - websocket:
      url: ws://$host/ticker
      receive: { until: '$message.tick == 1000', timeout: 150ms }
`,
    );
    expect(late.code).toBe(1);
    expect(late.stdout).toMatch(
      /receive\.until `\$message\.tick == 1000` not reached: no more within 150ms after \d+ messages/,
    );

    const closed = await run(
      'ws-closed',
      `scenario: ws closed
steps:
  - websocket:
      url: ws://$host/echo
      send: [bye]
      receive: { count: 3 }
`,
    );
    expect(closed.code).toBe(1);
    expect(closed.stdout).toContain(
      'receive.count 3 not reached: the server ended the stream after 1 message',
    );
    expect(closed.stdout).toContain('closed by server: 4000 see you');

    const wrong = await run(
      'ws-wrong',
      `scenario: ws wrong
steps:
  - websocket:
      url: ws://$host/echo
      send: [{ type: hello }]
      receive: { count: 2 }
    expect:
      messages[1].type: goodbye
`,
    );
    expect(wrong.code).toBe(1);
    expect(wrong.stdout).toMatch(/✗ messages\[1\]\.type .*"goodbye".*"hello"|✗ messages\[1\]\.type/);
    expect(wrong.stdout).toContain('"hello"');
  });

  it('does not connect to a host the sandbox blocks', async () => {
    await workspace.write(
      '.runner/config.yaml',
      'security:\n  sandboxing:\n    enabled: true\n    blockedDomains: [localhost]\n',
    );
    const before = server.connections.length;
    const sseBefore = server.sseRequests.length;
    try {
      const result = await run(
        'ws-blocked',
        `scenario: blocked
steps:
  - websocket: { url: 'ws://$host/echo' }
teardown:
  - sse: { url: 'http://$host/events/fixed' }
`,
      );
      expect(result.code).toBe(1);
      expect(result.stdout).toMatch(/✗ .*localhost.*blocked/i);
      expect(server.connections.length).toBe(before);
      expect(server.sseRequests.length).toBe(sseBefore);
    } finally {
      await workspace.write('.runner/config.yaml', '');
    }
  });
});

describe('host pins', () => {
  it('dials a pinned host name (--resolve) for websocket and sse, naming it in the handshake', async () => {
    const port = server.host.split(':')[1] ?? '';
    const result = await run(
      'pinned',
      `scenario: pinned
steps:
  - websocket:
      url: ws://chat.example.test:${port}/echo
      send: [bye]
    expect:
      messages[0].type: welcome
      ip: 127.0.0.1
  - sse: { url: 'http://events.example.test:${port}/events/fixed' }
    expect: { events.count: 3 }
`,
      '--resolve',
      `chat.example.test:${port}:127.0.0.1`,
      '--resolve',
      `events.example.test:${port}:127.0.0.1`,
    );
    expect(result.stdout).toContain('PASSED  2 passed');
    expect(result.code).toBe(0);
    expect(server.connections.at(-1)?.headers.host).toBe(`chat.example.test:${port}`);
    expect(server.sseRequests.at(-1)?.headers.host).toBe(`events.example.test:${port}`);
  });
});

describe('TLS', () => {
  it('reaches wss:// and https:// streams with http.caFile and a client certificate, and refuses an unknown CA', async () => {
    const [serverCa, clientCa] = await Promise.all([
      createCertificateAuthority('stream test CA'),
      createCertificateAuthority('stream client CA'),
    ]);
    const [leaf, client] = await Promise.all([
      issueServerCertificate(serverCa),
      issueClientCertificate(clientCa),
    ]);
    const secure = await startStreamServer({
      tls: { ...leaf, requestCert: true, rejectUnauthorized: true, ca: clientCa.cert },
    });
    const tls = await fileWorkspace({
      '.runner/environments/trusted.yaml': [
        `baseUrl: https://${secure.host}`,
        'http:',
        '  caFile: certs/ca.pem',
        '  clientCert: certs/client.pem',
        '  clientKey: certs/client-key.pem',
        '',
      ].join('\n'),
      '.runner/environments/untrusted.yaml': `baseUrl: https://${secure.host}\n`,
      'certs/ca.pem': serverCa.cert,
      'certs/client.pem': client.cert,
      'certs/client-key.pem': client.key,
      '.runner/tests/secure.yaml': `scenario: secure
steps:
  - websocket:
      url: wss://${secure.host}/echo
      send: [bye]
    expect:
      messages[0].type: welcome
      close.code: 4000
  - sse: { url: 'https://${secure.host}/events/fixed' }
    expect:
      events.count: 3
      certificate.subject: CN=localhost
      certificate.issuer: CN=stream test CA
`,
    });
    try {
      const trusted = await runCli(['run', '.runner/tests/secure.yaml', '-e', 'trusted'], { cwd: tls.dir });
      expect(trusted.stdout).toContain('PASSED  2 passed');
      expect(trusted.code).toBe(0);
      const untrusted = await runCli(['run', '.runner/tests/secure.yaml', '-e', 'untrusted'], {
        cwd: tls.dir,
      });
      expect(untrusted.code).toBe(1);
      expect(untrusted.stdout).toContain(
        'TLS handshake with localhost:' +
          (secure.host.split(':')[1] ?? '') +
          ' failed: the server certificate is signed by an unknown authority',
      );
      expect(untrusted.stdout).toContain('0 passed, 2 failed');
      // Nothing was sent on a connection that never opened.
      expect(untrusted.stdout).not.toContain('sent 1: bye');
    } finally {
      await secure.close();
      await tls.cleanup();
    }
  });
});

describe('validate', () => {
  it('names file:line:col for an unknown key, a wrong scheme and a path of another kind', async () => {
    await workspace.write(
      '.runner/tests/bad-stream.yaml',
      `scenario: bad
steps:
  - websocket:
      url: http://localhost/chat
      recieve: { count: 1 }
    expect:
      events[0].data: 1
  - sse:
      url: ws://localhost/events
      count: many
`,
    );
    const result = await runCli(['validate', '.runner/tests/bad-stream.yaml'], { cwd: workspace.dir });
    expect(result.code).toBe(1);
    const output = result.stdout + result.stderr;
    expect(output).toMatch(/bad-stream\.yaml:4:12.*URL starting with `ws:\/\/` or `wss:\/\/`/);
    expect(output).toMatch(/bad-stream\.yaml:5:7.*recieve/);
    expect(output).toMatch(/bad-stream\.yaml:7:7.*`events` is not available on a `websocket` step/);
    expect(output).toMatch(/bad-stream\.yaml:9:12.*URL starting with `http:\/\/` or `https:\/\/`/);
    expect(output).toMatch(/bad-stream\.yaml:10:14/);
  });
});

describe('sse steps', () => {
  it('reads a fixed stream: JSON data parsed, `message` by default, ids inherited, text kept', async () => {
    const result = await run(
      'sse-fixed',
      `scenario: sse fixed
steps:
  - sse: { url: 'http://$host/events/fixed' }
    expect:
      status: 200
      headers.content-type: text/event-stream
      count(events): 3
      events.count: 3
      events[0].event: price
      events[0].data.price: 10
      events[0].id: "1"
      events[1].event: message
      events[1].data.price: 11
      events[1].id: "1"
      events[2].data: plain text
      events[2].id: "3"
    save:
      firstPrice: events[0].data.price
  - request: { method: GET, url: '/api/price?value=$firstPrice' }
    expect: { body.url: /api/price?value=10 }
`,
    );
    expect(result.stdout).toContain('PASSED');
    expect(result.code).toBe(0);
  });

  it('cuts an endless stream by `until`, `count` or `timeout`, and sends `lastEventId`', async () => {
    const result = await run(
      'sse-endless',
      `scenario: sse endless
steps:
  - name: until
    sse:
      url: http://$host/events/endless
      until: $event.data.n == 3
      lastEventId: "41"
    expect:
      events.count: 3
      events[2].id: "3"
      events[0].data.last: "41"
  - name: count
    sse: { url: 'http://$host/events/endless', count: 2, timeout: 5s }
    expect: { events.count: 2 }
  - name: timeout alone
    sse: { url: 'http://$host/events/endless', timeout: 150ms }
    expect: { events.count: gt 1 }
`,
    );
    expect(result.stdout).toContain('PASSED  3 passed');
    expect(result.code).toBe(0);
    const withId = server.sseRequests.filter((request) => request.headers['last-event-id'] === '41');
    expect(withId).toHaveLength(1);
  });

  it('fails with exit 1 when an event is missing, late or wrong', async () => {
    const result = await run(
      'sse-fail',
      `scenario: sse fail
steps:
  - name: missing
    sse: { url: 'http://$host/events/fixed', count: 5 }
teardown:
  - name: late
    sse: { url: 'http://$host/events/endless', count: 1000, timeout: 100ms }
  - name: wrong
    sse: { url: 'http://$host/events/fixed' }
    expect:
      events[0].data.price: 99
  - name: not a stream
    sse: { url: 'http://$host/nowhere' }
`,
    );
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('count 5 not reached: the server ended the stream after 3 events');
    expect(result.stdout).toMatch(/count 1000 not reached: no more within 100ms after \d+ events/);
    expect(result.stdout).toMatch(/✗ events\[0\]\.data\.price/);
    expect(result.stdout).toContain(
      'not an event stream: the server answered HTTP 404 Not Found with `text/plain`',
    );
  });
});

describe('a hostile event stream', () => {
  it('fails the step once one event outgrows http.maxResponseBytes, instead of holding it until the timeout', async () => {
    await workspace.write(
      '.runner/environments/small.yaml',
      `baseUrl: http://${server.host}\nhttp:\n  maxResponseBytes: 65536\n`,
    );
    await workspace.write(
      '.runner/tests/sse-unending.yaml',
      `scenario: unending event
steps:
  - sse: { url: /events/unending, timeout: 20s }
`,
    );
    const started = Date.now();
    const result = await runCli(['run', '.runner/tests/sse-unending.yaml', '-e', 'small'], {
      cwd: workspace.dir,
    });
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('an event exceeds 64 KiB (http.maxResponseBytes) without ending');
    // 64 KiB at 4 KiB per 20 ms is about a third of a second; the 20 s timeout would be the other way out.
    expect(Date.now() - started).toBeLessThan(15_000);
  });
});

describe('paths against baseUrl', () => {
  it('joins a stream URL written as a path to the environment baseUrl, http becoming ws for websocket', async () => {
    const result = await run(
      'stream-paths',
      `scenario: stream paths
steps:
  - sse: { url: /events/fixed }
    expect: { events.count: 3, url: 'http://$host/events/fixed' }
  - websocket:
      url: /echo
      send: [ping]
      receive: { count: 2 }
    expect:
      messages[1]: ping
      url: ws://$host/echo
`,
    );
    expect(result.stdout).toContain('PASSED  2 passed');
    expect(result.code).toBe(0);
    expect(server.connections.at(-1)?.received).toEqual(['ping']);
  });
});

describe('mixing HTTP and stream steps', () => {
  it('passes values both ways through `save`', async () => {
    const result = await run(
      'mixed',
      `scenario: mixed
steps:
  - request: { method: GET, url: /api/token }
    save: { token: body.token }
  - websocket:
      url: ws://$host/echo
      send: [{ auth: $token }]
      receive: { count: 2 }
    expect:
      messages[1].auth: tok-123
    save:
      echoed: messages[1].auth
  - request: { method: GET, url: '/api/check?token=$echoed' }
    expect: { body.url: /api/check?token=tok-123 }
`,
    );
    expect(result.stdout).toContain('PASSED  3 passed');
    expect(result.code).toBe(0);
  });
});

describe('masking', () => {
  it('applies security.mask.fields to a stream record as to a request: headers.<name> and body.<field>', async () => {
    await workspace.write(
      '.runner/config.yaml',
      'security:\n  mask:\n    fields: [headers.x-session, body.ssn]\n',
    );
    try {
      const result = await run(
        'ws-mask-fields',
        `scenario: ws mask fields
steps:
  - websocket:
      url: ws://$host/echo
      headers: { x-session: Sess10nValue77 }
      send: [{ ssn: 078-05-1120 }]
      receive: { count: 2 }
    expect:
      messages.count: 3
`,
        '--verbose',
        '--report',
        'json,html,junit',
      );
      expect(result.code).toBe(1);
      expect(server.connections.at(-1)?.headers['x-session']).toBe('Sess10nValue77');
      const outputs = [
        result.stdout,
        result.stderr,
        ...(await filesUnder(join(workspace.dir, '.runner/reports/latest'))),
      ];
      for (const text of outputs) {
        expect(text).not.toContain('Sess10nValue77');
        expect(text).not.toContain('078-05-1120');
      }
    } finally {
      await workspace.write('.runner/config.yaml', '');
    }
  });

  it('keeps a secret sent in a websocket header and message out of every output', async () => {
    const secret = `Sk${Math.random().toString(36).slice(2)}Zq`;
    await workspace.write('.runner/credentials/local.yaml', `api:\n  key: ${secret}\n`);
    const result = await run(
      'ws-secret',
      `scenario: ws secret
steps:
  - websocket:
      url: ws://$host/echo
      headers: { x-api-key: $accounts.api.key }
      send: [{ key: $accounts.api.key }, 'token=$accounts.api.key']
      receive: { count: 3 }
    expect:
      messages[1].key: $accounts.api.key
      messages[2]: nope
`,
      '--verbose',
      '--report',
      'json,html,junit',
    );
    expect(result.code).toBe(1);
    const connection = server.connections.at(-1);
    expect(connection?.headers['x-api-key']).toBe(secret);
    expect(connection?.received).toContain(`token=${secret}`);
    expect(result.stdout).toContain('[MASKED]');
    const reports = await workspace.latestReports();
    expect(Object.keys(reports).sort()).toEqual(['report.html', 'report.json', 'report.xml']);
    const report = JSON.parse(reports['report.json'] ?? '{}') as {
      steps?: { response: { messages?: unknown[]; itemCount?: number } }[];
    };
    expect(reportSchemaErrors(report)).toEqual([]);
    const response = report.steps?.[0]?.response;
    expect(response?.itemCount).toBe(3);
    expect(response?.messages?.[0]).toMatchObject({ type: 'welcome' });
    expect(response?.messages?.[1]).toEqual({ key: '[MASKED]' });
    // `report merge` reads the stream back from report.json and renders it again, masked.
    const merged = await runCli(
      [
        'report',
        'merge',
        '.runner/reports/latest/report.json',
        '--out',
        'merged',
        '--report',
        'json,junit,html',
      ],
      { cwd: workspace.dir },
    );
    expect(merged.stderr).toBe('');
    const mergedJson = await readFile(join(workspace.dir, 'merged/report.json'), 'utf8');
    expect(mergedJson).toContain('"itemCount": 3');
    expect(mergedJson).toContain('"welcome"');
    const everything = [
      result.stdout,
      result.stderr,
      merged.stdout,
      ...(await filesUnder(join(workspace.dir, '.runner/reports'))),
      ...(await filesUnder(join(workspace.dir, 'merged'))),
    ];
    expect(firstLeak(everything.join('\n'), [secret])).toBe('');
  });
});
