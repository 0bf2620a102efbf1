import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { tempTree, type TempTree } from '../workspace/tempWorkspace.test-support.js';
import { connectInMemory, textOf, type TestConnection } from './mcpClient.test-support.js';

let tree: TempTree;
let mcp: TestConnection;

beforeEach(async () => {
  tree = await tempTree({
    '.runner/environments/staging.yaml': 'baseUrl: https://api.example.test/v1\n',
  });
  mcp = await connectInMemory(tree.root);
});
afterEach(async () => {
  await mcp.close();
  await tree.remove();
});

const command = `curl 'https://api.example.test/v1/users?page=2' \\
  -H 'Authorization: Bearer sk-live-51Hx9fQ2c0ffee' \\
  -H 'Content-Type: application/json' \\
  --data-raw '{"name":"Ann"}'`;

describe('convert_curl', () => {
  it('turns a cURL command into a scenario, secrets replaced by variables', async () => {
    const result = await mcp.call('convert_curl', { curl: command });
    expect(result.isError).toBeFalsy();
    const { yaml, warnings } = result.structuredContent as { yaml: string; warnings: string[] };
    const scenario = parse(yaml) as { steps: { request: Record<string, unknown> }[] };
    expect(scenario.steps[0]?.request).toMatchObject({
      method: 'POST',
      url: 'https://api.example.test/v1/users',
      query: { page: '2' },
      body: { name: 'Ann' },
    });
    expect(JSON.stringify(result)).not.toContain('sk-live-51Hx9fQ2c0ffee');
    expect(warnings).toEqual([]);
  });

  it('refuses an option it cannot express, naming it, as a tool error', async () => {
    const result = await mcp.call('convert_curl', { curl: `${command} --frobnicate` });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain('unknown curl option `--frobnicate`');
  });

  it("makes URLs under the environment's baseUrl relative", async () => {
    const result = await mcp.call('convert_curl', { curl: command, env: 'staging' });
    const { yaml } = result.structuredContent as { yaml: string };
    expect(parse(yaml)).toMatchObject({ steps: [{ request: { url: '/users' } }] });
    expect(yaml).toContain('.runner/credentials/staging.yaml');
  });

  it('reports what is not a cURL command, and an unknown environment, as tool errors', async () => {
    const notCurl = await mcp.call('convert_curl', { curl: 'wget https://api.example.test' });
    expect(notCurl.isError).toBe(true);
    expect(textOf(notCurl)).toContain('not a cURL command');
    const unknownEnv = await mcp.call('convert_curl', { curl: command, env: 'prod' });
    expect(unknownEnv.isError).toBe(true);
    expect(textOf(unknownEnv)).toContain('environment `prod` not found');
  });

  it('works outside a workspace when no environment is asked for', async () => {
    const empty = await tempTree();
    const bare = await connectInMemory(empty.root);
    const result = await bare.call('convert_curl', { curl: 'curl https://api.example.test/health' });
    await bare.close();
    await empty.remove();
    expect(result.isError).toBeFalsy();
    expect(parse((result.structuredContent as { yaml: string }).yaml)).toMatchObject({
      steps: [{ request: { method: 'GET', url: 'https://api.example.test/health' } }],
    });
  });
});
