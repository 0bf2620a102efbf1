/**
 * YAML text to a YamlNode tree, with the limits that keep hostile input cheap: a size cap checked before
 * parsing, a budget of alias expansions (a "billion laughs" document stops after a few steps instead of
 * expanding exponentially) and a nesting cap.
 */
import type * as YamlPackage from 'yaml';
import type { Document, Node } from 'yaml';
import type { Diagnostic } from '../diagnostics/errors.js';
import { readCommonYaml } from './commonYaml.js';
import type { SourceLocation } from '../diagnostics/location.js';
import { scalarNode, type YamlEntry, type YamlMap, type YamlNode, type YamlScalar } from './yamlTree.js';

export interface YamlLimits {
  maxBytes: number;
  /** Alias expansions allowed in one document, counting nested ones. */
  maxAliases: number;
  maxDepth: number;
}

export const DEFAULT_YAML_LIMITS: YamlLimits = { maxBytes: 5 * 1024 * 1024, maxAliases: 100, maxDepth: 100 };

const MAX_SYNTAX_ERRORS = 10;

export interface ParsedYaml {
  root?: YamlNode;
  diagnostics: Diagnostic[];
}

/** Thrown inside the tree builder to stop at the first exhausted limit. */
class LimitReached extends Error {
  constructor(readonly diagnostic: Diagnostic) {
    super(diagnostic.message);
  }
}

function byteLength(text: string): number {
  // A UTF-16 unit is at most 3 UTF-8 bytes; skip the exact count when the answer is clear anyway.
  if (text.length * 3 <= DEFAULT_YAML_LIMITS.maxBytes) return text.length * 3;
  return new TextEncoder().encode(text).byteLength;
}

/** `512 bytes`, `3.5 KiB`, `6 MiB`. */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  const [amount, unit] = bytes < 1024 * 1024 ? [bytes / 1024, 'KiB'] : [bytes / (1024 * 1024), 'MiB'];
  return `${amount.toFixed(1).replace(/\.0$/, '')} ${unit}`;
}

export function parseYaml(text: string, file: string, limits: YamlLimits = DEFAULT_YAML_LIMITS): ParsedYaml {
  if (text.length > limits.maxBytes || byteLength(text) > limits.maxBytes) {
    const size = new TextEncoder().encode(text).byteLength;
    return {
      diagnostics: [
        {
          code: 'yaml.too-large',
          severity: 'error',
          message: `file is too large (${formatSize(size)}); the limit is ${formatSize(limits.maxBytes)}`,
          location: { file, line: 1, col: 1 },
        },
      ],
    };
  }
  // Scenario files are written in a plain subset of YAML that commonYaml.ts reads many times faster than
  // `yaml` does in a fresh process; anything else goes to `yaml`.
  const common = readCommonYaml(text, file, limits.maxDepth);
  if (common !== undefined) return { root: common, diagnostics: [] };
  return parseWithYamlPackage(text, file, limits);
}

let loadedYamlPackage: typeof YamlPackage | undefined;

/**
 * The `yaml` package, evaluated the first time a text needs it: most runs never do (commonYaml.ts reads their
 * files), and evaluating it costs about 4 ms of every start (bench/README.md, issue 24, third stop). Not an
 * `await import()`, which would make parseYaml and its callers asynchronous: the build makes `yaml` a CommonJS
 * file of its own in dist/lib/chunks that this `require` reads (scripts/build.mjs, REQUIRED_APART), so a run
 * that never needs it does not read it either (vitest provides `require` as well).
 */
function yamlPackage(): typeof YamlPackage {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- see above
  loadedYamlPackage ??= require('yaml') as typeof YamlPackage;
  return loadedYamlPackage;
}

/** The `yaml` package's reading of any YAML text, its errors and warnings as runner's diagnostics. */
export function parseWithYamlPackage(text: string, file: string, limits: YamlLimits): ParsedYaml {
  const { LineCounter, parseDocument } = yamlPackage();
  const lines = new LineCounter();
  // prettyErrors off: the pretty form quotes the source, which is slow and huge for pathological input.
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: false, uniqueKeys: true });
  const at = (offset: number): SourceLocation => ({ file, ...lines.linePos(offset) });
  const errors = doc.errors.map((error) => yamlProblem(error, 'error', at));
  const tooDeep = errors.find((error) => error.code === 'yaml.too-deep');
  // One stack overflow repeats at every level above it; one message says it all.
  if (tooDeep) return { diagnostics: [tooDeep] };
  // Later syntax errors are mostly echoes of the first ones.
  if (errors.length > 0) return { diagnostics: errors.slice(0, MAX_SYNTAX_ERRORS) };
  const diagnostics = doc.warnings.map((warning) => yamlProblem(warning, 'warning', at));
  const builder = new TreeBuilder(doc, text, at, limits);
  try {
    return {
      root: builder.convert(doc.contents, 0, at(0)),
      diagnostics: [...diagnostics, ...builder.diagnostics],
    };
  } catch (error) {
    if (error instanceof LimitReached) return { diagnostics: [...diagnostics, error.diagnostic] };
    throw error;
  }
}

