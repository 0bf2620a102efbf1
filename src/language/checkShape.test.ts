import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../diagnostics/errors.js';
import { formatDiagnostic } from '../diagnostics/errors.js';
import { checkShape, labelOf, type RoleCheck } from './checkShape.js';
import { parseYaml } from './parseYaml.js';
import {
  array,
  boolean,
  integer,
  mapOf,
  object,
  prop,
  ref,
  required,
  string,
  union,
  type ShapeDocument,
} from './shape.js';

const DOC: ShapeDocument = {
  title: 'test',
  description: 'A document for testing the checker.',
  root: object(
    {
      name: required(string(), 'Name.'),
      method: prop(string({ enum: ['GET', 'POST'] }), 'Method.'),
      attempts: prop(integer({ minimum: 1, maximum: 5 }), 'Attempts.'),
      code: prop(string({ pattern: '^[a-z]+$', patternExpected: 'lower-case letters' }), 'Code.'),
      flag: prop(boolean(), 'Flag.'),
      headers: prop(mapOf(string({ acceptScalars: true })), 'Headers.'),
      vars: prop(
        mapOf(string(), { keys: { pattern: '^[a-z]+$', expected: 'a lower-case name', code: 'test.key' } }),
        'Vars.',
      ),
      file: prop(
        union('a path or a map with `path`', string(), object({ path: required(string(), 'Path.') })),
        'File.',
      ),
      items: prop(array(ref('item')), 'Items.'),
      note: prop(string({ role: 'template' }), 'Note.'),
    },
    { name: 'test file' },
  ),
  defs: {
    item: object(
      { id: required(integer(), 'Id.'), children: prop(array(ref('item')), 'Children.') },
      { name: 'item' },
    ),
  },
};

function check(text: string, onRole?: RoleCheck, doc: ShapeDocument = DOC): string[] {
  const { root, diagnostics } = parseYaml(text, 't.yaml');
  expect(diagnostics).toEqual([]);
  if (!root) throw new Error('no root');
  return checkShape(root, doc, onRole).map((d: Diagnostic) => `${d.code} ${formatDiagnostic(d)}`);
}

