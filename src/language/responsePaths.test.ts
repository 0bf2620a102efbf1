import { Ajv2020 } from 'ajv/dist/2020.js';
import { parse } from 'yaml';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatDiagnostic } from '../diagnostics/errors.js';
import { prepareQueryChecks } from './index.js';
import { parseScenario } from './parseScenario.js';
import { scenarioJsonSchema } from './scenarioSchema.js';

// DECISIONS, Wave 2 "Language additions": `expect` as a list, the new paths and functions, as `validate`
// and `runner schema` see them.

const lines = (...text: string[]): string => text.join('\n') + '\n';
const oneStep = (...step: string[]): string =>
  lines('scenario: test', 'steps:', '  - request: { method: GET, url: /x }', ...step);

function problems(text: string): string[] {
  return parseScenario(text, 's.yaml').diagnostics.map((d) => `${d.code} ${formatDiagnostic(d)}`);
}

const EVERY_FORM = oneStep(
  '    expect:',
  '      - status: 200',
  '      - body.name: startsWith A',
  '      - body.name: endsWith z',
  '      - body.items[*].id: contains 3',
  '      - body.items[$i].id: 3',
  '      - $.items[?@.price > 10].name: not empty',
  '      - $.items[0].name: exists',
  '      - xpath(string(//title)): Example',
  '      - count(body.items): 2',
  '      - count($.items[*]): 2',
  '      - count(xpath(//p)): 2',
  '      - length(body.name): lt 10',
  '      - regex(headers.location, "id=(\\d+)"): "42"',
  '      - url: exists',
  '      - redirects[0].status: 302',
  '      - httpVersion: "2"',
  '      - duration: lt 1000',
  '      - size: gt 0',
  '      - sha256: exists',
  '      - md5: exists',
  '      - ip: exists',
  '      - certificate.subject: contains CN=',
  '      - certificate.validTo: date-time',
  '      - schema: user',
  '    save:',
  '      final: url',
  '      first: $.items[0].id',
  '      ids: body.items[*].id',
  '      title: xpath(string(//title))',
  '      id: regex(body, /id=(\\d+)/)',
  '      n: length(body.name)',
);

describe('expect as a list and the new paths', () => {
  beforeAll(() => prepareQueryChecks('$.x xpath(//x)'));

  it('validate accepts every new form', () => {
    expect(
      problems(lines('scenario: test', 'steps:', '  - set: { i: 1 }', ...EVERY_FORM.split('\n').slice(2))),
    ).toEqual([]);
  });

  it('keeps the list order and repeated paths in the model', () => {
    const scenario = parseScenario(
      oneStep('    expect:', '      - status: 200', '      - status: lt 300'),
      's.yaml',
    ).scenario;
    const step = scenario?.steps[0];
    expect(step?.expectInOrder).toBe(true);
    expect(step?.expect.map((entry) => [entry.path, entry.expected, entry.loc.line])).toEqual([
      ['status', 200, 5],
      ['status', 'lt 300', 6],
    ]);
  });

  it.each([
    [
      ['      - status: 200', '        body.id: 1'],
      'shape.single-entry s.yaml:6:9: each item of `expect[0]` is one `path: expected` pair, got 2 (start a new item with `- ` for each pair)',
    ],
    [
      ['      - lenght(body.name): 3'],
      'expect.path s.yaml:5:9: unknown function `lenght()`; functions are count(), length(), regex(), xpath() (did you mean `length`?)',
    ],
    [
      ['      - $.items[?@.price >]: 1'],
      'expect.path s.yaml:5:27: invalid JSONPath `$.items[?@.price >]` at character 19: unexpected end of expression',
    ],
    [['      - xpath(//p[): 1'], 'expect.path s.yaml:5:9: invalid XPath `//p[`:'],
    [['      - regex(body, "("): x'], 'expect.path s.yaml:5:9: invalid regular expression:'],
    [
      ['      - regex(body, "(a)\\1"): x'],
      'expect.path s.yaml:5:9: invalid regular expression: back-references (`\\1`, `\\k<name>`) are not supported',
    ],
    [['      - regex(body): x'], 'expect.path s.yaml:5:9: `regex()` takes a path and a pattern'],
    [
      ['      - certificate.subjct: x'],
      'expect.path s.yaml:5:9: unknown certificate field `subjct`; certificate paths are certificate.subject, certificate.issuer, certificate.validFrom, certificate.validTo, certificate.serialNumber (did you mean `certificate.subject`?)',
    ],
    [['      - url.host: x'], 'expect.path s.yaml:5:9: `url` has no fields; write `url`'],
    [
      ['      - count(duration): 1'],
      'expect.path s.yaml:5:9: `count()` counts list items or map keys; `duration` is always a number',
    ],
    [['      - body.items[*: 1'], 'expect.path s.yaml:5:9: invalid path `items[*`: missing `]`'],
    [
      ['      - body.items[$n].id: 1'],
      'variable.undefined s.yaml:5:20: variable `$n` is used before it is defined',
    ],
  ])('validate rejects %j', (entries, message) => {
    const found = problems(oneStep('    expect:', ...entries));
    expect(found.length, found.join('\n')).toBeGreaterThan(0);
    expect(found[0]).toContain(message);
  });
});

describe('save sources', () => {
  beforeAll(() => prepareQueryChecks('$.x xpath(//x)'));

  it('point at the character of a JSONPath syntax error, and reject unknown functions', () => {
    expect(problems(oneStep('    save:', '      a: $.items[?@.price >]', '      b: lenght(body)'))).toEqual([
      expect.stringMatching(
        /^save\.source s\.yaml:5:28: invalid JSONPath `\$\.items\[\?@\.price >\]` at character 19/,
      ),
      'save.source s.yaml:6:10: unknown function `lenght()`; functions are count(), length(), regex(), xpath() (did you mean `length`?)',
    ]);
  });
});

describe('the JSON Schema of the language', () => {
  const validate = new Ajv2020({ allErrors: true, allowUnionTypes: true }).compile(scenarioJsonSchema());

  it('accepts expect as a list and every new path', () => {
    expect(validate(parse(EVERY_FORM)), JSON.stringify(validate.errors)).toBe(true);
  });

  it('rejects the misspelled roots and functions validate catches, in both forms', () => {
    for (const key of ['bdy.name', 'lenght(body)', 'stauts', 'Body.id']) {
      expect(validate(parse(oneStep('    expect:', `      - ${key}: 1`))), key).toBe(false);
      expect(validate(parse(oneStep('    expect:', `      ${key}: 1`))), key).toBe(false);
      expect(problems(oneStep('    expect:', `      - ${key}: 1`)).length, key).toBeGreaterThan(0);
    }
  });

  it('rejects a list item with two pairs, or with none', () => {
    expect(validate(parse(oneStep('    expect:', '      - { status: 200, body.id: 1 }')))).toBe(false);
    expect(validate(parse(oneStep('    expect:', '      - {}')))).toBe(false);
  });
});
