import { describe, expect, it } from 'vitest';
import { formatDiagnostic } from '../diagnostics/errors.js';
import type { ScenarioContext } from './context.js';
import { parseScenario } from './parseScenario.js';

const lines = (...text: string[]): string => text.join('\n') + '\n';

function problems(text: string, context: ScenarioContext = {}): string[] {
  return parseScenario(text, 's.yaml', context).diagnostics.map((d) => `${d.code} ${formatDiagnostic(d)}`);
}

/** A scenario with one step, written as YAML lines indented under `steps:`. */
const oneStep = (...step: string[]): string => lines('scenario: test', 'steps:', ...step);

describe('parseScenario: file-level problems', () => {
  it('yaml.syntax', () => {
    expect(problems(lines('scenario: x', 'steps: [', '  - a'))[0]).toBe(
      'yaml.syntax s.yaml:3:3: YAML syntax: Block collections are not allowed within flow collections',
    );
  });

  it('yaml.not-a-map', () => {
    expect(problems(lines('- request: {}'))).toEqual([
      'yaml.not-a-map s.yaml:1:1: a scenario file must be a map of keys, got a list',
    ]);
  });

  it('yaml.duplicate-key', () => {
    expect(problems(lines('scenario: a', 'scenario: b', 'steps: []'))).toEqual([
      'yaml.duplicate-key s.yaml:2:1: duplicate key: a key may appear only once in a map',
    ]);
  });

  it('yaml.too-many-aliases: a "billion laughs" scenario fails fast', () => {
    const bomb = ['a: &a [x, x, x, x, x, x, x, x, x]'];
    for (let i = 1; i < 9; i++) {
      bomb.push(
        `${String.fromCharCode(97 + i)}: &${String.fromCharCode(97 + i)} [${Array(9)
          .fill(`*${String.fromCharCode(96 + i)}`)
          .join(', ')}]`,
      );
    }
    const started = Date.now();
    const result = parseScenario(lines('scenario: x', 'steps: []', ...bomb), 's.yaml');
    expect(Date.now() - started).toBeLessThan(1000);
    expect(result.scenario).toBeUndefined();
    expect(result.diagnostics.map((d) => d.code)).toEqual(['yaml.too-many-aliases']);
  });

  it('shape.required: `scenario` and `steps`', () => {
    expect(problems(lines('description: nothing else'))).toEqual([
      'shape.required s.yaml:1:1: missing required key `scenario` in scenario',
      'shape.required s.yaml:1:1: missing required key `steps` in scenario',
    ]);
  });

  it('shape.unknown-key at the top level and in a step, with did-you-mean', () => {
    expect(problems(lines('scenario: x', 'steps: []', 'teardwon: []'))).toEqual([
      'shape.unknown-key s.yaml:3:1: unknown key `teardwon` in scenario (did you mean `teardown`?)',
    ]);
    expect(problems(oneStep('  - request: { method: GET, url: / }', '    exepct: { status: 200 }'))).toEqual([
      'shape.unknown-key s.yaml:4:5: unknown key `exepct` in step (did you mean `expect`?)',
    ]);
  });
});

