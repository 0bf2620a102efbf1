import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readCommonYaml } from './commonYaml.js';
import { expectSameAsYamlPackage } from '../../test/support/yamlDifferential.js';
import { DEFAULT_YAML_LIMITS } from './parseYaml.js';

const ROOT = join(import.meta.dirname, '..', '..');

function yamlFilesUnder(folder: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(join(ROOT, folder), { withFileTypes: true, recursive: true })) {
    if (entry.isFile() && /\.ya?ml$/.test(entry.name)) found.push(join(entry.parentPath, entry.name));
  }
  return found;
}

/** Every ```yaml block of the documentation. */
function docSnippets(): { name: string; text: string }[] {
  const pages = [
    'README.md',
    'CONTRIBUTING.md',
    ...readdirSync(join(ROOT, 'docs')).map((f) => join('docs', f)),
  ];
  return pages
    .filter((page) => page.endsWith('.md'))
    .flatMap((page) => {
      const markdown = readFileSync(join(ROOT, page), 'utf8');
      return [...markdown.matchAll(/^```ya?ml\n([\s\S]*?)^```/gm)].map((match, index) => ({
        name: `${page} #${index + 1}`,
        text: match[1] ?? '',
      }));
    });
}

describe('readCommonYaml against the yaml package', () => {
  it('reads every YAML file of the repository as `yaml` does, and reads the example scenarios itself', () => {
    const files = [
      ...yamlFilesUnder('examples'),
      ...yamlFilesUnder('test/fixtures'),
      ...yamlFilesUnder('docs'),
    ];
    expect(files.length).toBeGreaterThan(30);
    const accepted = files.filter((file) => expectSameAsYamlPackage(readFileSync(file, 'utf8')));
    const examples = files.filter((file) => relative(ROOT, file).startsWith('examples'));
    // The fast path must actually be taken for ordinary scenarios, or it is only a second copy of the work.
    expect(examples.filter((file) => !accepted.includes(file)).map((file) => relative(ROOT, file))).toEqual(
      [],
    );
    expect(accepted.length).toBeGreaterThan(files.length * 0.8);
  });

  it('reads the documentation snippets as `yaml` does', () => {
    const snippets = docSnippets();
    expect(snippets.length).toBeGreaterThan(30);
    const accepted = snippets.filter((snippet) => expectSameAsYamlPackage(snippet.text));
    expect(accepted.length).toBeGreaterThan(snippets.length * 0.6);
  });

  const ACCEPTED: [string, string][] = [
    [
      'typed plain scalars',
      'a: ~\nb: null\nc: Null\nd: NULL\ne: true\nf: False\ng: TRUE\nh: 0o17\ni: -12\nj: +7\n',
    ],
    [
      'numbers',
      'a: 0x1F\nb: .inf\nc: -.Inf\nd: .NaN\ne: 1e3\nf: -2.5E-3\ng: 1.\nh: .5\ni: 1.0\nj: 007\nk: 0o8\n',
    ],
    [
      'number-like strings',
      'a: 1_000\nb: 0b101\nc: +.inf\nd: 1.2.3\ne: yes\nf: no\ng: on\nh: 12:30\ni: 0x\n',
    ],
    ['typed keys', '200: ok\n1.0: one\ntrue: yes\n~: nothing\n0x10: hex\n"300": quoted\n'],
    [
      'quoted scalars',
      'a: "x\\ty\\n\\"q\\"\\\\ \\u00e9\\x41"\nb: \'it\'\'s\'\nc: ""\nd: \'\'\ne: "# not a comment"\n',
    ],
    ['comments', '# head\na: 1 # one\n  # indented comment\nb: two#three\n\n# tail\n'],
    ['nulls', 'a:\nb:   \nc: # comment\nd:\n  # only a comment\ne:\n'],
    [
      'lists',
      'a:\n  - 1\n  -\n  - x: 1\n    y: 2\n  - - n1\n    - n2\n  -   # c\nb:\n- same column\n- two\nc: 3\n',
    ],
    [
      'flow',
      'a: [1, "two", three, [4], {five: 5}]\nb: {x: 1, "y": [2, 3]}\nc: []\nd: {}\ne: [ spaced , out ]  # c\n',
    ],
    ['flow plain text', 'a: [a:b, http://x/y?z=1, -1, .5]\nb: {url: http://h:1/p}\n'],
    [
      'block scalars',
      'a: |\n  line 1\n    more\n  line 3\nb: >\n  folded\n  text\n\n  para\nc: |-\n  strip\n\nd: >-\n  x\ne: |\n  last',
    ],
    ['block scalar in a list', 'steps:\n  - script: |\n      one\n      two\n  - |\n    item\n'],
    [
      'block scalar endings',
      'a: |\n    x\n  # c\nb: |\n    x\n   \nc: >\n  x\n\n\n  y\n\nd: |-\n  x\n\ne:   |   # c\n  x\n',
    ],
    ['root list', '- a\n- b: 1\n  c: [2]\n'],
    ['root scalar', 'just text\n'],
    ['unicode', 'naïve: "日本語"\nemoji: 🙂 ok\n'],
    ['urls and colons', 'url: http://localhost:8080/x?a=b#frag\ntime: 12:30:00\nk:v: 1\n'],
    ['deep nesting', 'a:\n  b:\n    c:\n      - d:\n          e: [1, {f: g}]\n'],
    ['dashes', 'a: -x\nb: --- no\nc: "-"\nd: ?0\ne: :x\n'],
  ];
  for (const [name, text] of ACCEPTED) {
    it(`reads ${name} itself, as \`yaml\` does`, () => {
      expect(expectSameAsYamlPackage(text)).toBe(true);
    });
  }

  const REFUSED: [string, string][] = [
    ['anchors and aliases', 'a: &x 1\nb: *x\n'],
    ['merge keys', 'a: {x: 1}\nb:\n  <<: {y: 2}\n'],
    ['tags', 'a: !!str 1\n'],
    ['a document marker', '---\na: 1\n'],
    ['several documents', 'a: 1\n---\nb: 2\n'],
    ['a directive', '%YAML 1.2\n---\na: 1\n'],
    ['complex keys', '? a\n: b\n'],
    ['a multi-line plain scalar', 'a: one\n  two\n'],
    ['a multi-line quoted scalar', 'a: "one\n  two"\n'],
    ['a multi-line flow collection', 'a: [1,\n  2]\n'],
    ['tabs', 'a:\t1\n'],
    ['Windows line ends', 'a: 1\r\nb: 2\r\n'],
    ['a duplicate key', 'a: 1\na: 2\n'],
    ['keys equal as text', '1: a\n"1": b\n'],
    ['odd indentation', 'a:\n    b: 1\n  c: 2\n'],
    ['a nested map on one line', 'a: b: c\n'],
    ['a trailing comma', 'a: [1, 2, ]\n'],
    ['keep chomping', 'a: |+\n  x\n\n'],
    ['an indentation indicator', 'a: |2\n   x\n'],
    ['a more-indented folded line', 'a: >\n  x\n    y\n'],
    ['an empty document', ''],
    ['an indented root', '  a: 1\n'],
    ['a syntax error', 'a: [1, 2\n'],
    ['an unknown escape', 'a: "\\q"\n'],
  ];
  for (const [name, text] of REFUSED) {
    it(`leaves ${name} to \`yaml\``, () => {
      expect(readCommonYaml(text, 'f.yaml', DEFAULT_YAML_LIMITS.maxDepth)).toBeUndefined();
    });
  }

  it('leaves a document deeper than the limit to `yaml`, which reports it', () => {
    const text = 'a:\n  b:\n    c: 1\n';
    expect(readCommonYaml(text, 'f.yaml', 2)).toBeUndefined();
    expect(readCommonYaml(text, 'f.yaml', 3)).toBeDefined();
  });
});
