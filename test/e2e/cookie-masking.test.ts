// Issue 22, "Networks": `Set-Cookie` and `Cookie` headers are masked cookie by cookie, not as one `[MASKED]`
// string. A session cookie's value never shows; `theme=dark` does, with every attribute; report.json keeps
// `set-cookie` as the list of its lines. Built CLI, a real server on loopback reached by name.
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.js';
import { startTestServer, type TestServer } from '../support/testServer.js';
import { fileWorkspace, type FileWorkspace } from '../support/workspaceFiles.js';

const nonce = () => Math.random().toString(36).slice(2);
const session = `Sess${nonce()}`;
const tenant = `Tnt${nonce()}`;

let server: TestServer;
let workspace: FileWorkspace;

beforeAll(async () => {
  server = await startTestServer({
    handler: (request, response) => {
      if (request.url === '/login') {
        response.setHeader('set-cookie', [
          'theme=dark; Path=/',
          `session=${session}; HttpOnly; Path=/`,
          'lang=en; Expires=Thu, 01 Jan 2037 00:00:00 GMT; Path=/',
          `tenant=${tenant}; Path=/`,
        ]);
      }
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ cookie: request.headers.cookie ?? null }));
    },
  });
  workspace = await fileWorkspace({
    // `tenant` is not a secret-looking name: listing it makes it one, for its cookie too.
    '.runner/config.yaml': 'security:\n  mask:\n    fields: [tenant]\n',
    '.runner/environments/local.yaml': `baseUrl: ${server.url.replace('127.0.0.1', 'localhost')}\n`,
    '.runner/tests/cookies.yaml': `scenario: cookies
steps:
  - name: log in
    request: { method: GET, url: /login }
    expect:
      - count(headers.set-cookie): 4
      - headers.set-cookie: contains theme=dark; Path=/
      - headers.set-cookie: contains session=${session}; HttpOnly; Path=/
      - headers.set-cookie: each contains Path=/
      - status: 201
  - name: cookies go back
    request: { method: GET, url: /echo }
    expect: { status: 201 }
`,
  });
});

afterAll(async () => {
  await server.close();
  await workspace.cleanup();
});

async function reportTexts(): Promise<string[]> {
  const root = join(workspace.dir, '.runner/reports');
  const texts: string[] = [];
  for (const name of await readdir(root, { recursive: true })) {
    const path = join(root, name);
    if ((await stat(path)).isFile()) texts.push(await readFile(path, 'utf8'));
  }
  return texts;
}

interface ReportStep {
  response: { headers: Record<string, string | string[]> };
  assertions: { path: string; expected: unknown; actual: unknown; message: string }[];
}

describe('cookies in output', () => {
  it('masks the values of secret-looking cookies only, and keeps the Set-Cookie list', async () => {
    const run = await runCli(['run', '--verbose', '--report', 'json,html,junit'], { cwd: workspace.dir });
    expect(run.code).toBe(1);

    // The console: one line per cookie, harmless ones readable, attributes kept.
    expect(run.stdout).toContain('set-cookie: theme=dark; Path=/\n');
    expect(run.stdout).toContain('set-cookie: session=[MASKED]; HttpOnly; Path=/\n');
    expect(run.stdout).toContain('set-cookie: lang=en; Expires=Thu, 01 Jan 2037 00:00:00 GMT; Path=/\n');
    expect(run.stdout).toContain('set-cookie: tenant=[MASKED]; Path=/\n');
    expect(run.stdout).toContain('✓ count(headers.set-cookie) == 4');
    expect(run.stdout).toContain('✓ headers.set-cookie contains "theme=dark; Path=/"');
    expect(run.stdout).toContain('✓ headers.set-cookie contains "session=[MASKED]; HttpOnly; Path=/"');
    // The server echoes the Cookie header the jar sent: a `cookie` field is masked cookie by cookie too.
    expect(run.stdout).toContain('"cookie": "theme=dark; session=[MASKED]; lang=en; tenant=[MASKED]"');

    const report = JSON.parse(
      (await readFile(join(workspace.dir, '.runner/reports/latest/report.json'), 'utf8')) as string,
    ) as { steps: ReportStep[] };
    const [login, echo] = report.steps;
    expect(login?.response.headers['set-cookie']).toEqual([
      'theme=dark; Path=/',
      'session=[MASKED]; HttpOnly; Path=/',
      'lang=en; Expires=Thu, 01 Jan 2037 00:00:00 GMT; Path=/',
      'tenant=[MASKED]; Path=/',
    ]);
    const listCheck = login?.assertions.find((assertion) => assertion.message.includes('each contains'));
    expect(listCheck?.actual).toEqual(login?.response.headers['set-cookie']);
    expect(echo?.response.headers['set-cookie']).toBeUndefined();

    const output = [run.stdout, run.stderr, ...(await reportTexts())].join('\n');
    for (const planted of [session, tenant]) {
      for (const form of [planted, Buffer.from(planted).toString('base64')]) {
        const at = output.indexOf(form);
        expect(at < 0 ? '' : output.slice(Math.max(0, at - 200), at + 50), `leaked ${form}`).toBe('');
      }
    }
  });
});
