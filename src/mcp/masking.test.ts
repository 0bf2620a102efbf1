import type { IncomingMessage, ServerResponse } from 'node:http';
import { readdir, readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/support/testServer.js';
import { tempTree, type TempTree } from '../workspace/tempWorkspace.test-support.js';
import { connectInMemory } from './mcpClient.test-support.js';

/**
 * The canary, through MCP: a secret in the credentials and another that only a response carries (a token
 * the scenario saves and sends on). No tool reply may contain either, in any common encoding, even when the
 * run left its failure snapshot unmasked on disk.
 */
const credential = `Cr3d-${Math.random().toString(36).slice(2)}-${Date.now()}`;
const responseSecret = `T0k-${Math.random().toString(36).slice(2)}-${Date.now()}`;

function forms(value: string): string[] {
  return [
    value,
    encodeURIComponent(value),
    Buffer.from(value).toString('base64'),
    Buffer.from(value).toString('base64url'),
    `Bearer ${value}`,
  ];
}

/** Logs in with a token in the body; echoes every other request back in a 500, secrets and all. */
function leakyApi(request: IncomingMessage, response: ServerResponse): void {
  let body = '';
  request.on('data', (chunk: Buffer) => (body += chunk.toString()));
  request.on('end', () => {
    const login = request.url === '/login';
    response.writeHead(login ? 200 : 500, { 'content-type': 'application/json' });
    response.end(
      JSON.stringify(
        login ? { token: responseSecret } : { url: request.url, headers: request.headers, text: body },
      ),
    );
  });
}

const scenario = `scenario: Canary
steps:
  - name: log in
    request: { method: POST, url: /login, body: { key: $accounts.api.key } }
    save: { token: body.token }
  - name: leak everything
    request:
      method: POST
      url: /echo
      query: { k: $accounts.api.key }
      headers: { Authorization: Bearer $token, X-Note: "t=$token" }
      body: { note: "key $accounts.api.key token $token" }
    expect:
      status: 201
      body.text: contains $accounts.api.key
`;

let api: TestServer;
let tree: TempTree;

beforeAll(async () => {
  api = await startTestServer({ handler: leakyApi });
  tree = await tempTree({
    '.runner/environments/local.yaml': `baseUrl: ${api.url}\n`,
    '.runner/credentials/local.yaml': `api: { key: ${credential} }\n`,
    '.runner/tests/canary.yaml': scenario,
    '.runner/tests/invalid/bad.yaml': `scenario: Bad\nsteps:\n  - request: { method: GET, url: /x }\n    ${credential}: pasted by mistake\n`,
  });
});
afterAll(async () => {
  await tree.remove();
  await api.close();
});

describe('masking through MCP', () => {
  it.each([
    ['masked snapshots', 'reports:\n  format: json\n'],
    ['unmasked snapshots on disk', 'reports:\n  format: json\n  failures:\n    maskSensitive: false\n'],
  ])('no tool reply holds a planted secret (%s)', async (_label, config) => {
    await tree.write({ '.runner/config.yaml': config });
    const mcp = await connectInMemory(tree.root);
    const replies = [
      await mcp.call('run', { path: 'canary.yaml' }),
      await mcp.call('explain_failure', { scenario: 'Canary' }),
      await mcp.call('validate'),
      await mcp.call('list_scenarios'),
    ];
    await mcp.close();
    const [run, explain, validate] = replies.map((reply) => JSON.stringify(reply));
    // The canary is live: the secrets were sent, came back, and the replies talk about them.
    expect(api.requests.some((request) => request.body.includes(credential))).toBe(true);
    expect(run).toContain('[MASKED]');
    expect(explain).toContain('"found":true');
    expect(explain).toContain('[MASKED]');
    expect(validate).toContain('bad.yaml:4:5');
    expect(validate).toContain('unknown key `[MASKED]`');
    for (const reply of [run, explain, validate, ...replies.map((r) => JSON.stringify(r))]) {
      for (const form of [...forms(credential), ...forms(responseSecret)]) expect(reply).not.toContain(form);
    }
    if (config.includes('maskSensitive: false')) {
      // The proof is only a proof if the file on disk really holds the secret that the reply masked.
      const dir = tree.path('.runner/reports/failures');
      const texts = await Promise.all((await readdir(dir)).map((name) => readFile(`${dir}/${name}`, 'utf8')));
      expect(texts.join('\n')).toContain(responseSecret);
    }
  });
});
