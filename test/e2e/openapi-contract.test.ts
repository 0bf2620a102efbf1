import { cp, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { repoRoot, runCli, tempWorkspace } from '../support/cli.js';
import { createPetstore, type Petstore } from '../support/petstoreServer.js';
import { startTestServer, type TestServer } from '../support/testServer.js';

// Issue 16, DECISIONS.md "Authoring" and "Finer points": config `openapi:` checks every response against its
// operation. The built CLI against the Petstore documents of test/fixtures/openapi (origin in ORIGIN.md),
// served by a local implementation reached as `localhost`.

let api: TestServer;
let petstore: Petstore;
let dir: string;
let cleanup: () => Promise<void>;

const SCENARIO = `scenario: Pets
steps:
  - name: list
    request: { method: GET, url: /v1/pets }
    expect: { status: 200 }
  - name: one
    request: { method: GET, url: /v1/pets/1 }
  - name: missing
    request: { method: GET, url: /v1/pets/99 }
  - name: not documented
    request: { method: DELETE, url: /v1/pets/1 }
`;

async function project(config: string): Promise<void> {
  await writeFile(join(dir, '.runner/config.yaml'), config);
}

beforeAll(async () => {
  petstore = createPetstore();
  api = await startTestServer({ handler: (request, response) => petstore.handler(request, response) });
  ({ dir, cleanup } = await tempWorkspace());
  await mkdir(join(dir, '.runner/environments'), { recursive: true });
  await mkdir(join(dir, '.runner/tests'), { recursive: true });
  await cp(join(repoRoot, 'test/fixtures/openapi'), join(dir, 'api'), { recursive: true });
  await writeFile(
    join(dir, '.runner/environments/local.yaml'),
    `baseUrl: http://localhost:${new URL(api.url).port}\n`,
  );
  await writeFile(join(dir, '.runner/tests/pets.yaml'), SCENARIO);
});
afterAll(async () => {
  await cleanup();
  await api.close();
});
beforeEach(() => {
  petstore.keepsContract = true;
});

describe.each(['api/petstore-3.0.yaml', 'api/petstore-3.1/openapi.yaml'])('openapi: %s', (document) => {
  it('passes a server that keeps the contract; an unknown operation is only a warning', async () => {
    await project(`openapi: ${document}\n`);
    const { code, stdout } = await runCli(['run'], { cwd: dir });
    expect(stdout).toContain('✓ openapi GET /pets: 200 keeps the contract');
    expect(stdout).toContain('✓ openapi GET /pets/{petId}: 404 keeps the contract');
    expect(stdout).toContain(
      '! openapi: DELETE /pets/{petId} is not in the OpenAPI document (documented: GET)',
    );
    expect(code).toBe(0);
  });

  it('fails the steps whose responses break it, naming operation, JSON path and rule', async () => {
    await project(`openapi: ${document}\n`);
    petstore.keepsContract = false;
    const { code, stdout } = await runCli(['run'], { cwd: dir });
    expect(code).toBe(1);
    expect(stdout).toContain(
      '✗ openapi GET /pets: body[0].id: must be integer, got "1" (schema of response 200, application/json)',
    );
    expect(stdout).toContain(
      '✗ openapi GET /pets/{petId}: body.id: must be integer, got "1" (schema of response 200, application/json)',
    );
    // The 3.0 document answers every status with `default` (JSON); the 3.1 one lists 200 and 404 only.
    expect(stdout).toContain(
      document.includes('3.0')
        ? '✗ openapi GET /pets/{petId}: content type text/plain is not documented for default (documented: application/json)'
        : '✗ openapi GET /pets/{petId}: status 500 is not documented (documented: 200, 404)',
    );
    expect(stdout).toMatch(/FAILED {2}1 passed, 3 failed/);
  });
});

describe('a broken `openapi:` setting stops the run before any request', () => {
  it('exits 2 naming a missing document', async () => {
    await project('openapi: api/absent.yaml\n');
    api.requests.length = 0;
    const { code, stderr } = await runCli(['run'], { cwd: dir });
    expect(code).toBe(2);
    expect(stderr).toContain('OpenAPI document api/absent.yaml not found');
    expect(api.requests).toEqual([]);
  });

  it('exits 2 naming a document that is not OpenAPI 3.0 or 3.1', async () => {
    await writeFile(
      join(dir, 'api/swagger.yaml'),
      'swagger: "2.0"\ninfo: { title: t, version: "1" }\npaths: {}\n',
    );
    await project('openapi: api/swagger.yaml\n');
    const { code, stderr } = await runCli(['run'], { cwd: dir });
    expect(code).toBe(2);
    expect(stderr).toContain('invalid OpenAPI document api/swagger.yaml');
    expect(stderr).not.toMatch(/\n\s+at /);
  });

  it('exits 2 with file:line:col for a document that does not parse', async () => {
    await writeFile(join(dir, 'api/broken.yaml'), 'openapi: 3.1.0\ninfo: [\n');
    await project('openapi: api/broken.yaml\n');
    const { code, stderr } = await runCli(['run'], { cwd: dir });
    expect(code).toBe(2);
    expect(stderr).toContain('api/broken.yaml:3:1: invalid OpenAPI document api/broken.yaml:');
    expect(stderr).not.toContain(dir);
  });
});

describe('a run without `openapi:` never loads the OpenAPI parser', () => {
  it('reaches the contract code only through a dynamic import in the built CLI', async () => {
    const chunks = join(repoRoot, 'dist/lib/chunks');
    const names = (await readdir(chunks)).filter((name) => name.endsWith('.mjs'));
    const text = new Map<string, string>();
    for (const name of names) text.set(name, await readFile(join(chunks, name), 'utf8'));
    const runCommand = names.find((name) => /^run-[A-Z0-9]+\.mjs$/.test(name));
    expect(runCommand).toBeDefined();
    // Everything `runner run` loads up front: its chunk and what it imports statically, transitively.
    const loaded = new Set<string>();
    const visit = (name: string): void => {
      if (loaded.has(name)) return;
      loaded.add(name);
      for (const found of (text.get(name) ?? '').matchAll(/from\s*"\.\/([^"]+\.mjs)"/g)) {
        if (found[1] !== undefined) visit(found[1]);
      }
    };
    visit(runCommand ?? '');
    const contractChunk = names.find((name) => text.get(name)?.includes('urn:runner:openapi'));
    expect(contractChunk).toBeDefined();
    expect(loaded.has(contractChunk ?? '')).toBe(false);
    expect([...loaded].some((name) => name.startsWith('openapiParser-'))).toBe(false);
    // The session reaches it with import(...) when config.yaml names a document.
    expect(
      [...loaded].some((name) => /import\("\.\/openapi-[A-Z0-9]+\.mjs"\)/.test(text.get(name) ?? '')),
    ).toBe(true);
  });
});