describe('checkShape', () => {
  it('accepts a valid document', () => {
    expect(
      check(
        'name: x\nmethod: GET\nattempts: 2\nheaders: {X-Retry: 3}\nfile: {path: a}\nitems: [{id: 1, children: [{id: 2}]}]\n',
      ),
    ).toEqual([]);
  });

  it('reports an unknown key with a suggestion', () => {
    expect(check('name: x\nmehtod: GET\n')).toEqual([
      'shape.unknown-key t.yaml:2:1: unknown key `mehtod` in test file (did you mean `method`?)',
    ]);
  });

  it('reports a wrong type at the value', () => {
    expect(check('name: x\nattempts: three\n')).toEqual([
      'shape.type t.yaml:2:11: `attempts` must be an integer, got "three"',
    ]);
  });

  it('suggests quotes when a string field gets a number', () => {
    expect(check('name: 1.0\n')).toEqual([
      'shape.type t.yaml:1:7: `name` must be a string, got 1 (write it in quotes: "1")',
    ]);
  });

  it('reports a missing required key at the map', () => {
    expect(check('items:\n  - children: []\n')).toEqual([
      'shape.required t.yaml:2:5: missing required key `id` in item',
      'shape.required t.yaml:1:1: missing required key `name` in test file',
    ]);
  });

  it('checks enums with a did-you-mean', () => {
    expect(check('name: x\nmethod: get\n')).toEqual([
      'shape.enum t.yaml:2:9: `method` must be one of `GET`, `POST`, got "get" (did you mean `GET`?)',
    ]);
  });

  it('checks integer ranges', () => {
    expect(check('name: x\nattempts: 0\n')).toEqual([
      'shape.range t.yaml:2:11: `attempts` must be at least 1, got 0',
    ]);
    expect(check('name: x\nattempts: 9\n')).toEqual([
      'shape.range t.yaml:2:11: `attempts` must be at most 5, got 9',
    ]);
  });

  it('checks patterns', () => {
    expect(check('name: x\ncode: ABC\n')).toEqual([
      'shape.pattern t.yaml:2:7: `code` must be lower-case letters, got "ABC"',
    ]);
  });

  it('checks key rules of free maps', () => {
    expect(check('name: x\nvars: {Bad: v}\n')).toEqual([
      'test.key t.yaml:2:8: `Bad` is not a lower-case name',
    ]);
  });

  it('picks the union option by the kind of value, and names the union when none fits', () => {
    expect(check('name: x\nfile: {}\n')).toEqual([
      'shape.required t.yaml:2:7: missing required key `path` in `file`',
    ]);
    expect(check('name: x\nfile: [a]\n')).toEqual([
      'shape.type t.yaml:2:7: `file` must be a path or a map with `path`, got a list',
    ]);
  });

  it('follows named shapes recursively and labels list items', () => {
    expect(check('name: x\nitems:\n  - id: 1\n    children:\n      - id: x\n')).toEqual([
      'shape.type t.yaml:5:13: `id` must be an integer, got "x"',
    ]);
    expect(labelOf(['items', 0, 'children', 2])).toBe('children[2]');
  });

  it('rejects a document that is not a map', () => {
    expect(check('- a\n- b\n')).toEqual([
      'yaml.not-a-map t.yaml:1:1: a test file must be a map of keys, got a list',
    ]);
  });

  it('names only the type of a wrong value when the document redacts values (secrets)', () => {
    const secret: ShapeDocument = { ...DOC, redactValues: true };
    const problems = [
      ...check('name: x\nattempts: TopSecret\nmethod: TopSecreT\ncode: TOPSECRET\n', undefined, secret),
      ...check('name: 4711\nattempts: 4712\nflag: 4713\n', undefined, secret),
      ...check('TopSecret\n', undefined, secret),
    ];
    expect(problems).toEqual([
      'shape.type t.yaml:2:11: `attempts` must be an integer, got a string',
      'shape.enum t.yaml:3:9: `method` must be one of `GET`, `POST`, got a string',
      'shape.pattern t.yaml:4:7: `code` must be lower-case letters, got a string',
      'shape.type t.yaml:1:7: `name` must be a string, got a number',
      'shape.range t.yaml:2:11: `attempts` must be at most 5, got a number',
      'shape.type t.yaml:3:7: `flag` must be `true` or `false`, got a number',
      'yaml.not-a-map t.yaml:1:1: a test file must be a map of keys, got a string',
    ]);
    expect(problems.join('\n')).not.toMatch(/TopSecret|471\d/i);
  });

  it('never quotes a URL with credentials in it, in any document', () => {
    const problems = [
      ...check('name: x\nattempts: "redis://:Pa55word@cache:6379"\n'),
      ...check('name: x\ncode: "https://ann:Pa55word@api.example.test"\n'),
    ];
    expect(problems).toEqual([
      'shape.type t.yaml:2:11: `attempts` must be an integer, got a string',
      'shape.pattern t.yaml:2:7: `code` must be lower-case letters, got a string',
    ]);
    // A URL without credentials is still quoted, which helps find the mistake.
    expect(check('name: x\ncode: "https://api.example.test"\n')).toEqual([
      'shape.pattern t.yaml:2:7: `code` must be lower-case letters, got "https://api.example.test"',
    ]);
  });

  it('hands values with a role to the role check once their structure is right', () => {
    const seen: string[] = [];
    const onRole: RoleCheck = (role, node, path) => {
      seen.push(`${role}:${path.join('.')}`);
      return [{ code: 'test.role', severity: 'error', message: 'role problem', location: node.loc }];
    };
    expect(check('name: x\nnote: hi\n', onRole)).toEqual(['test.role t.yaml:2:7: role problem']);
    expect(check('name: x\nnote: [1]\n', onRole)).toEqual([
      'shape.type t.yaml:2:7: `note` must be a string, got a list',
    ]);
    expect(seen).toEqual(['template:note']);
  });
});
