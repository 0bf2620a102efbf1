import { describe, expect, it } from 'vitest';
import type { Step } from './model.js';
import { parseScenario } from './parseScenario.js';

const lines = (...text: string[]): string => text.join('\n') + '\n';

function stepsOf(...yaml: string[]): Step[] {
  const result = parseScenario(lines('scenario: t', 'steps:', ...yaml), 's.yaml', {
    environmentVariables: new Set(['list']),
    resolveUse: (target) => ({ path: `/project/tests/${target}`, exists: true, defines: [] }),
  });
  expect(result.diagnostics).toEqual([]);
  return result.scenario?.steps ?? [];
}

describe('the scenario model', () => {
  it('keeps the scenario header and every step location', () => {
    const result = parseScenario(
      lines(
        'scenario: Users',
        'description: d',
        'tags: [a, 1]',
        'examples: [{ name: one, n: 1 }]',
        'steps:',
        '  - set: { a: b }',
      ),
      'tests/u.yaml',
    );
    expect(result.scenario).toMatchObject({
      name: 'Users',
      description: 'd',
      tags: ['a', '1'],
      examples: [{ name: 'one', n: 1 }],
      setup: [],
      teardown: [],
      file: 'tests/u.yaml',
      loc: { file: 'tests/u.yaml', line: 1, col: 1 },
    });
    expect(result.scenario?.steps[0]?.loc).toEqual({ file: 'tests/u.yaml', line: 6, col: 5 });
  });

  it('builds a request with text headers, a body, durations in ms and retry defaults', () => {
    const [step] = stepsOf(
      '  - name: create',
      '    if: "true"',
      '    request:',
      '      method: POST',
      '      url: /users',
      '      headers: { X-Retry: 3, Accept: json }',
      '      query: { page: 2 }',
      '      body: { name: Ann, tags: [1, true] }',
      '      timeout: 1.5s',
      '    expect: { status: 201, body.name: startsWith A }',
      '    save: { id: body.id }',
      '    retry: { attempts: 3 }',
      '    timing: { max: 2m30s }',
    );
    expect(step).toMatchObject({
      kind: 'request',
      name: 'create',
      if: 'true',
      request: {
        method: 'POST',
        url: '/users',
        headers: { 'X-Retry': '3', Accept: 'json' },
        query: { page: '2' },
        body: { name: 'Ann', tags: [1, true] },
        hasBody: true,
        timeoutMs: 1500,
      },
      expect: [
        { path: 'status', expected: 201, loc: { line: 12, col: 15 } },
        { path: 'body.name', expected: 'startsWith A', loc: { line: 12, col: 28 } },
      ],
      save: [{ variable: 'id', source: 'body.id', loc: { line: 13, col: 13 } }],
      retry: { attempts: 3, intervalMs: 500, backoff: 'constant' },
      timingMaxMs: 150_000,
    });
    expect(step?.retry).not.toHaveProperty('maxDurationMs');
  });

  it('reads retry intervals as milliseconds or durations', () => {
    const [step] = stepsOf(
      '  - request: { method: GET, url: / }',
      '    retry: { interval: 2s, backoff: linear, maxDuration: 1m, onStatus: [503] }',
    );
    expect(step?.retry).toEqual({
      attempts: 1,
      intervalMs: 2000,
      backoff: 'linear',
      maxDurationMs: 60_000,
      onStatus: [503],
    });
  });

  it('tells "no body" from an explicit null body', () => {
    const [none, nullBody] = stepsOf(
      '  - request: { method: GET, url: / }',
      '  - request: { method: POST, url: /, body: null }',
    );
    expect(none?.kind === 'request' && none.request).toMatchObject({ hasBody: false });
    expect(none?.kind === 'request' && 'body' in none.request).toBe(false);
    expect(nullBody?.kind === 'request' && nullBody.request).toMatchObject({ hasBody: true, body: null });
  });

  it('normalizes multipart files and keeps transforms', () => {
    // Two steps: `transform` works on a JSON `body` only (validate rejects it beside `multipart`).
    const [step, transformed] = stepsOf(
      '  - request:',
      '      method: POST',
      '      url: /u',
      '      multipart:',
      '        fields: { title: T }',
      '        files: { doc: a.pdf, img: { path: i.png, contentType: image/png } }',
      '  - request:',
      '      method: POST',
      '      url: /o',
      '      body: {}',
      '      transform: { from: $list, slice: "0:2", map: { id: $item.id }, into: items }',
    );
    expect(step?.kind === 'request' && step.request).toMatchObject({
      multipart: {
        fields: { title: 'T' },
        files: { doc: { path: 'a.pdf' }, img: { path: 'i.png', contentType: 'image/png' } },
      },
    });
    expect(transformed?.kind === 'request' && transformed.request).toMatchObject({
      transform: { from: '$list', slice: '0:2', map: { id: '$item.id' }, into: 'items' },
    });
  });

  it('applies the defaults of import, export and for_each', () => {
    const steps = stepsOf(
      '  - import: { file: in.xlsx, as: rows }',
      '  - export: { file: out.xlsx, from: $rows, columns: [{ header: A, value: $item.a }] }',
      '  - for_each: { from: $rows, steps: [{ set: { x: $item } }] }',
      '  - repeat: { attempts: 2, until: $x, steps: [{ set: { y: "1" } }] }',
    );
    expect(steps.map((step) => step.kind)).toEqual(['import', 'export', 'for_each', 'repeat']);
    expect(steps[0]).toMatchObject({
      import: { file: 'in.xlsx', as: 'rows', headerRow: 1, dataStartRow: 2 },
    });
    expect(steps[1]).toMatchObject({
      export: { sheet: 'Sheet1', columns: [{ header: 'A', value: '$item.a' }] },
    });
    expect(steps[2]).toMatchObject({
      forEach: { from: '$rows', as: 'item', steps: [{ kind: 'set', set: { x: '$item' } }] },
    });
    expect(steps[3]).toMatchObject({ repeat: { attempts: 2, until: '$x', steps: [{ kind: 'set' }] } });
  });

  it('builds cache and use steps, with the resolved `use` path', () => {
    const [cache, use] = stepsOf(
      '  - cache: { connection: c, command: ttl, key: "s:1" }',
      '  - use: login.yaml',
      '    with: { user: 7 }',
    );
    expect(cache).toMatchObject({ kind: 'cache', cache: { connection: 'c', command: 'ttl', key: 's:1' } });
    expect(use).toMatchObject({
      kind: 'use',
      use: 'login.yaml',
      with: { user: '7' },
      usePath: '/project/tests/login.yaml',
    });
  });

  it('returns no scenario when there are errors', () => {
    const result = parseScenario(lines('scenario: t', 'steps:', '  - name: x'), 's.yaml');
    expect(result.scenario).toBeUndefined();
    expect(result.diagnostics).toHaveLength(1);
  });
});
