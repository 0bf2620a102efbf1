import { describe, expect, it } from 'vitest';
import { formatDiagnostic } from '../diagnostics/errors.js';
import type { ScenarioContext } from './context.js';
import { parseScenario } from './parseScenario.js';
import { parseYaml } from './parseYaml.js';
import { allSteps } from './stepTree.js';
import { variablesBefore } from './variableFlow.js';
import type { YamlMap } from './yamlTree.js';

const lines = (...text: string[]): string => text.join('\n') + '\n';

/** Only the "used before defined" problems, formatted. */
function undefinedVariables(text: string, context: ScenarioContext = {}): string[] {
  return parseScenario(text, 's.yaml', context)
    .diagnostics.filter((d) => d.code === 'variable.undefined')
    .map(formatDiagnostic);
}

describe('variables used before any definition', () => {
  it('reports the reference at its column, with a did-you-mean', () => {
    const text = lines(
      'scenario: t',
      'steps:',
      '  - request: { method: POST, url: /login }',
      '    save: { token: body.token }',
      '  - request: { method: GET, url: /me, headers: { Authorization: "Bearer $tokn" } }',
    );
    expect(undefinedVariables(text)).toEqual([
      's.yaml:5:73: variable `$tokn` is used before it is defined (did you mean `token`?)',
    ]);
  });

  it('knows credentials, environment variables, examples and generators', () => {
    const text = lines(
      'scenario: t',
      'examples: [{ role: admin }]',
      'steps:',
      '  - request:',
      '      method: POST',
      '      url: $apiPrefix/login/{{role}}',
      '      body: { user: $accounts.admin.user, id: $uuid, at: "${dateNow(YYYY)}" }',
    );
    expect(undefinedVariables(text, { environmentVariables: new Set(['apiPrefix']) })).toEqual([]);
    expect(undefinedVariables(text)).toEqual([
      's.yaml:6:12: variable `$apiPrefix` is used before it is defined',
    ]);
  });

  it('follows execution order: setup, steps, teardown; a `set` block cannot read its own keys', () => {
    const text = lines(
      'scenario: t',
      'setup:',
      '  - set: { a: "1", b: $a }',
      'steps:',
      '  - set: { c: $a }',
      'teardown:',
      '  - set: { d: $c }',
    );
    expect(undefinedVariables(text)).toEqual(['s.yaml:3:23: variable `$a` is used before it is defined']);
  });

  it('binds the loop alias inside `for_each` only, keeps saved variables after it', () => {
    const text = lines(
      'scenario: t',
      'steps:',
      '  - set: { list: "[]" }',
      '  - for_each:',
      '      from: $list',
      '      as: product',
      '      steps:',
      '        - request: { method: GET, url: /p/$product.id }',
      '          save: { last: body.id }',
      '  - set: { x: $last, y: $product }',
    );
    expect(undefinedVariables(text)).toEqual([
      's.yaml:10:25: variable `$product` is used before it is defined',
    ]);
  });

  it('binds `item` in transform filter/map and export columns', () => {
    const text = lines(
      'scenario: t',
      'steps:',
      '  - set: { products: "[]" }',
      '  - request:',
      '      method: POST',
      '      url: /o',
      '      transform: { from: $products, filter: $item.stock > 0, map: { sku: $item.id } }',
      '  - export: { file: a.xlsx, from: $products, columns: [{ header: Id, value: $item.id }] }',
      '  - set: { z: $item }',
    );
    expect(undefinedVariables(text)).toEqual(['s.yaml:9:15: variable `$item` is used before it is defined']);
  });

  it('lets `repeat.until` read what the loop saved, and `import.as` define a variable', () => {
    const text = lines(
      'scenario: t',
      'steps:',
      '  - repeat:',
      '      attempts: 3',
      '      until: $state == done',
      '      steps:',
      '        - request: { method: GET, url: /job }',
      '          save: { state: body.state }',
      '  - import: { file: a.xlsx, as: rows }',
      '  - for_each: { from: $rows, steps: [{ set: { n: $item.name } }] }',
    );
    expect(undefinedVariables(text)).toEqual([]);
  });

  it('treats a bare variable in a condition as an existence test, but a comparison as a use', () => {
    const step = (condition: string) =>
      lines('scenario: t', 'steps:', '  - request: { method: GET, url: / }', `    if: "${condition}"`);
    expect(undefinedVariables(step('$token'))).toEqual([]);
    expect(undefinedVariables(step('!$token || $token == x'))).toEqual([
      's.yaml:4:21: variable `$token` is used before it is defined',
    ]);
  });

  it('checks variables inside expected values', () => {
    const text = lines(
      'scenario: t',
      'steps:',
      '  - request: { method: GET, url: / }',
      '    expect: { body.id: $userId }',
    );
    expect(undefinedVariables(text)).toEqual([
      's.yaml:4:24: variable `$userId` is used before it is defined',
    ]);
  });

  it('adds what a `use` target defines, and stops checking after a target it cannot read', () => {
    const text = lines('scenario: t', 'steps:', '  - use: login.yaml', '  - set: { a: $token, b: $other }');
    const known: ScenarioContext = {
      resolveUse: (target) => ({ path: `/w/${target}`, exists: true, defines: ['token'] }),
    };
    expect(undefinedVariables(text, known)).toEqual([
      's.yaml:4:26: variable `$other` is used before it is defined',
    ]);
    const unknown: ScenarioContext = { resolveUse: (target) => ({ path: `/w/${target}`, exists: true }) };
    expect(undefinedVariables(text, unknown)).toEqual([]);
  });

  it('is skipped for files that other files `use`', () => {
    const text = lines('scenario: t', 'steps:', '  - set: { a: $fromParent }');
    expect(undefinedVariables(text)).toHaveLength(1);
    expect(undefinedVariables(text, { isUseTarget: true })).toEqual([]);
  });

  it('passes `with` values through as uses of the parent scope', () => {
    const text = lines('scenario: t', 'steps:', '  - use: child.yaml', '    with: { id: $missing }');
    expect(undefinedVariables(text)).toEqual([
      's.yaml:4:17: variable `$missing` is used before it is defined',
    ]);
  });
});

describe('variablesBefore (what an editor offers after `$`)', () => {
  it('names what is defined when a step starts, by the same walk as the check', () => {
    const root = parseYaml(
      lines(
        'scenario: t',
        'examples: [{ region: eu }]',
        'teardown:',
        '  - request: { method: DELETE, url: /x/$late }',
        'steps:',
        '  - set: { early: "1" }',
        '  - for_each:',
        '      from: $list',
        '      as: row',
        '      steps:',
        '        - request: { method: GET, url: /rows/$row }',
        '  - request: { method: GET, url: /y }',
        '    save: { late: body.id }',
      ),
      's.yaml',
    ).root as YamlMap;
    const steps = allSteps(root);
    const scope = (index: number) => [
      ...(variablesBefore(root, { predefined: ['list'] }, steps[index]!)?.names ?? []),
    ];
    // allSteps lists setup, steps, teardown in that order, a loop's steps right after the loop.
    expect(scope(2)).toEqual(expect.arrayContaining(['early', 'row', 'list', 'region', 'accounts']));
    expect(scope(2)).not.toContain('late');
    expect(scope(3)).not.toContain('row');
    expect(scope(3)).not.toContain('late');
    // Teardown runs after the steps, wherever it is written.
    expect(scope(4)).toContain('late');
  });
});
