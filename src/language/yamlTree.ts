/**
 * A small, position-carrying view of a YAML document: maps, lists and scalars, with aliases already expanded
 * (within a budget, see parseYaml.ts). Checkers and builders walk this instead of the `yaml` package's node
 * classes, so they stay simple and never follow an alias twice by accident.
 */
import type { SourceLocation } from '../diagnostics/location.js';

export type ScalarValue = string | number | boolean | null;

export interface YamlScalar {
  kind: 'scalar';
  value: ScalarValue;
  loc: SourceLocation;
  /** Where character 0 of the value sits, when offsets into the text map one-to-one onto columns. */
  textStart?: SourceLocation;
  /** The text as written, when `$env` references in it were filled in before the shape check. */
  filledFrom?: string;
}

export interface YamlSeq {
  kind: 'seq';
  items: YamlNode[];
  loc: SourceLocation;
}

export interface YamlEntry {
  /** Keys are read as strings (`200:` becomes "200"). */
  key: YamlScalar & { value: string };
  value: YamlNode;
}

export interface YamlMap {
  kind: 'map';
  entries: YamlEntry[];
  loc: SourceLocation;
}

export type YamlNode = YamlScalar | YamlSeq | YamlMap;

/**
 * A scalar node; `raw` is its text as written (quotes included) when known. Both YAML readers build scalars
 * here, so they agree on when a value's characters map one-to-one onto columns.
 */
export function scalarNode(value: ScalarValue, raw: string | undefined, loc: SourceLocation): YamlScalar {
  const node: YamlScalar = { kind: 'scalar', value, loc };
  if (typeof value === 'string' && raw !== undefined) {
    if (raw === value) node.textStart = loc;
    else if (raw === `"${value}"` || raw === `'${value}'`) node.textStart = { ...loc, col: loc.col + 1 };
  }
  return node;
}

/** The value under `key`, if the map has it. */
export function entryOf(map: YamlMap, key: string): YamlEntry | undefined {
  return map.entries.find((entry) => entry.key.value === key);
}

export function valueOf(node: YamlNode | undefined, key: string): YamlNode | undefined {
  return node?.kind === 'map' ? entryOf(node, key)?.value : undefined;
}

/** The string value of a scalar, or undefined for anything else. */
export function stringOf(node: YamlNode | undefined): string | undefined {
  return node?.kind === 'scalar' && typeof node.value === 'string' ? node.value : undefined;
}

/** The location of character `offset` of a scalar's text; the scalar's start when columns do not map. */
export function locationIn(scalar: YamlScalar, offset: number): SourceLocation {
  if (!scalar.textStart) return scalar.loc;
  return { ...scalar.textStart, col: scalar.textStart.col + offset };
}

/** Plain JavaScript data, as `yaml`'s toJS would give (aliases were expanded when the tree was built). */
export function toPlain(node: YamlNode): unknown {
  if (node.kind === 'scalar') return node.value;
  if (node.kind === 'seq') return node.items.map(toPlain);
  const out: Record<string, unknown> = {};
  for (const entry of node.entries) {
    // defineProperty: a key named `__proto__` must stay an ordinary key.
    Object.defineProperty(out, entry.key.value, {
      value: toPlain(entry.value),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return out;
}

/** How a value reads in a message: `"three"`, `42`, `a list`, `a map`, `nothing`. */
export function describeNode(node: YamlNode): string {
  if (node.kind === 'seq') return 'a list';
  if (node.kind === 'map') return 'a map';
  if (node.value === null) return 'nothing';
  if (typeof node.value === 'string') {
    const text = node.value.length > 60 ? `${node.value.slice(0, 57)}...` : node.value;
    return JSON.stringify(text);
  }
  return String(node.value);
}

/** The kind of a YAML value without its content ("a string", "a map"), for files whose values are secret. */
export function describeNodeKind(node: YamlNode): string {
  if (node.kind !== 'scalar') return describeNode(node);
  if (node.value === null) return 'nothing';
  return typeof node.value === 'boolean' ? 'a boolean' : `a ${typeof node.value}`;
}

/** Every string scalar in a value, map keys included (templates may sit in body keys). */
export function stringNodes(node: YamlNode): YamlScalar[] {
  if (node.kind === 'scalar') return typeof node.value === 'string' ? [node] : [];
  if (node.kind === 'seq') return node.items.flatMap(stringNodes);
  return node.entries.flatMap((entry) => [entry.key, ...stringNodes(entry.value)]);
}
