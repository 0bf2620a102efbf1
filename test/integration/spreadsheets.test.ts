import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { StepResult } from '../../src/engine/index.js';
import { createSpreadsheetFiles } from '../../src/spreadsheets/index.js';
import { runScenarios, scenarioFromYaml } from '../support/engine.js';
import { startTestServer, type TestServer } from '../support/testServer.js';

/** Customers as an API returns them: text that looks like formulas, numbers as text, a nested object. */
const CUSTOMERS = [
  { id: 1, name: '=HYPERLINK("http://evil.test","click")', spend: '120.50', vip: 'yes', tags: ['a'] },
  { id: 2, name: '+Grace', spend: '75', vip: 'no', tags: [] },
  { id: 3, name: '@Alan', spend: '-3', vip: 'no', tags: ['b', 'c'] },
];

let server: TestServer;
let root: string;
const files = () =>
  createSpreadsheetFiles({
    projectRoot: root,
    exportDir: join(root, 'exports'),
    display: (path) => relative(root, path),
  });

beforeAll(async () => {
  server = await startTestServer({
    handler: (request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        response.setHeader('content-type', 'application/json');
        if (request.method === 'GET' && request.url === '/customers') {
          response.end(JSON.stringify({ items: CUSTOMERS }));
        } else {
          response.statusCode = 201;
          response.end(body === '' ? '{}' : body);
        }
      });
    },
  });
});
afterAll(async () => {
  await server.close();
});
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'runner-sheets-'));
  return () => rm(root, { recursive: true, force: true });
});

const EXPORT_STEPS = `
  - request: { method: GET, url: /customers }
    save: { customers: body.items }
  - export:
      file: customers.xlsx
      from: $customers
      sheet: Customers
      columns:
        - { header: Customer ID, value: $item.id }
        - { header: Customer Name ($), value: $item.name }
        - { header: Spend, value: $float($item.spend) }
        - { header: VIP, value: $bool($item.vip) }
        - { header: Tier, value: "$if($float($item.spend) >= 100 && $bool($item.vip), gold, basic)" }
        - { header: Tags, value: $item.tags }
        - { header: Label, value: "#$item.id $item.name" }
`;

function flatten(steps: readonly StepResult[]): StepResult[] {
  return steps.flatMap((step) => [step, ...flatten([...(step.children ?? [])])]);
}

describe('export, import, then for_each: data-driven requests end to end', () => {
  it('sends one request per spreadsheet row, with the types the sheet kept', async () => {
    const scenario = scenarioFromYaml(`
scenario: round trip
steps:${EXPORT_STEPS}
  - import: { file: exports/customers.xlsx, as: rows }
  - for_each:
      from: $rows
      as: row
      steps:
        - request:
            method: POST
            url: /orders
            body: { customer: $row.customer_id, name: $row.customer_name, spend: $row.spend, vip: $row.vip, tier: $row.tier }
          expect: { status: 201, body.customer: $row.customer_id }
`);
    const before = server.requests.length;
    const { result } = await runScenarios([scenario], { baseUrl: server.url, spreadsheets: files() });
    const steps = result.scenarios[0]?.steps ?? [];
    expect(flatten(steps).filter((step) => step.status !== 'passed')).toEqual([]);
    expect(steps[1]?.spreadsheet).toEqual({ file: 'exports/customers.xlsx', sheet: 'Customers', rows: 3 });
    expect(steps[2]?.spreadsheet).toEqual({ file: 'exports/customers.xlsx', sheet: 'Customers', rows: 3 });

    const posted = server.requests
      .slice(before)
      .filter((request) => request.method === 'POST')
      .map((request) => JSON.parse(request.body) as unknown);
    expect(posted).toEqual([
      { customer: 1, name: '=HYPERLINK("http://evil.test","click")', spend: 120.5, vip: true, tier: 'gold' },
      { customer: 2, name: '+Grace', spend: 75, vip: false, tier: 'basic' },
      { customer: 3, name: '@Alan', spend: -3, vip: false, tier: 'basic' },
    ]);
  });

  it('saves the imported rows like `save` does: visible at once, and reported', async () => {
    const scenario = scenarioFromYaml(`
scenario: import
steps:${EXPORT_STEPS}
  - import: { file: customers.xlsx, as: rows, columns: [{ header: customer name ($), as: who }, { header: Tags, as: tags }] }
  - set: { first: "$rows[0].who" }
`);
    const { result } = await runScenarios([scenario], { baseUrl: server.url, spreadsheets: files() });
    const steps = result.scenarios[0]?.steps ?? [];
    expect(steps[2]?.status).toBe('passed');
    expect(steps[2]?.saved).toEqual({
      rows: [
        { who: '=HYPERLINK("http://evil.test","click")', tags: '["a"]' },
        { who: '+Grace', tags: '[]' },
        { who: '@Alan', tags: '["b","c"]' },
      ],
    });
    expect(steps[3]?.saved.first).toBe('=HYPERLINK("http://evil.test","click")');
  });

  it('makes every imported value a secret when the variable name is a masked one', async () => {
    const scenario = scenarioFromYaml(`
scenario: secrets
steps:${EXPORT_STEPS}
  - import: { file: exports/customers.xlsx, as: secret }
`);
    const { result, secrets } = await runScenarios([scenario], {
      baseUrl: server.url,
      spreadsheets: files(),
    });
    expect(result.scenarios[0]?.steps[2]?.status).toBe('passed');
    expect(secrets.has('+Grace')).toBe(true);
  });
});

