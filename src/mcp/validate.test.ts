import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempTree, type TempTree } from '../workspace/tempWorkspace.test-support.js';
import { connectInMemory, textOf, type TestConnection } from './mcpClient.test-support.js';

let tree: TempTree;
let mcp: TestConnection;

beforeEach(async () => {
  tree = await tempTree({
    '.runner/environments/local.yaml':
      'baseUrl: http://127.0.0.1:9\nservices: { auth: { baseUrl: http://127.0.0.1:9/auth } }\n',
    '.runner/environments/other.yaml': 'baseUrl: http://127.0.0.1:9\n',
    '.runner/tests/good.yaml': `scenario: Good
steps:
  - request: { method: GET, url: /login, service: auth }
    expect: { status: 200 }
`,
    '.runner/tests/bad.yaml': `scenario: Bad
steps:
  - request: { method: GET, url: /health }
    expect: { status: greaterThen 199 }
`,
  });
  mcp = await connectInMemory(tree.root);
});
afterEach(async () => {
  await mcp.close();
  await tree.remove();
});

describe('validate', () => {
  it('returns each problem with file, line, column, message, hint and severity', async () => {
    const result = await mcp.call('validate');
    expect(result.isError).toBeFalsy();
    const output = result.structuredContent as {
      valid: boolean;
      files: number;
      errors: number;
      diagnostics: unknown[];
    };
    expect(output).toMatchObject({ valid: false, files: 2, errors: 1, warnings: 0 });
    expect(output.diagnostics).toEqual([
      expect.objectContaining({
        severity: 'error',
        file: '.runner/tests/bad.yaml',
        line: 4,
        column: expect.any(Number),
        message: expect.stringContaining('greaterThen'),
        hint: expect.stringContaining('greaterThan'),
      }),
    ]);
    expect(textOf(result)).toMatch(/^\.runner\/tests\/bad\.yaml:4:\d+: .*greaterThen/);
    expect(textOf(result)).toContain('2 file(s) checked: 1 error(s), 0 warning(s)');
  });

  it('checks only the given paths, and service names against the chosen environment', async () => {
    const good = await mcp.call('validate', { paths: ['good.yaml'] });
    expect(good.structuredContent).toMatchObject({ valid: true, files: 1, diagnostics: [] });
    const other = await mcp.call('validate', { paths: ['good.yaml'], env: 'other' });
    expect(other.structuredContent).toMatchObject({ valid: false });
    expect(textOf(other)).toMatch(/auth/);
  });

  it('refuses paths outside the project', async () => {
    const result = await mcp.call('validate', { paths: ['/etc/passwd'] });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain('is outside the project');
  });
});
