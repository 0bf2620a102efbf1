import { cp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot, runCli, tempWorkspace } from '../support/cli.js';
import { startTestServer, type TestServer } from '../support/testServer.js';

// Issue 16, DECISIONS.md "Authoring" and "Finer points": `runner run --coverage` counts the operations of the
// OpenAPI document and the statuses written out in it (not `default`). The numbers below are counted by hand
// from test/fixtures/openapi/coverage.yaml and the scenarios written here.

let api: TestServer;
let dir: string;
let cleanup: () => Promise<void>;

beforeAll(async () => {
  // Answers with the status asked for in `?status=`, as an API would for the cases the scenarios exercise.
  api = await startTestServer({
    handler: (request, response) => {
      const status = Number(
        new URL(request.url ?? '/', 'http://localhost').searchParams.get('status') ?? 200,
      );
      response.writeHead(status);
      response.end();
    },
  });
  ({ dir, cleanup } = await tempWorkspace());
  await mkdir(join(dir, '.runner/environments'), { recursive: true });
  await mkdir(join(dir, '.runner/tests/_shared'), { recursive: true });
  await writeFile(
    join(dir, 'coverage.yaml'),
    await readFile(join(repoRoot, 'test/fixtures/openapi/coverage.yaml')),
  );
  await writeFile(join(dir, '.runner/config.yaml'), 'openapi: coverage.yaml\n');
  await writeFile(
    join(dir, '.runner/environments/local.yaml'),
    `baseUrl: http://localhost:${new URL(api.url).port}\n`,
  );
  await writeFile(
    join(dir, '.runner/tests/items.yaml'),
    `scenario: Items
steps:
  - request: { method: GET, url: /items }
  - request: { method: GET, url: /items }
  - request: { method: GET, url: "/items?status=500" }
  - request: { method: POST, url: /items, query: { status: "201" } }
  - request: { method: POST, url: /items, query: { status: "422" } }
  - request: { method: GET, url: /items/1 }
  - use: _shared/item.yaml
  - request: { method: GET, url: /health }
`,
  );
  await writeFile(
    join(dir, '.runner/tests/_shared/item.yaml'),
    'scenario: Item\nsteps:\n  - request: { method: GET, url: /items/2 }\n',
  );
});
afterAll(async () => {
  await cleanup();
  await api.close();
});

describe('runner run --coverage', () => {
  it('counts operations and written statuses exactly, in the console, coverage.json and report.html', async () => {
    const { code, stdout } = await runCli(['run', '--coverage', '--report', 'html'], { cwd: dir });
    expect(code).toBe(0);
    // Operations: listItems, createItem, getItem exercised; deleteItem not: 3/4.
    // Statuses written out: 200, 400 | 201, 4XX | 200, 404 | 204 = 7; exercised: 200 | 201, 4XX (422) | 200 = 4.
    // The 500 is documented by `default` but not counted; GET /health matches no operation.
    expect(stdout).toContain(
      [
        'API coverage · coverage.yaml · operations 3/4 (75%) · documented statuses 4/7 (57%)',
        '  ✓ GET /items            3 requests  200 ✓  400 ✗',
        '  ✓ POST /items           2 requests  201 ✓  4XX ✓',
        '  ✓ GET /items/{id}       2 requests  200 ✓  404 ✗',
        '  ✗ DELETE /items/{id}    0 requests  204 ✗',
        '  1 request(s) matched no operation',
      ].join('\n'),
    );
    expect(stdout).toContain(
      'Reports: .runner/reports/latest/report.html, .runner/reports/latest/coverage.json',
    );

    const coverage = JSON.parse(await readFile(join(dir, '.runner/reports/latest/coverage.json'), 'utf8'));
    expect(coverage).toEqual({
      document: 'coverage.yaml',
      operations: [
        { operation: 'GET /items', operationId: 'listItems', requests: 3, statuses: { '200': 2, '400': 0 } },
        {
          operation: 'POST /items',
          operationId: 'createItem',
          requests: 2,
          statuses: { '201': 1, '4XX': 1 },
        },
        {
          operation: 'GET /items/{id}',
          operationId: 'getItem',
          requests: 2,
          statuses: { '200': 2, '404': 0 },
        },
        { operation: 'DELETE /items/{id}', operationId: 'deleteItem', requests: 0, statuses: { '204': 0 } },
      ],
      unmatchedRequests: 1,
      summary: { operations: { documented: 4, exercised: 3 }, statuses: { documented: 7, exercised: 4 } },
    });

    const html = await readFile(join(dir, '.runner/reports/latest/report.html'), 'utf8');
    expect(html).toContain('<section class="coverage" id="api-coverage"><h2>API coverage</h2>');
    expect(html).toContain('operations <b>3/4</b> (75%), documented statuses <b>4/7</b> (57%)');
    expect(html).toContain('<tr class="cov-miss"><td>DELETE /items/{id}</td>');
  });

  it('merges across shards with `runner report merge`: the union of what each shard exercised', async () => {
    await writeFile(
      join(dir, '.runner/tests/delete.yaml'),
      'scenario: Delete\nsteps:\n  - request: { method: DELETE, url: "/items/1?status=204" }\n',
    );
    const shards = [];
    for (const [n, file] of [
      [1, 'items.yaml'],
      [2, 'delete.yaml'],
    ] as const) {
      const run = await runCli(['run', file, '--coverage', '--report', 'json'], { cwd: dir });
      expect(run.code).toBe(0);
      const shard = join(dir, `shard-${n}`);
      await cp(join(dir, '.runner/reports/latest'), shard, { recursive: true });
      shards.push(shard);
    }
    const merged = await runCli(['report', 'merge', ...shards, '--out', 'merged', '--report', 'json,html'], {
      cwd: dir,
    });
    expect(merged.code).toBe(0);
    const coverage = JSON.parse(await readFile(join(dir, 'merged/coverage.json'), 'utf8'));
    // Shard 1 as above (3/4, 4/7); shard 2 adds DELETE /items/{id} with its 204: 4/4 operations, 5/7 statuses.
    expect(coverage.summary).toEqual({
      operations: { documented: 4, exercised: 4 },
      statuses: { documented: 7, exercised: 5 },
    });
    expect(coverage.unmatchedRequests).toBe(1);
    const html = await readFile(join(dir, 'merged/report.html'), 'utf8');
    expect(html).toContain('operations <b>4/4</b> (100%), documented statuses <b>5/7</b> (71%)');

    await writeFile(join(shards[1]!, 'coverage.json'), '{"not": "coverage"}');
    const bad = await runCli(['report', 'merge', ...shards, '--out', 'merged'], { cwd: dir });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('shard-2/coverage.json: not a runner coverage.json');
    await rm(join(dir, '.runner/tests/delete.yaml'));
  });

  it('exits 2 before sending anything when there is no OpenAPI document', async () => {
    await writeFile(join(dir, '.runner/config.yaml'), '');
    api.requests.length = 0;
    const { code, stderr } = await runCli(['run', '--coverage'], { cwd: dir });
    expect(code).toBe(2);
    expect(stderr).toContain('`--coverage` needs an OpenAPI document to count against');
    expect(api.requests).toEqual([]);
    await writeFile(join(dir, '.runner/config.yaml'), 'openapi: coverage.yaml\n');
  });
});