describe('parseScenario: field rules', () => {
  it('shape.required: request needs method and url', () => {
    expect(problems(oneStep('  - request: { method: GET }'))).toEqual([
      'shape.required s.yaml:3:14: missing required key `url` in request',
    ]);
  });

  it('shape.type', () => {
    expect(
      problems(oneStep('  - request: { method: GET, url: / }', '    retry: { attempts: three }')),
    ).toEqual(['shape.type s.yaml:4:24: `attempts` must be an integer, got "three"']);
  });

  it('shape.enum: methods are upper case', () => {
    expect(problems(oneStep('  - request: { method: get, url: / }'))).toEqual([
      'shape.enum s.yaml:3:24: `method` must be one of `GET`, `POST`, `PUT`, `DELETE`, `PATCH`, `OPTIONS`, `HEAD`, got "get" (did you mean `GET`?)',
    ]);
  });

  it('request.asset-outside: a multipart file written outside assets.path is refused before any request', () => {
    expect(
      problems(
        oneStep(
          '  - request: { method: POST, url: /, multipart: { files: { a: ../../etc/passwd, b: { path: /etc/hosts }, c: ok/x.png } } }',
        ),
      ),
    ).toEqual([
      'request.asset-outside s.yaml:3:63: multipart.files.a: `../../etc/passwd` is outside assets.path: `..` segments are not allowed',
      'request.asset-outside s.yaml:3:92: multipart.files.b: `/etc/hosts` is outside assets.path: absolute paths are not allowed; write a path relative to it',
    ]);
  });

  it('request.body-conflict: one body form per request, and transform only with body', () => {
    expect(
      problems(oneStep('  - request: { method: POST, url: /, form: { a: 1 }, graphql: { query: q } }')),
    ).toEqual([
      'request.body-conflict s.yaml:3:54: `form` and `graphql` cannot be combined: a request sends one of `body`, `form`, `multipart` or `graphql`',
    ]);
    expect(
      problems(
        oneStep('  - request: { method: POST, url: /, form: { a: 1 }, transform: { from: $accounts } }'),
      ),
    ).toEqual([
      'request.body-conflict s.yaml:3:54: `transform` reshapes a JSON `body`; it cannot be combined with `form`',
    ]);
  });

  it('a misspelled body form gets a did-you-mean', () => {
    expect(problems(oneStep('  - request: { method: POST, url: /, grapql: { query: q } }'))[0]).toMatch(
      /did you mean `graphql`\?/,
    );
  });

  it('shape.range', () => {
    expect(
      problems(oneStep('  - request: { method: GET, url: / }', '    retry: { onStatus: [99] }')),
    ).toEqual(['shape.range s.yaml:4:25: `onStatus[0]` must be at least 100, got 99']);
  });

  it('duration.invalid', () => {
    expect(problems(oneStep('  - request: { method: GET, url: /, timeout: 5 sec }'))).toEqual([
      'duration.invalid s.yaml:3:46: `timeout` must be a duration such as `500ms`, `1s`, `1.5s`, `1m` or `2m30s`, got "5 sec"',
    ]);
  });

  it('transform.slice', () => {
    expect(
      problems(
        lines(
          'scenario: t',
          'steps:',
          '  - set: { items: x }',
          '  - request:',
          '      method: POST',
          '      url: /',
          '      transform: { from: $items, slice: "1-3" }',
        ),
      ),
    ).toEqual([
      'transform.slice s.yaml:7:41: `slice` must be a slice such as `0:10`, `:5` or `2:`, got "1-3"',
    ]);
  });

  it('variable.name: save keys', () => {
    expect(
      problems(oneStep('  - request: { method: GET, url: / }', '    save: { user id: body.id }')),
    ).toEqual([
      'variable.name s.yaml:4:13: `user id` is not a valid variable name (letters, digits, `_` and `-`, without `$`)',
    ]);
  });

  it('variable.sigil: `from` needs `$`, `as` must not have it', () => {
    expect(problems(oneStep('  - for_each: { from: items, steps: [] }'))).toEqual([
      'variable.sigil s.yaml:3:23: `from` must name a variable starting with `$`, got "items" (write `$items`)',
    ]);
    expect(problems(oneStep('  - import: { file: a.xlsx, as: $rows }'))).toEqual([
      'variable.sigil s.yaml:3:33: `as` takes a variable name without `$` (write `as: rows`)',
    ]);
  });

  it('template syntax, at the column of the culprit', () => {
    expect(problems(oneStep('  - request: { method: GET, url: "/n/${randomInteger(1,2)}" }'))).toEqual([
      'template.unknown-function s.yaml:3:40: unknown function `randomInteger` (did you mean `randomInt`?)',
    ]);
  });

  it('condition syntax: ambiguous negation', () => {
    expect(problems(oneStep('  - request: { method: GET, url: / }', '    if: "!$x == blocked"'))).toEqual([
      expect.stringMatching(/^condition\.ambiguous-negation s\.yaml:4:10: .*`!\(\$x == blocked\)`/),
    ]);
  });

  it('nesting too deep: reported at the culprit, for conditions and templates', () => {
    const deepIf = `${'('.repeat(2000)}$x${')'.repeat(2000)}`;
    const deepUrl = `/${'$if(true, '.repeat(3000)}x${', y)'.repeat(3000)}`;
    expect(
      problems(oneStep(`  - request: { method: GET, url: "${deepUrl}" }`, `    if: "${deepIf}"`)),
    ).toEqual([
      'template.too-deep s.yaml:3:676: templates may nest at most 64 levels (simplify the expression)',
      'condition.too-deep s.yaml:4:74: conditions may nest at most 64 levels (simplify the expression)',
    ]);
  });

  it('expect.matcher', () => {
    expect(
      problems(oneStep('  - request: { method: GET, url: / }', '    expect: { body.name: contians foo }')),
    ).toEqual([
      expect.stringMatching(/^expect\.matcher s\.yaml:4:26: `contians foo` .*did you mean `contains foo`/),
    ]);
  });

  it('expect.path: unknown roots, and roots that do not fit the step', () => {
    expect(problems(oneStep('  - request: { method: GET, url: / }', '    expect: { bdy.id: 1 }'))).toEqual([
      expect.stringMatching(/^expect\.path s\.yaml:4:15: .*`bdy`.*did you mean `body`/),
    ]);
    expect(
      problems(oneStep('  - request: { method: GET, url: / }', '    expect: { cache.value: 1 }')),
    ).toEqual(['expect.path s.yaml:4:15: `cache.*` paths are only available on `cache` steps']);
    expect(
      problems(oneStep('  - cache: { connection: c, command: get, key: k }', '    expect: { body.id: 1 }')),
    ).toEqual([
      'expect.path s.yaml:4:15: `body` is not available on a `cache` step: use `cache.exists`, `cache.value` or `cache.ttl`',
    ]);
  });

  it('save.source', () => {
    expect(
      problems(oneStep('  - request: { method: GET, url: / }', '    save: { n: count(body.items }')),
    ).toEqual([expect.stringMatching(/^save\.source s\.yaml:4:16: /)]);
    expect(problems(oneStep('  - request: { method: GET, url: / }', '    save: { v: cache.value }'))).toEqual(
      ['save.source s.yaml:4:16: `cache.*` paths are only available on `cache` steps'],
    );
  });
});

