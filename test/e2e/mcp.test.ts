import { spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer, type DemoServer } from '../../demo/server.js';
import { builtCli, runCli, tempWorkspace } from '../support/cli.js';
import { rawResponse, startRawServer } from '../support/rawServer.js';

/**
 * `runner mcp` as an MCP client starts it: the built CLI spawned over stdio, driven by the SDK's own client,
 * in a workspace made by `runner init` and pointed at the demo API on 127.0.0.1.
 */
const secret = `Mcp-${Math.random().toString(36).slice(2)}-${Date.now()}`;

let demo: DemoServer;
let dir: string;
let cleanup: () => Promise<void>;

beforeAll(async () => {
  demo = await startDemoServer({ port: 0 });
  ({ dir, cleanup } = await tempWorkspace());
  expect((await runCli(['init', '--demo'], { cwd: dir })).code).toBe(0);
  await writeFile(
    join(dir, '.runner/environments/local.yaml'),
    `baseUrl: ${demo.url}\nservices:\n  auth:\n    baseUrl: ${demo.url}/auth\n`,
  );
  await writeFile(
    join(dir, '.runner/credentials/local.yaml'),
    `admin: { username: demo-admin, password: demo-password }\napi: { key: ${secret} }\n`,
  );
  await writeFile(
    join(dir, '.runner/tests/leaky.yaml'),
    `scenario: Leaky
steps:
  - name: echo a secret and fail
    request: { method: POST, url: /echo, body: { key: $accounts.api.key } }
    expect: { status: 201 }
`,
  );
});
afterAll(async () => {
  await cleanup();
  await demo.close();
});

async function connect(
  args: string[],
  cwd: string,
): Promise<{ client: Client; errors: Error[]; stderr: () => string }> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [builtCli, ...args],
    cwd,
    // No code cache written to the home folder by a test (docs/cli.md, "Caching").
    env: { ...getDefaultEnvironment(), RUNNER_NO_CACHE: '1' },
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const client = new Client({ name: 'runner-e2e', version: '1.0.0' });
  const errors: Error[] = [];
  client.onerror = (error) => errors.push(error);
  await client.connect(transport);
  return { client, errors, stderr: () => stderr };
}

const call = async (client: Client, name: string, args: Record<string, unknown> = {}) =>
  (await client.callTool({ name, arguments: args })) as CallToolResult;

describe('runner mcp over stdio', () => {
  it('serves the tools to the SDK client: list, validate, run, explain a failure, never a secret', async () => {
    const { client, errors, stderr } = await connect(['mcp'], dir);
    try {
      expect(client.getServerVersion()?.name).toBe('runner');
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name).sort()).toEqual([
        'convert_curl',
        'explain_failure',
        'list_scenarios',
        'run',
        'scenario_schema',
        'validate',
      ]);

      const list = await call(client, 'list_scenarios');
      const names = (list.structuredContent as { scenarios: { name: string }[] }).scenarios.map(
        (s) => s.name,
      );
      expect(names).toEqual(expect.arrayContaining(['Health check', 'Users CRUD', 'Leaky']));

      const validate = await call(client, 'validate');
      expect(validate.structuredContent).toMatchObject({ valid: true, errors: 0 });

      const passing = await call(client, 'run', { path: 'users-crud.yaml' });
      expect(passing.structuredContent).toMatchObject({
        metadata: { scenario: 'Users CRUD', status: 'passed', environment: 'local' },
      });
      expect(passing.content[0]).toMatchObject({ type: 'text', text: expect.stringMatching(/^PASSED: /) });

      const failing = await call(client, 'run', { path: 'leaky.yaml' });
      expect(failing.structuredContent).toMatchObject({ metadata: { status: 'failed' } });
      const explained = await call(client, 'explain_failure', { scenario: 'Leaky' });
      expect(explained.structuredContent).toMatchObject({
        found: true,
        failure: { step: { index: 0, line: 3 }, error: 'status = 201 (expected), got 200' },
      });
      // The echo really carried the key to the API and back; every reply shows it masked.
      const echoed = JSON.stringify(explained);
      expect(echoed).toContain('"key":"[MASKED]"');
      for (const reply of [list, validate, passing, failing, explained].map((r) => JSON.stringify(r))) {
        expect(reply).not.toContain(secret);
        expect(reply).not.toContain('demo-password');
      }
      expect(errors).toEqual([]);
    } finally {
      await client.close();
    }
    expect(stderr()).toContain('runner mcp');
  });

  it('answers run and explain_failure for a response nested 5,000 levels deep (issue 17)', async () => {
    const depth = 5_000;
    const deep = await startRawServer((_path, socket) =>
      rawResponse(
        socket,
        'HTTP/1.1 200 OK\r\ncontent-type: application/json',
        `{"data":${'['.repeat(depth)}${']'.repeat(depth)}}`,
      ),
    );
    await writeFile(
      join(dir, '.runner/tests/deep.yaml'),
      `scenario: Deep
steps:
  - name: a deeply nested body
    request: { method: GET, url: "${deep.url}/deep" }
    expect: { status: 201 }
`,
    );
    const { client, errors } = await connect(['mcp'], dir);
    try {
      const failing = await call(client, 'run', { path: 'deep.yaml' });
      expect(failing.isError).toBeFalsy();
      expect(failing.structuredContent).toMatchObject({ metadata: { status: 'failed' } });
      expect(JSON.stringify(failing)).toContain('nested deeper than 1000 levels');
      const explained = await call(client, 'explain_failure', { scenario: 'Deep' });
      expect(explained.structuredContent).toMatchObject({
        found: true,
        failure: { error: 'status = 201 (expected), got 200' },
      });
      expect(errors).toEqual([]);
    } finally {
      await client.close();
      await deep.close();
    }
  });

  it('serves the project named by --cwd', async () => {
    const { client } = await connect(['mcp', '--cwd', dir], join(dir, '..'));
    try {
      const list = await call(client, 'list_scenarios', { path: 'health.yaml' });
      expect(list.structuredContent).toMatchObject({ scenarios: [{ name: 'Health check' }] });
    } finally {
      await client.close();
    }
  });

  it('writes only JSON-RPC messages to stdout, answers what is in flight when stdin closes, and exits 0', async () => {
    const child = spawn(process.execPath, [builtCli, 'mcp'], {
      cwd: dir,
      env: { ...process.env, RUNNER_NO_CACHE: '1' },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
    const send = (message: object) => child.stdin.write(`${JSON.stringify(message)}\n`);
    send({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
    });
    send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    send({
      jsonrpc: '2.0',
      id: 2,
      method: 'tools/call',
      params: { name: 'run', arguments: { path: 'health.yaml' } },
    });
    child.stdin.end();
    expect(await exited).toBe(0);
    const lines = stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(2);
    for (const line of lines) expect(JSON.parse(line)).toMatchObject({ jsonrpc: '2.0' });
    expect(JSON.parse(lines[1] ?? '{}')).toMatchObject({
      id: 2,
      result: { structuredContent: { metadata: { status: 'passed' } } },
    });
  });
});
