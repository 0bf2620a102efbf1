import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { expectSameAsYamlPackage } from '../support/yamlDifferential.js';
import { fuzzParameters, FUZZ_TIMEOUT_MS } from './settings.js';

/**
 * The fast YAML reader (src/language/commonYaml.ts) against the `yaml` package on generated documents: block
 * and flow collections in many layouts, scalars that look typed, quoted, indicator-like or commented, block
 * scalars, and the same documents with a character inserted or removed. Wherever the fast reader answers,
 * its tree (values and every location) must be exactly what parseYaml built from `yaml` before it existed.
 */

/** Scalars as scenario files write them, typed or not. */
const COMMON_SCALARS = [
  ...['', '~', 'null', 'Null', 'NULL', 'true', 'False', 'TRUE', 'yes', 'no', 'on', 'word', 'two words'],
  ...[
    '0',
    '-0',
    '007',
    '0o17',
    '0o8',
    '0x1F',
    '0x',
    '-12',
    '+7',
    '1e3',
    '-2.5E-3',
    '1.',
    '.5',
    '1.0',
    '1_000',
  ],
  ...['.inf', '-.Inf', '+.INF', '.NaN', '.nan', '1.2.3', '12:30', '9007199254740993', '1e400', 'a:b', 'a#b'],
  ...[
    '-x',
    '?x',
    ':x',
    'x:y',
    "it's",
    'é',
    '日本',
    '🙂',
    'http://h:1/p?q=1#f',
    '$var',
    'gte 2',
    '/users/$id',
  ],
  ...['x\ny', 'x\n\ny\n', 'one\ntwo\n', 'a\n  b\nc\n', '  lead\nx\n', 'x\n\n\n', 'x\n  \ny\n', '# c\nx: 1\n'],
];
/** Scalars that mean something else unquoted, or that only some forms can hold. */
const TRICKY_SCALARS = [
  ...[
    'a: b',
    'a:',
    'a #b',
    '- x',
    '-',
    '? x',
    'x:',
    '[x]',
    '{x}',
    'x,y',
    'x]',
    '"q"',
    "'s'",
    ' lead',
    'trail ',
  ],
  ...['\\', '\\n', '@x', '`x`', '%x', '!x', '&x', '*x', '|', '>', '---', '...', '<<', '#', '\ty', '\n'],
];

type Tree = string | Tree[] | [string, Tree][] | { map: [string, Tree][] };

const scalar = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom(...COMMON_SCALARS) },
  { weight: 1, arbitrary: fc.constantFrom(...TRICKY_SCALARS) },
);
const key = scalar.filter((text) => !text.includes('\n'));
const tree: fc.Arbitrary<Tree> = fc.letrec<{ node: Tree; collection: Tree }>((tie) => ({
  node: fc.oneof({ depthSize: 'small', withCrossShrink: true }, scalar, tie('collection')),
  collection: fc.oneof(
    fc.array(tie('node'), { minLength: 1, maxLength: 4 }),
    fc.record({ map: fc.array(fc.tuple(key, tie('node')), { minLength: 1, maxLength: 4 }) }),
  ),
})).collection;

interface Style {
  indent: number;
  quote: number;
  flow: number;
  comments: boolean;
  blankLines: boolean;
  sameColumnLists: boolean;
  blockScalar: '|' | '|-' | '>' | '>-';
}

const style: fc.Arbitrary<Style> = fc.record({
  indent: fc.integer({ min: 1, max: 4 }),
  quote: fc.integer({ min: 0, max: 2 }),
  flow: fc.integer({ min: 0, max: 2 }),
  comments: fc.boolean(),
  blankLines: fc.boolean(),
  sameColumnLists: fc.boolean(),
  blockScalar: fc.constantFrom('|', '|-', '>', '>-'),
});

function quoteScalar(text: string, how: number): string {
  if (how === 1) return `'${text.replaceAll("'", "''")}'`;
  if (how === 2) return JSON.stringify(text);
  return text;
}

function flowText(node: Tree, how: number): string {
  if (typeof node === 'string') return quoteScalar(node, how);
  if (Array.isArray(node)) return `[${node.map((item) => flowText(item as Tree, how)).join(', ')}]`;
  return `{${node.map.map(([key, value]) => `${quoteScalar(key, how)}: ${flowText(value, how)}`).join(', ')}}`;
}

/** Lines for `node` as the value after `key:` or `-` at column `col`; the first goes on that same line. */
function render(node: Tree, col: number, s: Style, depth: number, underKey = false): string[] {
  const pad = ' '.repeat(col + s.indent);
  const comment = s.comments ? ' # note' : '';
  if (typeof node === 'string') {
    if (node.includes('\n')) {
      return [
        ` ${s.blockScalar}${comment}`,
        ...node.split('\n').map((line) => (line === '' ? '' : pad + line)),
      ];
    }
    return [` ${quoteScalar(node, s.quote)}${comment}`];
  }
  if (s.flow === 2 || (s.flow === 1 && depth > 1)) return [` ${flowText(node, s.quote)}${comment}`];
  const lines = [comment];
  if (Array.isArray(node)) {
    const itemPad = s.sameColumnLists && underKey ? ' '.repeat(col) : pad;
    for (const item of node) {
      const [first = '', ...rest] = render(item as Tree, itemPad.length, s, depth + 1);
      lines.push(`${itemPad}-${first}`, ...rest);
      if (s.blankLines) lines.push('');
    }
    return lines;
  }
  for (const [key, value] of node.map) {
    const [first = '', ...rest] = render(value, pad.length, s, depth + 1, true);
    lines.push(`${pad}${quoteScalar(key, s.quote === 2 ? 2 : 0)}:${first}`, ...rest);
    if (s.comments) lines.push(`${' '.repeat(Math.max(0, col))}# between`);
  }
  return lines;
}

function documentText(root: Tree, s: Style): string {
  const lines = render(root, -s.indent, s, 0);
  return lines.slice(1).join('\n') + '\n';
}

const MUTATIONS = [
  ' ',
  '  ',
  '\n',
  '\n  ',
  ' #x',
  '\n\n',
  'x',
  '-',
  ':',
  '#',
  '"',
  "'",
  '[',
  ']',
  '{',
  '}',
  ',',
  '|',
  '>',
  '&',
  '*',
  '!',
  '?',
];

describe('the fast YAML reader against the yaml package', () => {
  it(
    'gives exactly what `yaml` gives on every generated document it reads',
    () => {
      let accepted = 0;
      let total = 0;
      fc.assert(
        fc.property(tree, style, (root, s) => {
          total++;
          if (expectSameAsYamlPackage(documentText(root, s))) accepted++;
        }),
        fuzzParameters(1500),
      );
      // Most generated documents are plain enough for the fast path: the comparison is not vacuous.
      expect(accepted).toBeGreaterThan(total * 0.3);
    },
    FUZZ_TIMEOUT_MS,
  );

  it(
    'gives exactly what `yaml` gives, or gives up, on documents with one character inserted or removed',
    () => {
      fc.assert(
        fc.property(tree, style, fc.nat(), fc.constantFrom(...MUTATIONS, ''), (root, s, where, insert) => {
          const text = documentText(root, s);
          const at = where % (text.length + 1);
          const mutated = text.slice(0, at) + insert + text.slice(insert === '' ? at + 1 : at);
          expectSameAsYamlPackage(mutated);
        }),
        fuzzParameters(3000),
      );
    },
    FUZZ_TIMEOUT_MS,
  );
});