interface YamlProblem {
  code: string;
  message: string;
  pos: [number, number];
}

function yamlProblem(
  problem: YamlProblem,
  severity: Diagnostic['severity'],
  at: (offset: number) => SourceLocation,
): Diagnostic {
  const location = at(problem.pos[0]);
  if (problem.code === 'DUPLICATE_KEY') {
    return {
      code: 'yaml.duplicate-key',
      severity,
      message: 'duplicate key: a key may appear only once in a map',
      location,
    };
  }
  if (/maximum call stack/i.test(problem.message)) {
    return { code: 'yaml.too-deep', severity, message: 'the document is nested too deeply', location };
  }
  const message = problem.message.replace(/ at line \d+, column \d+.*$/s, '');
  return { code: 'yaml.syntax', severity, message: `YAML syntax: ${message}`, location };
}

class TreeBuilder {
  readonly diagnostics: Diagnostic[] = [];
  private readonly yaml = yamlPackage();
  private aliasesLeft: number;

  constructor(
    private readonly doc: Document,
    private readonly text: string,
    private readonly at: (offset: number) => SourceLocation,
    private readonly limits: YamlLimits,
  ) {
    this.aliasesLeft = limits.maxAliases;
  }

  convert(node: unknown, depth: number, fallback: SourceLocation): YamlNode {
    const loc = this.locationOf(node) ?? fallback;
    if (depth > this.limits.maxDepth) {
      throw new LimitReached({
        code: 'yaml.too-deep',
        severity: 'error',
        message: `the document is nested more than ${this.limits.maxDepth} levels deep`,
        location: loc,
      });
    }
    if (this.yaml.isAlias(node)) {
      const target = node.resolve(this.doc);
      if (!target) {
        this.diagnostics.push({
          code: 'yaml.unknown-alias',
          severity: 'error',
          message: `unknown alias \`*${node.source}\`: no anchor \`&${node.source}\` before it`,
          location: loc,
        });
        return { kind: 'scalar', value: null, loc };
      }
      if (--this.aliasesLeft < 0) {
        throw new LimitReached({
          code: 'yaml.too-many-aliases',
          severity: 'error',
          message: `too many alias expansions (more than ${this.limits.maxAliases}); is this a "billion laughs" document?`,
          location: loc,
        });
      }
      return this.convert(target, depth, loc);
    }
    if (this.yaml.isMap(node)) return this.convertMap(node.items, depth, loc);
    if (this.yaml.isSeq(node))
      return { kind: 'seq', items: node.items.map((item) => this.convert(item, depth + 1, loc)), loc };
    if (this.yaml.isScalar(node)) return this.scalar(node.value, rangeOf(node), loc);
    return { kind: 'scalar', value: null, loc };
  }

  private convertMap(
    pairs: readonly { key: unknown; value: unknown }[],
    depth: number,
    loc: SourceLocation,
  ): YamlMap {
    const entries: YamlEntry[] = [];
    const merged: YamlEntry[] = [];
    for (const pair of pairs) {
      const keyLoc = this.locationOf(pair.key) ?? loc;
      const key = this.keyText(pair.key);
      const value = this.convert(pair.value, depth + 1, keyLoc);
      // `<<: *defaults` merges another map's entries, a YAML 1.1 habit many scenario authors rely on.
      if (key === '<<' && this.yaml.isScalar(pair.key) && (value.kind === 'map' || value.kind === 'seq')) {
        const sources = value.kind === 'map' ? [value] : value.items;
        for (const source of sources) if (source.kind === 'map') merged.push(...source.entries);
        continue;
      }
      const keyNode: YamlScalar & { value: string } = {
        ...this.scalar(key, rangeOf(pair.key), keyLoc),
        value: key,
      };
      entries.push({ key: keyNode, value });
    }
    for (const entry of merged) {
      if (!entries.some((existing) => existing.key.value === entry.key.value)) entries.push(entry);
    }
    return { kind: 'map', entries, loc };
  }

  private keyText(key: unknown): string {
    if (this.yaml.isScalar(key)) return key.value === null ? '' : String(key.value);
    if (key === null || key === undefined) return '';
    return String(key);
  }

  private scalar(value: unknown, range: readonly number[] | undefined, loc: SourceLocation): YamlScalar {
    const plain =
      value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
        ? value
        : String(value);
    const raw =
      range?.[0] !== undefined && range[1] !== undefined ? this.text.slice(range[0], range[1]) : undefined;
    return scalarNode(plain, raw, loc);
  }

  private locationOf(node: unknown): SourceLocation | undefined {
    const range = rangeOf(node);
    return range?.[0] === undefined ? undefined : this.at(range[0]);
  }
}

function rangeOf(node: unknown): readonly number[] | undefined {
  const range: unknown = (node as Node | null | undefined)?.range;
  return Array.isArray(range) ? (range as number[]) : undefined;
}
