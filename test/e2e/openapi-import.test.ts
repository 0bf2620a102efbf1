import { cp, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot, runCli, tempWorkspace } from '../support/cli.js';
import { createPetstore } from '../support/petstoreServer.js';
import { startTestServer, type TestServer } from '../support/testServer.js';

// Issue 16, DECISIONS.md "Authoring": `runner openapi import <file> [--out <dir>]` writes one scenario per
// operation that `runner validate` accepts and that runs against an implementation of the document (the
// Petstore of test/fixtures/openapi, origin in ORIGIN.md), reached as `localhost`.

let api: TestServer;
const cleanups: (() => Promise<void>)[] = [];

beforeAll(async () => {
  const petstore = createPetstore();
  api = await startTestServer({ handler: petstore.handler });
});
afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
  await api.close();
});

async function workspace(): Promise<string> {
  const { dir, cleanup } = await tempWorkspace();
  cleanups.push(cleanup);
  await mkdir(join(dir, '.runner/environments'), { recursive: true });
  await writeFile(join(dir, '.runner/config.yaml'), 'project: { name: petstore }\n');
  await writeFile(
    join(dir, '.runner/environments/local.yaml'),
    `baseUrl: http://localhost:${new URL(api.url).port}\n`,
  );
  await cp(join(repoRoot, 'test/fixtures/openapi'), join(dir, 'api'), { recursive: true });
  return dir;
}

describe('runner openapi import', () => {
  it('imports the 3.1 Petstore: scenarios that validate and pass, schemas in .runner/schemas', async () => {
    const dir = await workspace();
    const imported = await runCli(['openapi', 'import', 'api/petstore-3.1/openapi.yaml'], { cwd: dir });
    expect(imported.stderr).toBe('');
    expect(imported.stdout).toContain(
      'Imported 3 operation(s) from api/petstore-3.1/openapi.yaml: 3 scenario(s) in .runner/tests/openapi, 2 schema(s) in .runner/schemas/openapi',
    );
    expect(imported.code).toBe(0);

    const show = await readFile(join(dir, '.runner/tests/openapi/showPetById.yaml'), 'utf8');
    expect(show).toContain('# yaml-language-server: $schema=../../scenario.schema.json');
    // The path parameter's example, the documented success status and the response schema.
    expect(show).toContain('url: /v1/pets/1\n');
    expect(show).toContain('    expect:\n      status: 200\n      schema: openapi/showPetById-200.json\n');
    const create = await readFile(join(dir, '.runner/tests/openapi/createPets.yaml'), 'utf8');
    expect(create).toContain(
      '      body:\n        name: Rex\n        tag: dog\n    expect:\n      status: 201\n',
    );
    const list = await readFile(join(dir, '.runner/tests/openapi/listPets.yaml'), 'utf8');
    expect(list).toContain('      query:\n        limit: "2"\n');
    const schema = JSON.parse(await readFile(join(dir, '.runner/schemas/openapi/listPets-200.json'), 'utf8'));
    expect(schema).toMatchObject({ type: 'array', items: { $ref: expect.stringMatching(/^#\/\$defs\//) } });

    const validated = await runCli(['validate'], { cwd: dir });
    expect(validated.stdout).toContain('3 files checked: no problems');
    expect(validated.code).toBe(0);

    await writeFile(join(dir, '.runner/config.yaml'), 'openapi: api/petstore-3.1/openapi.yaml\n');
    const run = await runCli(['run'], { cwd: dir });
    expect(run.stdout).toMatch(/PASSED {2}3 passed, 0 failed, 3 total steps/);
    expect(run.stdout).toContain('✓ schema "openapi/showPetById-200.json"');
    expect(run.code).toBe(0);
  });

  it('imports the 3.0 Petstore into --out; a path parameter without an example gets a placeholder', async () => {
    const dir = await workspace();
    const imported = await runCli(
      ['openapi', 'import', 'api/petstore-3.0.yaml', '--out', '.runner/tests/pets'],
      {
        cwd: dir,
      },
    );
    expect(imported.code).toBe(0);
    const schema = JSON.parse(
      await readFile(join(dir, '.runner/schemas/openapi/showPetById-200.json'), 'utf8'),
    );
    // Draft-07 for a 3.0 document; OpenAPI's int64 is not a format `schema:` checks know, so it is left out.
    expect(schema).toMatchObject({
      $schema: 'http://json-schema.org/draft-07/schema#',
      $ref: '#/definitions/Pet',
      definitions: { Pet: { properties: { id: { type: 'integer' } } } },
    });
    expect(JSON.stringify(schema)).not.toContain('int64');

    const validated = await runCli(['validate'], { cwd: dir });
    expect(validated.code).toBe(0);

    await writeFile(join(dir, '.runner/config.yaml'), 'openapi: api/petstore-3.0.yaml\n');
    const run = await runCli(['run'], { cwd: dir });
    expect(run.stdout).toContain('✓ POST /v1/pets');
    expect(run.stdout).toContain('✓ GET /v1/pets ');
    // The document gives no example for petId: the placeholder finds no pet, which `default` documents.
    expect(run.stdout).toContain('✗ GET /v1/pets/example');
    expect(run.stdout).toContain('✗ status = 200 (expected), got 404');
    expect(run.stdout).toContain('✓ openapi GET /pets/{petId}: 404 keeps the contract');
    expect(run.code).toBe(1);
  });

  it('exits 2 for a wrong action or a missing document', async () => {
    const dir = await workspace();
    const wrong = await runCli(['openapi', 'export', 'api/petstore-3.0.yaml'], { cwd: dir });
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain('unknown action `export`: use `runner openapi import <file>`');
    const missing = await runCli(['openapi', 'import', 'api/none.yaml'], { cwd: dir });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('OpenAPI document api/none.yaml not found');
  });
});
