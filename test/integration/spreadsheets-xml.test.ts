/**
 * Opens an exported workbook with an independent reader — Python's zipfile and XML parser, not the library
 * that wrote it — to prove what Excel will see: the headers, the values, real number and boolean cells, and
 * text (even text starting with `=`, `+`, `-`, `@`) that is never a formula.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSpreadsheetFiles } from '../../src/spreadsheets/index.js';
import { runScenarios, scenarioFromYaml } from '../support/engine.js';
import { startTestServer, type TestServer } from '../support/testServer.js';

const run = promisify(execFile);

/** Prints every cell of the first worksheet as {ref, type, value, formula}, and whether any sheet has <f>. */
const PYTHON_READER = `
import json, re, sys, zipfile
import xml.etree.ElementTree as ET
ns = {'m': 'http://schemas.openxmlformats.org/spreadsheetml/2006/main'}
z = zipfile.ZipFile(sys.argv[1])
shared = []
if 'xl/sharedStrings.xml' in z.namelist():
    for si in ET.fromstring(z.read('xl/sharedStrings.xml')).findall('m:si', ns):
        shared.append(''.join(t.text or '' for t in si.iter('{%s}t' % ns['m'])))
cells = []
for c in ET.fromstring(z.read('xl/worksheets/sheet1.xml')).iter('{%s}c' % ns['m']):
    kind = c.get('t', 'n')
    v = c.find('m:v', ns)
    text = None if v is None else v.text
    if kind == 's':
        value = shared[int(text)]
    elif kind == 'inlineStr':
        value = ''.join(t.text or '' for t in c.iter('{%s}t' % ns['m']))
    else:
        value = text
    cells.append({'ref': c.get('r'), 'type': kind, 'value': value, 'formula': c.find('m:f', ns) is not None})
sheets = [n for n in z.namelist() if n.startswith('xl/worksheets/') and n.endswith('.xml')]
raw_formula = any(re.search(rb'<(\\w+:)?f[ >/]', z.read(n)) for n in sheets)
workbook = ET.fromstring(z.read('xl/workbook.xml'))
names = [s.get('name') for s in workbook.iter('{%s}sheet' % ns['m'])]
print(json.dumps({'cells': cells, 'anyFormula': raw_formula, 'sheets': names}))
`;

interface PythonView {
  cells: { ref: string; type: string; value: string | null; formula: boolean }[];
  anyFormula: boolean;
  sheets: string[];
}

let server: TestServer;
let root: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'runner-xml-'));
  server = await startTestServer({
    handler: (_request, response) => {
      response.setHeader('content-type', 'application/json');
      response.end(
        JSON.stringify({
          items: [
            { id: 7, name: '=1+2', amount: '12.5', paid: 'true', note: null, meta: { a: 1 } },
            { id: 8, name: '+cmd', amount: 3, paid: false, note: '-5', meta: [1, 2] },
            { id: 9, name: '@SUM(A1:A2)', amount: '-0.25', paid: 'no', note: 'plain', meta: 'x' },
          ],
        }),
      );
    },
  });
});
afterAll(async () => {
  await server.close();
  await rm(root, { recursive: true, force: true });
});

describe('an exported workbook, read by Python', () => {
  it('has the headers, values and cell types, and no formula anywhere', async () => {
    const scenario = scenarioFromYaml(`
scenario: export
steps:
  - request: { method: GET, url: /orders }
    save: { orders: body.items }
  - export:
      file: reports/orders.xlsx
      from: $orders
      sheet: Orders
      columns:
        - { header: Id, value: $item.id }
        - { header: Name, value: $item.name }
        - { header: Amount, value: $float($item.amount) }
        - { header: Paid, value: $bool($item.paid) }
        - { header: Note, value: $item.note }
        - { header: Meta, value: $item.meta }
        - { header: Id Text, value: $string($item.id) }
`);
    const spreadsheets = createSpreadsheetFiles({
      projectRoot: root,
      exportDir: join(root, 'out'),
      display: (path) => relative(root, path),
    });
    const { result } = await runScenarios([scenario], { baseUrl: server.url, spreadsheets });
    expect(result.scenarios[0]?.steps[1]?.error).toBeUndefined();
    expect(result.scenarios[0]?.steps[1]?.spreadsheet).toEqual({
      file: 'out/reports/orders.xlsx',
      sheet: 'Orders',
      rows: 3,
    });

    const { stdout } = await run('python3', ['-c', PYTHON_READER, join(root, 'out/reports/orders.xlsx')]);
    const view = JSON.parse(stdout) as PythonView;
    expect(view.sheets).toEqual(['Orders']);
    expect(view.anyFormula).toBe(false);
    const cell = (ref: string) => {
      const found = view.cells.find((candidate) => candidate.ref === ref);
      return found && { type: found.type, value: found.value, formula: found.formula };
    };
    const text = (value: string) => ({
      type: expect.stringMatching(/^(s|inlineStr)$/),
      value,
      formula: false,
    });
    const number = (value: string) => ({ type: 'n', value, formula: false });
    const boolean = (value: '0' | '1') => ({ type: 'b', value, formula: false });

    expect(['A1', 'B1', 'C1', 'D1', 'E1', 'F1', 'G1'].map(cell)).toEqual(
      ['Id', 'Name', 'Amount', 'Paid', 'Note', 'Meta', 'Id Text'].map(text),
    );
    expect(['A2', 'B2', 'C2', 'D2', 'E2', 'F2', 'G2'].map(cell)).toEqual([
      number('7'),
      text('=1+2'),
      number('12.5'),
      boolean('1'),
      undefined, // null leaves the cell out
      text('{"a":1}'),
      text('7'),
    ]);
    expect(['B3', 'C3', 'D3', 'E3', 'F3'].map(cell)).toEqual([
      text('+cmd'),
      number('3'),
      boolean('0'),
      text('-5'),
      text('[1,2]'),
    ]);
    expect(['B4', 'C4', 'D4'].map(cell)).toEqual([text('@SUM(A1:A2)'), number('-0.25'), boolean('0')]);
    expect(view.cells.every((entry) => !entry.formula)).toBe(true);
  });
});
