import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAssetReader } from '../../src/workspace/assets.js';
import { runScenarios, scenarioFromYaml } from '../support/engine.js';
import { startTestServer, type TestServer } from '../support/testServer.js';

let server: TestServer;
let assetsDir: string;
beforeAll(async () => {
  server = await startTestServer();
  assetsDir = await mkdtemp(join(tmpdir(), 'runner-assets-'));
  await mkdir(join(assetsDir, 'docs'));
  await writeFile(join(assetsDir, 'docs/report.csv'), 'id,total\n1,42\n');
});
afterAll(async () => {
  await server.close();
  await rm(assetsDir, { recursive: true, force: true });
});

describe('transform', () => {
  it('filters, slices and maps a saved array into the request body', async () => {
    const scenario = scenarioFromYaml(`
scenario: order
steps:
  - request: { method: GET, url: /products }
    save: { products: body.items }
  - request:
      method: POST
      url: /echo
      body: { customer: 7 }
      transform:
        from: $products
        filter: $item.stock > 0
        slice: "0:2"
        map: { sku: $item.sku, qty: 1 }
        into: order.lines
`);
    const before = server.requests.length;
    const { result } = await runScenarios([scenario], { baseUrl: server.url });
    expect(result.status).toBe('passed');
    const sent = JSON.parse(server.requests[before + 1]!.body) as {
      customer: number;
      order: { lines: { sku: string; qty: number }[] };
    };
    expect(sent.customer).toBe(7);
    expect(sent.order.lines).toHaveLength(2);
    expect(sent.order.lines[0]).toEqual({ sku: expect.stringMatching(/^[A-Z]{2}-\d{3}$/), qty: 1 });
    expect(result.scenarios[0]!.steps[1]!.request!.body).toEqual(sent);
  });
});

describe('multipart', () => {
  it('uploads text fields and a file from the assets directory', async () => {
    const scenario = scenarioFromYaml(`
scenario: upload
steps:
  - set: { quarter: Q3 }
  - request:
      method: POST
      url: /echo
      multipart:
        fields: { title: "Report $quarter" }
        files:
          document: { path: docs/report.csv, filename: q3.csv }
`);
    const before = server.requests.length;
    const { result } = await runScenarios([scenario], {
      baseUrl: server.url,
      assets: createAssetReader(assetsDir, 'assets'),
    });
    expect(result.status).toBe('passed');
    const received = server.requests[before]!;
    expect(received.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(received.body).toContain('name="title"');
    expect(received.body).toContain('Report Q3');
    expect(received.body).toContain('filename="q3.csv"');
    expect(received.body).toContain('id,total\n1,42\n');
    expect(result.scenarios[0]!.steps[1]!.request!.body).toEqual({
      fields: { title: 'Report Q3' },
      files: { document: { filename: 'q3.csv', contentType: 'text/csv', size: 14 } },
    });
  });

  it('refuses a file outside the assets directory, and sends nothing', async () => {
    // Written out, such a path is refused at plan time (src/language/assetPathRule.ts); one that comes
    // from a variable is only known when the step runs.
    const scenario = scenarioFromYaml(`
scenario: escape
steps:
  - set: { escape: ../../etc/passwd }
  - request:
      method: POST
      url: /echo
      multipart: { files: { f: $escape } }
`);
    const before = server.requests.length;
    const { result } = await runScenarios([scenario], {
      baseUrl: server.url,
      assets: createAssetReader(assetsDir, 'assets'),
    });
    const step = result.scenarios[0]!.steps[1]!;
    expect(step.status).toBe('failed');
    expect(step.error).toContain('is outside assets.path (assets)');
    expect(server.requests.length).toBe(before);
  });
});