describe('export and import failures are step results with clear messages', () => {
  /** `withFiles: false` runs without spreadsheet files at all. */
  async function failureOf(steps: string, withFiles = true) {
    const scenario = scenarioFromYaml(`scenario: fails\nsteps:${steps}`);
    const spreadsheets = withFiles ? files() : undefined;
    const { result } = await runScenarios([scenario], { baseUrl: server.url, spreadsheets });
    const failed = result.scenarios[0]?.steps.find((step) => step.status === 'failed');
    return failed?.error;
  }

  it('`from` that is not an array', async () => {
    expect(
      await failureOf(`
  - set: { customers: "not a list" }
  - export: { file: a.xlsx, from: $customers, columns: [{ header: A, value: $item }] }`),
    ).toBe('export: `$customers` is a string, not an array');
  });

  it('a column whose value cannot be evaluated names the item and the column', async () => {
    expect(
      await failureOf(`
  - request: { method: GET, url: /customers }
    save: { customers: body.items }
  - export: { file: a.xlsx, from: $customers, columns: [{ header: Email, value: $item.email }] }`),
    ).toMatch(/^export: item 1 of 3, column `Email`: .*email/);
  });

  it('a file name that variables turn into something other than .xlsx', async () => {
    expect(
      await failureOf(`
  - request: { method: GET, url: /customers }
    save: { customers: body.items }
  - set: { name: report.csv }
  - export: { file: "out/$name", from: $customers, columns: [{ header: A, value: $item }] }`),
    ).toBe('export: export file `out/report.csv` must end with `.xlsx`');
  });

  it('an import of a file that is not there says where it looked', async () => {
    expect(await failureOf(`\n  - import: { file: data/missing.xlsx, as: rows }`)).toBe(
      'import: `data/missing.xlsx` does not exist (looked for `data/missing.xlsx` or `exports/data/missing.xlsx`: relative paths resolve against the project root, then export.path)',
    );
  });

  it('an import of a sheet the file lacks lists the sheets it has', async () => {
    expect(
      await failureOf(`${EXPORT_STEPS}
  - import: { file: exports/customers.xlsx, as: rows, sheet: Orders }`),
    ).toBe('import: `exports/customers.xlsx` has no sheet `Orders` (sheets: `Customers`)');
  });

  it('an import of a file that is not a spreadsheet', async () => {
    await writeFile(join(root, 'fake.xlsx'), 'id;name\n1;x\n');
    expect(await failureOf(`\n  - import: { file: fake.xlsx, as: rows }`)).toMatch(
      /^import: `fake\.xlsx` is not an \.xlsx file: it is not a ZIP archive/,
    );
  });

  it('a run without spreadsheet files fails the step instead of crashing', async () => {
    expect(await failureOf(`\n  - import: { file: a.xlsx, as: rows }`, false)).toBe(
      'import: spreadsheet files are not available in this run',
    );
  });
});
