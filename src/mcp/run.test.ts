import { readdir, readFile } from 'node:fs/promises';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/support/testServer.js';
import { tempTree, type TempTree } from '../workspace/tempWorkspace.test-support.js';
import { connectInMemory, textOf, type TestConnection } from './mcpClient.test-support.js';

let api: TestServer;
let tree: TempTree;
let mcp: TestConnection;

beforeAll(async () => {
  api = await startTestServer();
});
afterAll(async () => {
  await api.close();
});

beforeEach(async () => {
  tree = await tempTree({
    '.runner/config.yaml': 'reports:\n  format: json\n',
    '.runner/environments/local.yaml': `baseUrl: ${api.url}\n`,
    '.runner/tests/healthy.yaml': `scenario: Healthy
tags: [smoke]
steps:
  - name: health answers
    request: { method: GET, url: /health }
    expect: { status: 200, body.status: ok }
`,
    '.runner/tests/broken.yaml': `scenario: Broken
steps:
  - name: health answers
    request: { method: GET, url: /health }
    expect: { status: 200 }
  - name: wrong expectations
    request: { method: GET, url: /health }
    expect:
      status: 201
      body.status: down
`,
  });
  mcp = await connectInMemory(tree.root, () => new Date('2030-01-02T03:04:05.678Z'));
});
afterEach(async () => {
  await mcp.close();
  await tree.remove();
});

describe('run', () => {
  it('returns the masked report.json object as structured content, with a short summary', async () => {
    const result = await mcp.call('run', { path: 'broken.yaml' });
    expect(result.isError).toBeFalsy();
    const written = JSON.parse(await readFile(tree.path('.runner/reports/latest/report.json'), 'utf8'));
    expect(result.structuredContent).toEqual(written);
    expect(written.metadata).toMatchObject({ scenario: 'Broken', status: 'failed', version: '9.8.7-test' });
    expect(written.metadata.generatedAt).toBe('2030-01-02T03:04:05.678Z');
    const text = textOf(result);
    expect(text).toMatch(/^FAILED: 1 passed, 1 failed, 0 skipped of 2 steps/);
    expect(text).toContain('✗ wrong expectations: status = 201 (expected), got 200');
    expect(text).toContain('Reports: .runner/reports/latest/report.json');
    expect(text).toContain('Failure snapshots: 1 in .runner/reports/failures');
    expect(await readdir(tree.path('.runner/reports/failures'))).toHaveLength(1);
  });

  it('runs only the scenarios carrying every tag, and says PASSED', async () => {
    const result = await mcp.call('run', { tags: ['smoke'] });
    expect(textOf(result)).toMatch(/^PASSED: 1 passed, 0 failed, 0 skipped of 1 steps/);
    expect(result.structuredContent).toMatchObject({ metadata: { scenario: 'Healthy', status: 'passed' } });
  });

  it('sends progress notifications when the client asks for them', async () => {
    const progress: { progress: number; message?: string }[] = [];
    await mcp.client.callTool({ name: 'run', arguments: { path: 'broken.yaml' } }, undefined, {
      onprogress: (event) => progress.push(event),
    });
    expect(progress.map((event) => event.progress)).toEqual([1, 2]);
    expect(progress[1]?.message).toBe('Broken: failed wrong expectations');
  });

  it('runs nothing when a scenario has errors, and names the file, line and column', async () => {
    await tree.write({
      '.runner/tests/typo.yaml':
        'scenario: Typo\nsteps:\n  - request: { method: GET, url: /health }\n    expekt: { status: 200 }\n',
    });
    const before = api.requests.length;
    const result = await mcp.call('run', {});
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/\.runner\/tests\/typo\.yaml:4:5: .*expekt/);
    expect(textOf(result)).toContain('nothing was run');
    expect(api.requests.length).toBe(before);
  });

  it('reports an unknown environment as a tool error with the available ones', async () => {
    const result = await mcp.call('run', { env: 'staging' });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain('environment `staging` not found');
    expect(textOf(result)).toContain('available environments: local');
  });

  it('applies the network sandbox to runs started through MCP', async () => {
    await tree.write({
      '.runner/config.yaml': 'security:\n  sandboxing:\n    enabled: true\n    blockPrivateSubnets: true\n',
    });
    const before = api.requests.length;
    const result = await mcp.call('run', { path: 'healthy.yaml' });
    expect(result.structuredContent).toMatchObject({ metadata: { status: 'failed' } });
    expect(textOf(result)).toMatch(/sandbox|blocked/i);
    expect(api.requests.length).toBe(before);
  });
});

describe('explain_failure', () => {
  it('returns the last failure of a scenario: step, assertion messages, cURL and the snapshot', async () => {
    await mcp.call('run', { path: 'broken.yaml' });
    const result = await mcp.call('explain_failure', { scenario: 'broken' });
    expect(result.isError).toBeFalsy();
    const { found, failure } = result.structuredContent as {
      found: boolean;
      failure: Record<string, unknown>;
    };
    expect(found).toBe(true);
    expect(failure).toMatchObject({
      scenario: 'Broken',
      testFile: '.runner/tests/broken.yaml',
      timestamp: '2030-01-02T03:04:05.678Z',
      step: { index: 1, line: 6, section: 'steps', label: 'wrong expectations' },
      error: 'status = 201 (expected), got 200',
      assertions: ['status = 201 (expected), got 200', 'body.status = "down" (expected), got "ok"'],
    });
    expect(failure.curl).toBe(`curl '${api.url}/health' \\\n  -H 'user-agent: runner/9.8.7-test'`);
    expect(failure.snapshot).toMatchObject({ diagnostics: { response: { statusCode: 200 } } });
    expect(textOf(result)).toContain(
      'Broken failed at step 1 "wrong expectations" in steps (.runner/tests/broken.yaml:6)',
    );
    // The file path names the scenario as well as its name does.
    const byFile = await mcp.call('explain_failure', { scenario: '.runner/tests/broken.yaml' });
    expect(byFile.structuredContent).toMatchObject({ found: true, failure: { scenario: 'Broken' } });
  });

  it('says clearly when no failure is recorded', async () => {
    const none = await mcp.call('explain_failure', { scenario: 'Healthy' });
    expect(none.isError).toBeFalsy();
    expect(none.structuredContent).toMatchObject({ found: false });
    expect(textOf(none)).toContain('no failure recorded for `Healthy`');
    await mcp.call('run', { path: 'broken.yaml' });
    const other = await mcp.call('explain_failure', { scenario: 'Healthy' });
    expect(textOf(other)).toContain('Scenarios with recorded failures: Broken');
  });
});
