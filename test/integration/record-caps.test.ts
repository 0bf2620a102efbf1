import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECORDED_BODY_BYTES, RECORDED_ROWS } from '../../src/engine/recordCaps.js';
import { createSpreadsheetFiles } from '../../src/spreadsheets/index.js';
import { runScenarios, scenarioFromYaml } from '../support/engine.js';
import { startTestServer, type TestServer } from '../support/testServer.js';

/** Records are cut where they would make every report huge; checks and saves still see everything (issue 14). */
const ITEMS = Array.from({ length: 30_000 }, (_, i) => ({ id: i + 1, note: `item number ${i + 1} ✓` }));

let server: TestServer;
let root: string;
let posted: unknown;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'runner-caps-'));
  server = await startTestServer({
    handler: (request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        response.setHeader('content-type', 'application/json');
        if (request.url === '/items') return response.end(JSON.stringify({ items: ITEMS, last: 'end' }));
        if (request.url === '/rows') return response.end(JSON.stringify({ rows: ITEMS.slice(0, 1_500) }));
        posted = JSON.parse(body);
        response.end('{}');
      });
    },
  });
});
afterAll(async () => {
  await server.close();
  await rm(root, { recursive: true, force: true });
});

describe('records of large values', () => {
  it('keep the first MiB of a large body, as text, and say so, while checks read all of it', async () => {
    const scenario = scenarioFromYaml(`
scenario: big
steps:
  - request: { method: GET, url: /items }
    expect:
      body.last: end
      body.items[29999].id: 30000
`);
    const { result } = await runScenarios([scenario], { baseUrl: server.url });
    const step = result.scenarios[0]!.steps[0]!;
    expect(step.status).toBe('passed');
    const size = Buffer.byteLength(JSON.stringify({ items: ITEMS, last: 'end' }));
    expect(step.response!.sizeBytes).toBe(size);
    expect(typeof step.response!.body).toBe('string');
    const kept = step.response!.body as string;
    expect(Buffer.byteLength(kept)).toBeLessThanOrEqual(RECORDED_BODY_BYTES);
    expect(Buffer.byteLength(kept)).toBeGreaterThan(RECORDED_BODY_BYTES - 4);
    expect(kept.startsWith('{"items":[{"id":1,')).toBe(true);
    expect(step.warnings).toContainEqual(
      expect.stringMatching(/^the response body is [\d.]+ MiB: the reports keep its first 1 MiB, as text$/),
    );
  });

  it('keep the first 1,000 imported rows, and say so, while later steps use every row', async () => {
    const scenario = scenarioFromYaml(`
scenario: rows
steps:
  - request: { method: GET, url: /rows }
    save: { rows: body.rows }
  - export: { file: rows.xlsx, from: $rows, columns: [{ header: id, value: $item.id }] }
  - import: { file: exports/rows.xlsx, as: imported }
  - request: { method: POST, url: /echo, body: $imported }
`);
    const { result } = await runScenarios([scenario], {
      baseUrl: server.url,
      spreadsheets: createSpreadsheetFiles({
        projectRoot: root,
        exportDir: join(root, 'exports'),
        display: (path) => relative(root, path),
      }),
    });
    const [, , imported, echoed] = result.scenarios[0]!.steps;
    expect(imported!.status).toBe('passed');
    expect(imported!.spreadsheet?.rows).toBe(1_500);
    expect((imported!.saved.imported as unknown[]).length).toBe(RECORDED_ROWS);
    expect(imported!.warnings).toContain('`imported` holds 1,500 rows: the reports keep the first 1,000');
    expect(echoed!.status).toBe('passed');
    expect((posted as unknown[]).length).toBe(1_500);
  });
});
