import { readFile } from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/support/testServer.js';
import { tempTree, type TempTree } from '../workspace/tempWorkspace.test-support.js';
import { connectInMemory, type TestConnection } from './mcpClient.test-support.js';

// DECISIONS.md, Interrupts: "one AbortSignal threads through the engine, so the MCP `run` tool stops too
// when its client cancels". The SDK's own client cancels through the AbortSignal option of callTool.

let api: TestServer;
let tree: TempTree;
let mcp: TestConnection;

beforeEach(async () => {
  // /slow never answers: the run can only end early if the cancellation reaches the request.
  api = await startTestServer({
    handler: (request, response) => {
      if (request.url === '/slow') return;
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{}');
    },
  });
  tree = await tempTree({
    '.runner/config.yaml': 'reports:\n  format: json\n',
    '.runner/environments/local.yaml': `baseUrl: http://localhost:${new URL(api.url).port}\n`,
    '.runner/tests/slow.yaml': `scenario: Slow
steps:
  - name: slow call
    request: { method: GET, url: /slow, timeout: 60s }
  - name: never sent
    request: { method: GET, url: /after }
teardown:
  - name: clean up
    request: { method: DELETE, url: /cleanup }
`,
  });
  mcp = await connectInMemory(tree.root);
});
afterEach(async () => {
  await mcp.close();
  await tree.remove();
  await api.close();
});

async function until(condition: () => boolean | Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('run, cancelled by the client', () => {
  it('aborts the request in flight, skips the rest, runs teardown and writes a report marked interrupted', async () => {
    const controller = new AbortController();
    const call = mcp.client.callTool({ name: 'run', arguments: { path: 'slow.yaml' } }, undefined, {
      signal: controller.signal,
    });
    const outcome = call.then(
      () => 'answered',
      () => 'cancelled',
    );
    await until(() => api.requests.some((request) => request.url === '/slow'), 'the slow request');
    const cancelled = Date.now();
    controller.abort();
    expect(await outcome).toBe('cancelled');

    const report = tree.path('.runner/reports/latest/report.json');
    await until(() => api.requests.some((request) => request.url === '/cleanup'), 'teardown');
    let text = '';
    await until(async () => {
      text = await readFile(report, 'utf8').catch(() => '');
      return text !== '';
    }, 'report.json');
    expect(Date.now() - cancelled).toBeLessThan(2_000);

    expect(api.requests.map((request) => `${request.method} ${request.url}`)).toEqual([
      'GET /slow',
      'DELETE /cleanup',
    ]);
    const written = JSON.parse(text) as {
      metadata: { interrupted?: boolean };
      steps: { label: string; status: string }[];
    };
    expect(written.metadata.interrupted).toBe(true);
    expect(written.steps.map((step) => [step.label, step.status])).toEqual([
      ['slow call', 'failed'],
      ['never sent', 'skipped'],
      ['clean up', 'passed'],
    ]);
  });
});
