import { describe, expect, it } from 'vitest';
import { parseYaml } from './parseYaml.js';
import { locationIn, toPlain, valueOf, type YamlScalar } from './yamlTree.js';

function billionLaughs(levels: number): string {
  const lines = ['a: &a ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]'];
  for (let i = 1; i < levels; i++) {
    const previous = String.fromCharCode(96 + i);
    const name = String.fromCharCode(97 + i);
    lines.push(`${name}: &${name} [${Array(9).fill(`*${previous}`).join(', ')}]`);
  }
  return lines.join('\n');
}

describe('parseYaml', () => {
  it('reports a syntax error at its position', () => {
    const { root, diagnostics } = parseYaml('a: 1\nb: [1, 2\n', 'f.yaml');
    expect(root).toBeUndefined();
    expect(diagnostics[0]).toMatchObject({
      code: 'yaml.syntax',
      severity: 'error',
      location: { file: 'f.yaml', line: 3, col: 1 },
    });
    expect(diagnostics[0]?.message).toMatch(/^YAML syntax: /);
  });

  it('reports a duplicate key at the second occurrence', () => {
    const { diagnostics } = parseYaml('a: 1\nb:\n  c: 1\n  c: 2\n', 'f.yaml');
    expect(diagnostics).toEqual([
      {
        code: 'yaml.duplicate-key',
        severity: 'error',
        message: 'duplicate key: a key may appear only once in a map',
        location: { file: 'f.yaml', line: 4, col: 3 },
      },
    ]);
  });

  it('refuses a file over the size limit before parsing it', () => {
    const text = `a: "${'x'.repeat(2000)}"`;
    const { root, diagnostics } = parseYaml(text, 'big.yaml', {
      maxBytes: 1024,
      maxAliases: 100,
      maxDepth: 100,
    });
    expect(root).toBeUndefined();
    expect(diagnostics).toEqual([
      expect.objectContaining({
        code: 'yaml.too-large',
        message: 'file is too large (2 KiB); the limit is 1 KiB',
        location: { file: 'big.yaml', line: 1, col: 1 },
      }),
    ]);
  });

  it('stops a "billion laughs" document quickly', () => {
    const started = Date.now();
    const { root, diagnostics } = parseYaml(billionLaughs(10), 'bomb.yaml');
    expect(Date.now() - started).toBeLessThan(1000);
    expect(root).toBeUndefined();
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics[0]).toMatchObject({
      code: 'yaml.too-many-aliases',
      location: { file: 'bomb.yaml', line: 3 },
    });
  });

  it('expands a few aliases and merge keys', () => {
    const text = 'base: &h {Accept: json, X-A: "1"}\nstep:\n  <<: *h\n  X-A: "2"\n';
    const { root, diagnostics } = parseYaml(text, 'f.yaml');
    expect(diagnostics).toEqual([]);
    expect(root && toPlain(root)).toEqual({
      base: { Accept: 'json', 'X-A': '1' },
      step: { 'X-A': '2', Accept: 'json' },
    });
  });

  it('reports an alias without an anchor', () => {
    const { diagnostics } = parseYaml('a: *nope\n', 'f.yaml');
    expect(diagnostics).toEqual([
      expect.objectContaining({
        code: 'yaml.unknown-alias',
        message: 'unknown alias `*nope`: no anchor `&nope` before it',
        location: { file: 'f.yaml', line: 1, col: 4 },
      }),
    ]);
  });

  it('limits nesting depth, including input that would overflow the parser', () => {
    const deep = parseYaml(`a: ${'['.repeat(120)}${']'.repeat(120)}`, 'd.yaml');
    expect(deep.diagnostics).toEqual([
      expect.objectContaining({
        code: 'yaml.too-deep',
        message: 'the document is nested more than 100 levels deep',
      }),
    ]);
    const huge = parseYaml(`a: ${'['.repeat(50_000)}${']'.repeat(50_000)}`, 'd.yaml');
    expect(huge.diagnostics.map((d) => d.code)).toEqual(['yaml.too-deep']);
  });

  it('keeps positions of keys and values, and maps string offsets to columns', () => {
    const { root } = parseYaml(
      'steps:\n  - url: "/users/$id"\n    plain: a $b\n    block: |\n      x $c\n',
      'f.yaml',
    );
    const step = valueOf(root, 'steps');
    const first = step?.kind === 'seq' ? step.items[0] : undefined;
    const url = valueOf(first, 'url') as YamlScalar;
    expect(url.loc).toEqual({ file: 'f.yaml', line: 2, col: 10 });
    expect(locationIn(url, 7)).toEqual({ file: 'f.yaml', line: 2, col: 18 });
    expect(locationIn(valueOf(first, 'plain') as YamlScalar, 2)).toEqual({
      file: 'f.yaml',
      line: 3,
      col: 14,
    });
    // Block scalars do not map offsets one-to-one: fall back to the scalar's own position.
    expect(locationIn(valueOf(first, 'block') as YamlScalar, 2)).toEqual({
      file: 'f.yaml',
      line: 4,
      col: 12,
    });
  });
});
