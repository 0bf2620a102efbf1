// Issue 29: credentials on redirects, as curl and Hurl's `follow_redirect_leak` test expect them. The step's
// Authorization, URL-userinfo Basic and own Cookie go to every hop on the step's own origin and never to a
// hop on another origin; a hop that comes back to the step's origin carries them again. Two loopback servers
// reached as `localhost` on different ports are two origins.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.js';
import { startTestServer, type ReceivedRequest, type TestServer } from '../support/testServer.js';
import { fileWorkspace, type FileWorkspace } from '../support/workspaceFiles.js';

let home: TestServer;
let away: TestServer;
let workspace: FileWorkspace;

beforeAll(async () => {
  // home: /start → away: /hop → home: /back (200); /login sets a jar cookie for the host `localhost`.
  away = await startTestServer({
    handler: (_request, response) => {
      response.statusCode = 302;
      response.setHeader('location', `${home.url}/back`);
      response.end();
    },
  });
  home = await startTestServer({
    handler: (request, response) => {
      if (request.url === '/start') {
        response.statusCode = 302;
        response.setHeader('location', `${away.url}/hop`);
        return void response.end();
      }
      if (request.url === '/login') response.setHeader('set-cookie', 'jar=from-the-jar; Path=/');
      response.end('done');
    },
  });
  workspace = await fileWorkspace({
    '.runner/config.yaml': '',
    '.runner/environments/local.yaml': `baseUrl: ${home.url}\n`,
    '.runner/tests/leak.yaml': `scenario: redirect leak
steps:
  - name: bearer
    request:
      method: GET
      url: /start
      headers: { Authorization: Bearer bearer-value, X-Plain: plain }
    expect: { status: 200, url: ${home.url}/back }
  - name: userinfo
    request: { method: GET, url: 'http://bob:secret@localhost:${new URL(home.url).port}/start' }
    expect: { status: 200 }
  - name: own cookie
    request:
      method: GET
      url: /start
      headers: { Cookie: own=cookie-value }
    expect: { status: 200 }
  - name: login
    request: { method: GET, url: /login }
  - name: jar cookie
    request: { method: GET, url: /start }
    expect: { status: 200 }
`,
  });
});

afterAll(async () => {
  await workspace.cleanup();
  await Promise.all([home.close(), away.close()]);
});

/** What each hop of one step received: the first request and the hop back (home), the hop away. */
function hopsOf(
  homeIndex: number,
  awayIndex: number,
): { first: ReceivedRequest; hop: ReceivedRequest; back: ReceivedRequest } {
  const first = home.requests[homeIndex]!;
  const hop = away.requests[awayIndex]!;
  const back = home.requests[homeIndex + 1]!;
  expect([first.url, hop.url, back.url]).toEqual(['/start', '/hop', '/back']);
  return { first, hop, back };
}

describe('credentials on redirects', () => {
  it('go to the hops on the step origin, never to another origin, and again when a hop comes back', async () => {
    const { code, stdout, stderr } = await runCli(['run', '.runner/tests/leak.yaml'], { cwd: workspace.dir });
    expect(stderr).not.toMatch(/error/i);
    expect(stdout).toContain('5 passed');
    expect(code).toBe(0);
    expect(away.requests).toHaveLength(4);

    const bearer = hopsOf(0, 0);
    expect(bearer.first.headers.authorization).toBe('Bearer bearer-value');
    expect(bearer.hop.headers.authorization).toBeUndefined();
    expect(bearer.hop.headers['x-plain']).toBe('plain');
    // Back on the step's origin: before the fix the header stayed behind after the hop away.
    expect(bearer.back.headers.authorization).toBe('Bearer bearer-value');

    const basic = `Basic ${Buffer.from('bob:secret').toString('base64')}`;
    const userinfo = hopsOf(2, 1);
    expect(userinfo.first.headers.authorization).toBe(basic);
    expect(userinfo.hop.headers.authorization).toBeUndefined();
    expect(userinfo.back.headers.authorization).toBe(basic);

    const own = hopsOf(4, 2);
    expect(own.first.headers.cookie).toBe('own=cookie-value');
    expect(own.hop.headers.cookie).toBeUndefined();
    expect(own.back.headers.cookie).toBe('own=cookie-value');

    // The jar follows cookie rules, which ignore the port: its cookie for `localhost` goes to every hop.
    const jar = hopsOf(7, 3);
    expect(home.requests[6]!.url).toBe('/login');
    expect(jar.first.headers.cookie).toBe('jar=from-the-jar');
    expect(jar.hop.headers.cookie).toBe('jar=from-the-jar');
    expect(jar.back.headers.cookie).toBe('jar=from-the-jar');
  });
});
