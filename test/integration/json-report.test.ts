import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import type { RunResult } from '../../src/engine/index.js';
import { Masker, SecretRegistry } from '../../src/masking/index.js';
import { buildJsonReport, serializeJsonReport } from '../../src/reporters/json/buildJsonReport.js';
import { maskEvents } from '../../src/reporters/maskingBoundary.js';
import { runScenarios, scenarioFromYaml } from '../support/engine.js';
import { reportSchemaErrors } from '../support/reportSchema.js';
import { startTestServer, type TestServer } from '../support/testServer.js';

const TOKEN = 'tok-8f3a1c9e77d2';

/** A small API: a login handing out a token, a redirect, an endpoint that fails once, and items. */
function api() {
  let flakyCalls = 0;
  return (request: IncomingMessage, response: ServerResponse) => {
    const json = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      response.writeHead(status, { 'content-type': 'application/json', ...headers });
      response.end(JSON.stringify(body));
    };
    request.resume();
    request.on('end', () => {
      const path = request.url ?? '/';
      if (path === '/login') return json(200, { token: TOKEN, items: [{ id: 1 }, { id: 2 }] });
      if (path === '/old') {
        response.writeHead(302, { location: '/new' });
        return response.end();
      }
      if (path === '/new') return json(200, { ok: true }, { 'x-request-id': 'req-7' });
      if (path === '/flaky') return json(++flakyCalls === 1 ? 503 : 200, { calls: flakyCalls });
      const item = /^\/items\/(\d+)$/.exec(path);
      return json(200, { id: item ? Number(item[1]) : 0, path });
    });
  };
}

const SCENARIO = `
scenario: Report walk-through
description: every kind of record
setup:
  - name: login
    request: { method: POST, url: /login, body: { user: ann } }
    expect: { status: 200 }
    save: { token: body.token, items: body.items }
steps:
  - name: redirected
    request: { method: GET, url: /old, headers: { Authorization: "Bearer $token" } }
    expect: { status: 200, body.ok: true }
  - set: { flag: "no" }
  - name: only when flagged
    if: $flag == yes
    request: { method: GET, url: /never }
  - name: poll
    request: { method: GET, url: /flaky }
    expect: { status: 200 }
    retry: { attempts: 3, interval: 5 }
  - for_each:
      from: $items
      steps:
        - request: { method: GET, url: "/items/$item.id" }
          expect: { body.id: 1 }      # true for the first item only
  - name: missing field
    request: { method: GET, url: /item }
    expect: { body.nope: exists }
teardown:
  - request: { method: DELETE, url: /session }
`;

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function run(): Promise<{ raw: RunResult; masked: RunResult }> {
  server = await startTestServer({ handler: api() });
  const secrets = new SecretRegistry();
  const masker = new Masker({ enabled: true, fields: [] }, secrets);
  let masked: RunResult | undefined;
  const listener = maskEvents({ onRunEnd: (result) => void (masked = result) }, masker);
  const { result } = await runScenarios([scenarioFromYaml(SCENARIO, { file: 'walk.yaml' })], {
    baseUrl: server.url,
    masker,
    listener,
  });
  if (!masked) throw new Error('the run did not end');
  return { raw: result, masked };
}

const meta = { version: '0.1.0-alpha.1', generatedAt: '2026-11-21T10:31:07.000Z' };

describe('the JSON report of a real run', () => {
  it('matches the published schema and shows skips, retries, redirects, loops and failures', async () => {
    const { masked } = await run();
    const report = buildJsonReport(masked, meta);
    expect(reportSchemaErrors(report)).toEqual([]);

    expect(report.metadata).toMatchObject({ scenario: 'Report walk-through', testFile: 'walk.yaml' });
    expect(report.summary).toEqual({ total: 8, passed: 5, failed: 2, skipped: 1, passedPercent: 71 });
    const byLabel = new Map(report.steps.map((step) => [step.label, step]));
    expect(byLabel.get('redirected')).toMatchObject({ requestId: 'req-7', redirects: [{ status: 302 }] });
    expect(byLabel.get('only when flagged')).toMatchObject({ status: 'skipped', passed: false, curl: null });
    expect(byLabel.get('poll')?.attempts?.map((attempt) => attempt.httpStatus)).toEqual([503, 200]);
    const loop = report.steps.find((step) => step.kind === 'for_each');
    expect(loop?.children?.map((pass) => pass.children?.[0]?.passed)).toEqual([true, false]);
    expect(byLabel.get('missing field')?.assertions[0]).toMatchObject({ path: 'body.nope', actual: null });
    expect(report.steps.at(-1)).toMatchObject({
      section: 'teardown',
      curl: expect.stringMatching(/^curl -X DELETE /),
    });
    expect(report.errors).toEqual([
      'for_each $items: for_each stopped: a step failed for item 2 of 2',
      'for_each $items › for_each 2/2 › GET /items/$item.id: body.id = 1 (expected), got 2',
      'missing field: body.nope: path not found; available fields: id, path',
    ]);
  });

  it('carries no secret once masked, while the raw report (--report-raw) keeps it', async () => {
    const { raw, masked } = await run();
    const maskedText = serializeJsonReport(buildJsonReport(masked, meta));
    expect(maskedText).not.toContain(TOKEN);
    expect(maskedText).toContain("-H 'Authorization: [MASKED]'");
    expect(serializeJsonReport(buildJsonReport(raw, meta))).toContain(`Bearer ${TOKEN}`);
  });
});
