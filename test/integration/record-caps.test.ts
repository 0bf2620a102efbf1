import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECORDED_BODY_BYTES, RECORDED_ROWS } from '../../src/engine/recordCaps.js';
import { Masker, SecretRegistry } from '../../src/masking/index.js';
import { createResultMasker } from '../../src/reporters/maskingBoundary.js';
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
        if (request.url === '/items')
          return response.end(JSON.stringify({ items: ITEMS, last: 'end', password: 'pw-leak-123' }));
        if (request.url === '/secret') {
          response.statusCode = 500;
          const pad = 'p'.repeat(1_100_000);
          return response.end(
            JSON.stringify({ password: 'pw-leak-123', user: { apiKey: 'key-leak-789' }, pad }),
          );
        }
        if (request.url === '/text') {
          response.setHeader('content-type', 'text/plain');
          return response.end('é'.repeat(700_000));
        }
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
  it('cut a large JSON body to about a MiB, keeping its shape so masked fields stay masked', async () => {
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
    const whole = { items: ITEMS, last: 'end', password: 'pw-leak-123' };
    expect(step.response!.sizeBytes).toBe(Buffer.byteLength(JSON.stringify(whole)));
    const kept = step.response!.body as { items: unknown[]; last?: unknown; password?: unknown };
    const keptItems = kept.items.length - 1;
    expect(kept.items.slice(0, 2)).toEqual(ITEMS.slice(0, 2));
    expect(kept.items.at(-1)).toBe(`… ${(ITEMS.length - keptItems).toLocaleString('en-US')} more items cut`);
    expect(kept).toHaveProperty('…', '2 more keys cut');
    const keptBytes = Buffer.byteLength(JSON.stringify(kept));
    expect(keptBytes).toBeLessThan(RECORDED_BODY_BYTES * 1.2);
    expect(keptBytes).toBeGreaterThan(RECORDED_BODY_BYTES * 0.8);
    expect(step.warnings).toContainEqual(
      expect.stringMatching(
        /^the response body is [\d.]+ MiB: the reports keep about its first 1 MiB, its longer lists, objects and strings cut$/,
      ),
    );
  });

  it('keep masked fields of a large JSON body masked in every report', async () => {
    const scenario = scenarioFromYaml(`
scenario: secret
steps:
  - request: { method: GET, url: /secret }
    expect: { status: 500 }
`);
    const { result } = await runScenarios([scenario], { baseUrl: server.url });
    const masked = JSON.stringify(
      createResultMasker(new Masker({ enabled: true, fields: [] }, new SecretRegistry())).run(result),
    );
    expect(masked).not.toContain('pw-leak-123');
    expect(masked).not.toContain('key-leak-789');
    expect(masked).toContain('[MASKED]');
  });

  it('keep the first MiB of a large text body, as text', async () => {
    const scenario = scenarioFromYaml(`
scenario: text
steps:
  - request: { method: GET, url: /text }
`);
    const { result } = await runScenarios([scenario], { baseUrl: server.url });
    const step = result.scenarios[0]!.steps[0]!;
    const kept = step.response!.body as string;
    expect(Buffer.byteLength(kept)).toBeLessThanOrEqual(RECORDED_BODY_BYTES);
    expect(Buffer.byteLength(kept)).toBeGreaterThan(RECORDED_BODY_BYTES - 4);
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