describe('parseScenario: step rules', () => {
  it('step.no-operation', () => {
    expect(problems(oneStep('  - name: nothing'))).toEqual([
      'step.no-operation s.yaml:3:5: a step needs an operation: one of `request`, `cache`, `websocket`, `sse`, `subscription`, `grpc`, `use`, `set`, `export`, `import`, `repeat`, `for_each`',
    ]);
  });

  it('step.multiple-operations names the two that clash', () => {
    expect(problems(oneStep('  - request: { method: GET, url: / }', '    set: { a: b }'))).toEqual([
      'step.multiple-operations s.yaml:4:5: a step has one operation, but this one has both `request` and `set` (split it into two steps)',
    ]);
  });

  it('step.ignored-key: a warning on `set` steps, which still parse', () => {
    const result = parseScenario(oneStep('  - set: { a: b }', '    expect: { status: 200 }'), 's.yaml');
    expect(result.diagnostics.map(formatDiagnostic)).toEqual([
      's.yaml:4:5: warning: `expect` is ignored on a `set` step (only `name` and `if` may accompany `set`)',
    ]);
    expect(result.scenario?.steps[0]?.kind).toBe('set');
  });

  it('step.not-allowed: export/import with response keys, `with` off `use`, response keys on loops', () => {
    expect(
      problems(
        oneStep(
          '  - export: { file: a.xlsx, from: $x, columns: [{ header: A, value: $item.a }] }',
          '    retry: { attempts: 2 }',
        ),
        {
          environmentVariables: new Set(['x']),
        },
      ),
    ).toEqual(['step.not-allowed s.yaml:4:5: `retry` cannot be combined with `export`']);
    expect(problems(oneStep('  - request: { method: GET, url: / }', '    with: { a: b }'))).toEqual([
      'step.not-allowed s.yaml:4:5: `with` only applies to `use` steps',
    ]);
    expect(
      problems(
        oneStep('  - repeat: { attempts: 2, until: "1 == 1", steps: [] }', '    expect: { status: 200 }'),
      ),
    ).toEqual([
      'step.not-allowed s.yaml:4:5: `expect` has no effect on a `repeat` step (only `request`, `cache`, `websocket`, `sse`, `subscription` and `grpc` steps have a response; put it on a nested step)',
    ]);
  });

  it('checks nested steps inside loops', () => {
    expect(
      problems(
        oneStep(
          '  - repeat:',
          '      attempts: 3',
          '      until: "1 == 1"',
          '      steps:',
          '        - name: empty',
        ),
      ),
    ).toEqual([expect.stringMatching(/^step\.no-operation s\.yaml:7:11: /)]);
  });
});

