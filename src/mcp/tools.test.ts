import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempTree, type TempTree } from '../workspace/tempWorkspace.test-support.js';
import { connectInMemory, TEST_VERSION, textOf, type TestConnection } from './mcpClient.test-support.js';

let tree: TempTree;
let mcp: TestConnection;

beforeEach(async () => {
  tree = await tempTree({
    '.runner/config.yaml': 'project: { name: tools-test }\n',
    '.runner/environments/local.yaml': 'baseUrl: http://127.0.0.1:9\n',
    '.runner/tests/users.yaml': `scenario: Users
description: Creates and reads users
tags: [smoke, users]
setup:
  - set: { who: ann }
steps:
  - request: { method: GET, url: /users }
    expect: { status: 200 }
  - request: { method: GET, url: /users/1 }
`,
    '.runner/tests/health.yaml': `scenario: Health
tags: [smoke]
steps:
  - request: { method: GET, url: /health }
`,
    '.runner/tests/_shared/login.yaml': `scenario: Shared login
steps:
  - request: { method: POST, url: /auth/login }
`,
  });
  mcp = await connectInMemory(tree.root);
});
afterEach(async () => {
  await mcp.close();
  await tree.remove();
});

describe('the runner MCP server', () => {
  it('names itself runner with the build version', () => {
    expect(mcp.client.getServerVersion()).toEqual({ name: 'runner', version: TEST_VERSION });
  });

  it('offers six tools, each with a description, input and output schema; only run is not read-only', async () => {
    const { tools } = await mcp.client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual([
      'convert_curl',
      'explain_failure',
      'list_scenarios',
      'run',
      'scenario_schema',
      'validate',
    ]);
    for (const tool of tools) {
      expect(tool.description?.length, tool.name).toBeGreaterThan(80);
      expect(tool.inputSchema.type, tool.name).toBe('object');
      expect(tool.outputSchema?.type, tool.name).toBe('object');
      expect(tool.annotations?.readOnlyHint, tool.name).toBe(tool.name !== 'run');
    }
    const run = tools.find((tool) => tool.name === 'run');
    expect(run?.annotations?.openWorldHint).toBe(true);
    expect(run?.inputSchema.properties).toHaveProperty('tags');
  });
});

describe('list_scenarios', () => {
  it('lists name, file, tags, description and step counts, fragments marked', async () => {
    const result = await mcp.call('list_scenarios');
    expect(result.isError).toBeFalsy();
    const { scenarios } = result.structuredContent as { scenarios: Record<string, unknown>[] };
    expect(scenarios).toContainEqual({
      name: 'Users',
      file: '.runner/tests/users.yaml',
      description: 'Creates and reads users',
      tags: ['smoke', 'users'],
      steps: 2,
      setupSteps: 1,
      teardownSteps: 0,
      executions: 1,
      fragment: false,
    });
    expect(scenarios.find((s) => s.name === 'Shared login')?.fragment).toBe(true);
    expect(textOf(result)).toContain(
      '.runner/tests/users.yaml: Users [smoke, users] (2 steps) — Creates and reads users',
    );
  });

  it('filters by tags (all must match) and by path', async () => {
    const tagged = await mcp.call('list_scenarios', { tags: ['smoke', 'users'] });
    expect(
      (tagged.structuredContent as { scenarios: { name: string }[] }).scenarios.map((s) => s.name),
    ).toEqual(['Users']);
    const byPath = await mcp.call('list_scenarios', { path: 'health.yaml' });
    expect(
      (byPath.structuredContent as { scenarios: { name: string }[] }).scenarios.map((s) => s.name),
    ).toEqual(['Health']);
  });

  it('refuses a path outside the project, and a missing one, as tool errors', async () => {
    await tree.write({ 'outside.yaml': 'scenario: x\nsteps: []\n' });
    const outside = await connectInMemory(tree.path('.runner'));
    const escaped = await outside.call('list_scenarios', { path: '../../outside.yaml' });
    await outside.close();
    expect(escaped.isError).toBe(true);
    expect(textOf(escaped)).toMatch(/path `\.\.\/\.\.\/outside\.yaml` is outside the project/);
    const missing = await mcp.call('list_scenarios', { path: 'nope.yaml' });
    expect(missing.isError).toBe(true);
    expect(textOf(missing)).toContain('no scenario file or directory `nope.yaml`');
  });
});

describe('scenario_schema', () => {
  it('returns the JSON Schema `runner schema` prints', async () => {
    const result = await mcp.call('scenario_schema');
    const schema = result.structuredContent as Record<string, unknown>;
    expect(schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(JSON.parse(textOf(result))).toEqual(schema);
  });
});

describe('tool errors', () => {
  it('says there is no workspace, as a tool error without a stack trace', async () => {
    const empty = await tempTree();
    const bare = await connectInMemory(empty.root);
    for (const name of ['list_scenarios', 'validate', 'run', 'explain_failure']) {
      const result = await bare.call(name, name === 'explain_failure' ? { scenario: 'x' } : {});
      expect(result.isError, name).toBe(true);
      expect(textOf(result), name).toMatch(/no \.runner\/ directory found in .* run `runner init`/);
      expect(textOf(result), name).not.toMatch(/\n\s+at /);
    }
    await bare.close();
    await empty.remove();
  });

  it('reports unknown and mistyped arguments as tool errors', async () => {
    const unknown = await mcp.call('list_scenarios', { tag: ['smoke'] });
    expect(unknown.isError).toBe(true);
    expect(textOf(unknown)).toMatch(/tag/);
    const mistyped = await mcp.call('run', { tags: 'smoke' });
    expect(mistyped.isError).toBe(true);
    expect(textOf(mistyped)).toMatch(/tags/);
  });
});
