import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeScenario } from '../support/workspaceFiles.js';
import { runCli, tempWorkspace } from '../support/cli.js';
import { startTestServer, type TestServer } from '../support/testServer.js';

/**
 * Issue 28: server text that would start a CI log line, and JSONPath filters with an index, attacked the way
 * a server would, through the built CLI and a real server on loopback. (`report merge`'s holes are in
 * report-merge-hostile.test.ts.)
 */
const INJECTION = '\nevil::warning file=x.yaml::INJECTED';
const TEXT_BODY =
  'first line\n::error file=a.yaml::FROM BODY\r\n  ::add-mask::x\nsay ##[error]legacy\u001b[2J\u2028end';

let server: TestServer;
let dir: string;
let cleanup: () => Promise<void>;

beforeAll(async () => {
  server = await startTestServer({
    handler: (request, response) => {
      const url = new URL(request.url ?? '/', 'http://x');
      request.resume();
      request.on('end', () => {
        if (url.pathname === '/evil') {
          response.setHeader('content-type', 'application/json');
          // Node sends latin-1 header text as it is: C1 controls (a CSI, a NEL) reach the client raw.
          response.setHeader('x-evil', 'a\u009b31mb\u0085c\tz');
          return response.end(JSON.stringify({ name: INJECTION, bell: 'x\u0007y' }));
        }
        if (url.pathname === '/text') {
          response.setHeader('content-type', 'text/plain');
          return response.end(TEXT_BODY);
        }
        if (url.pathname === '/items') {
          response.setHeader('content-type', 'application/json');
          return response.end(
            JSON.stringify({
              items: [
                { id: 1, c: [5, 6], o: { p: [3] } },
                { id: 2, c: [7], o: { p: [4] } },
              ],
            }),
          );
        }
        response.statusCode = 404;
        response.end();
      });
    },
  });
  ({ dir, cleanup } = await tempWorkspace());
  for (const sub of ['environments', 'tests']) await mkdir(join(dir, '.runner', sub), { recursive: true });
  await writeFile(join(dir, '.runner/environments/local.yaml'), `baseUrl: ${server.url}\n`);
});
afterAll(async () => {
  await cleanup();
  await server.close();
});

const scenario = (name: string, yaml: string) => writeScenario(dir, name, yaml);

/** Lines GitHub Actions would read as a workflow command: `::` after leading blanks, or `##[` anywhere. */
function workflowCommandLines(text: string): string[] {
  return text.split('\n').filter((line) => /^\s*::/.test(line) || line.includes('##['));
}

// eslint-disable-next-line no-control-regex -- looking for raw control characters is the point
const RAW_CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029]/;

describe('server text on the console', () => {
  it('never starts a workflow command nor writes a raw control character, in any output of a run', async () => {
    const file = await scenario(
      'inject',
      `scenario: inject
steps:
  - name: fetch a name
    request: { method: GET, url: /evil }
    save: { evil: body.name, bell: body.bell }
  - name: "step $evil"
    request: { method: GET, url: /evil }
    expect: { body.name: "$bell" }
  - name: a text body
    request: { method: GET, url: /text }
    expect: { status: 201 }
`,
    );
    for (const extra of [[], ['--verbose'], ['--quiet']]) {
      const run = await runCli(['run', file, '--report', 'github', ...extra], {
        cwd: dir,
        env: { GITHUB_ACTIONS: 'true' },
      });
      expect(run.code, run.stderr).toBe(1);
      for (const text of [run.stdout, run.stderr]) {
        expect(text).not.toMatch(RAW_CONTROL);
        // The runner's own annotations are the only commands, each one whole line.
        const commands = workflowCommandLines(text);
        expect(
          commands.every((line) => /^::(error|notice) /.test(line)),
          commands.join('\n'),
        ).toBe(true);
      }
      expect(run.stdout).toContain('step \\nevil::warning file=x.yaml::INJECTED');
    }
  }, 60_000);
});

describe('JSONPath filters with an index', () => {
  it('match like RFC 9535 says', async () => {
    const file = await scenario(
      'jsonpath-index',
      `scenario: jsonpath index in filters
steps:
  - request: { method: GET, url: /items }
    expect:
      count($.items[?@.c[0] == 5]): 1
      $.items[?@.o.p[0] == 3].id: [1]
      $.items[?@.c[-1] == 7].id: [2]
    save: { ids: "$.items[?@.o.p[0] > 0].id" }
  - set: { n: "$ids" }
    expect: { $n: [1, 2] }
`,
    );
    const run = await runCli(['run', file], { cwd: dir });
    expect(run.stdout + run.stderr).not.toContain('✗');
    expect(run.code, run.stdout).toBe(0);
  });
});