describe('parseScenario: names outside the file', () => {
  it('schema.unknown', () => {
    const context = { schemas: new Set(['users/list']) };
    expect(
      problems(oneStep('  - request: { method: GET, url: / }', '    expect: { schema: users/lst }'), context),
    ).toEqual([
      'schema.unknown s.yaml:4:23: unknown schema `users/lst`: no such file under `schemas.path` (did you mean `users/list`?)',
    ]);
    expect(
      problems(
        oneStep('  - request: { method: GET, url: / }', '    expect: { schema: users/list.yaml }'),
        context,
      ),
    ).toEqual([]);
  });

  it('service.unknown', () => {
    expect(
      problems(oneStep('  - request: { method: GET, url: /, service: paymnts }'), {
        services: new Set(['payments', 'users']),
      }),
    ).toEqual([
      "service.unknown s.yaml:3:46: unknown service `paymnts`: not in the environment's `services` (did you mean `payments`?)",
    ]);
  });

  it('cache.unknown-connection', () => {
    expect(
      problems(oneStep('  - cache: { connection: main, command: get, key: k }'), {
        cacheConnections: new Set(['sessions']),
      }),
    ).toEqual([
      "cache.unknown-connection s.yaml:3:26: unknown cache connection `main`: not in the environment's `cache` (known: sessions)",
    ]);
  });

  it('use.not-found, resolved by the context relative to the file', () => {
    const calls: string[] = [];
    const context: ScenarioContext = {
      resolveUse: (target, from) => {
        calls.push(`${from} -> ${target}`);
        return { path: `/ws/${target}`, display: target, exists: false };
      },
    };
    expect(problems(oneStep('  - use: login.yaml'), context)).toEqual([
      'use.not-found s.yaml:3:10: `use` target `login.yaml` not found (looked for login.yaml) (paths are relative to the directory of the file that has the `use`)',
    ]);
    expect(calls[0]).toBe('s.yaml -> login.yaml');
  });
});

describe('parseScenario: `parallel`', () => {
  it('keeps `parallel: false`, leaves `true` as the default, and refuses anything but a boolean', () => {
    const parse = (value: string) =>
      parseScenario(lines('scenario: x', `parallel: ${value}`, 'steps: []'), 's.yaml', {}).scenario;
    expect(parse('false')?.parallel).toBe(false);
    expect(parse('true')).toBeDefined();
    expect(parse('true')?.parallel).toBeUndefined();
    expect(problems(lines('scenario: x', 'parallel: no-thanks', 'steps: []'))).toEqual([
      'shape.type s.yaml:2:11: `parallel` must be `true` or `false`, got "no-thanks"',
    ]);
    expect(problems(lines('scenario: x', 'paralel: false', 'steps: []'))[0]).toMatch(
      /s\.yaml:2:1: unknown key `paralel`.*did you mean `parallel`/,
    );
  });
});
