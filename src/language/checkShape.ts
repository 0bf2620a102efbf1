/**
 * Structural check of a YAML tree against a ShapeDocument: unknown keys (with did-you-mean), wrong types,
 * missing required keys, enums, ranges and patterns. Each problem points at the offending key or value, or at
 * the map for a missing key. Values with a `role` are handed to `onRole` for the semantic checks.
 */
import type { Diagnostic } from '../diagnostics/errors.js';
import { didYouMeanHint } from '../diagnostics/didYouMean.js';
import { hasEnvReference } from './envReferences.js';
import type { ObjectShape, Role, Shape, ShapeDocument, StringShape } from './shape.js';
import { describeNode, describeNodeKind, type YamlMap, type YamlNode, type YamlScalar } from './yamlTree.js';

export type PathSegment = string | number;

/**
 * Semantic checks for values with a role, called once the value has the right structure; `path` is where it
 * sits (`['steps', 0, 'if']`). A role on an `any` shape receives the whole value.
 */
export type RoleCheck = (role: Role, node: YamlNode, path: readonly PathSegment[]) => Diagnostic[];

export function checkShape(root: YamlNode, doc: ShapeDocument, onRole?: RoleCheck): Diagnostic[] {
  if (root.kind !== 'map') {
    return [
      {
        code: 'yaml.not-a-map',
        severity: 'error',
        message: `a ${doc.title} file must be a map of keys, got ${describeValue(root, doc)}`,
        location: root.loc,
      },
    ];
  }
  const checker = new ShapeChecker(doc, onRole);
  checker.check(root, doc.root, []);
  return checker.diagnostics;
}

/** Calls `visit` for every value with a role under `node`, read as `shape`; structural problems are ignored. */
export function visitRoles(node: YamlNode, shape: Shape, doc: ShapeDocument, visit: RoleCheck): void {
  new ShapeChecker(doc, visit).check(node, shape, []);
}

/** `scheme://user:password@host`: the part before `@` may be a password, whatever file it is in. */
const URL_WITH_CREDENTIALS = /[a-z][a-z0-9+.-]*:\/\/[^\s]*@/i;

/**
 * The offending value for a message: only its kind when the document's values are secret, or when the value
 * is a URL with credentials in it (a cache URL with its password misplaced in an environment file).
 */
function describeValue(node: YamlNode, doc: ShapeDocument): string {
  // A value read from the environment may be a CI secret: name where it came from, not what it holds.
  if (node.kind === 'scalar' && node.filledFrom !== undefined) return `the value of \`${node.filledFrom}\``;
  const carriesCredentials =
    node.kind === 'scalar' && typeof node.value === 'string' && URL_WITH_CREDENTIALS.test(node.value);
  return doc.redactValues === true || carriesCredentials ? describeNodeKind(node) : describeNode(node);
}

/** Resolves references to named shapes. */
function resolveShape(shape: Shape, doc: ShapeDocument): Shape {
  let current = shape;
  for (let hops = 0; current.type === 'ref'; hops++) {
    const target = doc.defs[current.name];
    if (!target || hops > 10) throw new Error(`shape definition \`${current.name}\` is missing`);
    current = target;
  }
  return current;
}

/** Whether a YAML value has the right kind for a shape (its finer rules aside); picks union options. */
function kindMatches(node: YamlNode, shape: Shape, doc: ShapeDocument): boolean {
  const resolved = resolveShape(shape, doc);
  switch (resolved.type) {
    case 'any':
      return true;
    case 'object':
      return node.kind === 'map';
    case 'array':
      return node.kind === 'seq';
    case 'union':
      return resolved.options.some((option) => kindMatches(node, option, doc));
    default:
      return node.kind === 'scalar' && scalarMatches(node.value, resolved);
  }
}

function scalarMatches(value: YamlScalar['value'], shape: Shape): boolean {
  switch (shape.type) {
    case 'string':
      return (
        typeof value === 'string' ||
        (shape.acceptScalars === true && (typeof value === 'number' || typeof value === 'boolean'))
      );
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value);
    case 'number':
      return typeof value === 'number';
    case 'boolean':
      return typeof value === 'boolean';
    default:
      return false;
  }
}

/** "an integer", "a map", "one of `GET`, `POST`"... for messages. */
function describeShape(shape: Shape, doc: ShapeDocument): string {
  const resolved = resolveShape(shape, doc);
  switch (resolved.type) {
    case 'string':
      if (resolved.enum) return `one of ${resolved.enum.map((v) => `\`${v}\``).join(', ')}`;
      return resolved.patternExpected ?? 'a string';
    case 'integer':
      return 'an integer';
    case 'number':
      return 'a number';
    case 'boolean':
      return '`true` or `false`';
    case 'object':
      return 'a map';
    case 'array':
      return 'a list';
    case 'union':
      return resolved.expected;
    default:
      return 'a value';
  }
}

/** Patterns compiled once per shape: validation visits the same shapes for every step of every file. */
const compiledPatterns = new Map<string, RegExp>();
function patternOf(source: string): RegExp {
  let pattern = compiledPatterns.get(source);
  if (!pattern) {
    pattern = new RegExp(source);
    compiledPatterns.set(source, pattern);
  }
  return pattern;
}

const requiredKeysOf = new WeakMap<ObjectShape, string[]>();
function requiredKeys(shape: ObjectShape): string[] {
  let keys = requiredKeysOf.get(shape);
  if (!keys) {
    keys = Object.entries(shape.properties)
      .filter(([, property]) => property.required)
      .map(([key]) => key);
    requiredKeysOf.set(shape, keys);
  }
  return keys;
}

/** `attempts`, `steps[2]`, `tags[0]`: the last key of a path with any indexes after it. */
export function labelOf(path: readonly PathSegment[]): string {
  let start = path.length - 1;
  while (start > 0 && typeof path[start] === 'number') start--;
  const [first, ...rest] = path.slice(start);
  return `${first ?? ''}${rest.map((index) => `[${index}]`).join('')}`;
}

class ShapeChecker {
  readonly diagnostics: Diagnostic[] = [];

  constructor(
    private readonly doc: ShapeDocument,
    private readonly onRole: RoleCheck | undefined,
  ) {}

  check(node: YamlNode, shape: Shape, path: readonly PathSegment[]): void {
    const resolved = resolveShape(shape, this.doc);
    if (resolved.type === 'union') {
      const option = resolved.options.find((candidate) => kindMatches(node, candidate, this.doc));
      if (option) this.check(node, option, path);
      else this.typeError(node, resolved, path);
      return;
    }
    if (!kindMatches(node, resolved, this.doc)) {
      this.typeError(node, resolved, path);
      return;
    }
    if (resolved.type === 'object' && node.kind === 'map') this.checkObject(node, resolved, path);
    else if (resolved.type === 'array' && node.kind === 'seq') {
      node.items.forEach((item, index) => this.check(item, resolved.items, [...path, index]));
    } else if (node.kind === 'scalar' && resolved.type !== 'any') {
      if (!this.checkScalar(node, resolved, path)) return;
    }
    if (resolved.role && this.onRole) this.diagnostics.push(...this.onRole(resolved.role, node, path));
  }

  private checkObject(node: YamlMap, shape: ObjectShape, path: readonly PathSegment[]): void {
    // Only a problem needs the words: no string is built for the (many) maps that are fine.
    const where = () => shape.name ?? (path.length === 0 ? this.doc.title : `\`${labelOf(path)}\``);
    for (const entry of node.entries) {
      const key = entry.key.value;
      const property = Object.prototype.hasOwnProperty.call(shape.properties, key)
        ? shape.properties[key]
        : undefined;
      const valueShape = property?.shape ?? shape.additional;
      const refusal = property === undefined ? shape.refused?.[key] : undefined;
      if (refusal !== undefined) {
        this.report('shape.refused-key', refusal, entry.key);
        continue;
      }
      if (!valueShape) {
        this.report(
          'shape.unknown-key',
          `unknown key \`${key}\` in ${where()}`,
          entry.key,
          didYouMeanHint(key, Object.keys(shape.properties)),
        );
        continue;
      }
      if (!property && shape.keys && !patternOf(shape.keys.pattern).test(key)) {
        this.report(shape.keys.code, `\`${key}\` is not ${shape.keys.expected}`, entry.key);
      }
      this.check(entry.value, valueShape, [...path, key]);
    }
    for (const key of requiredKeys(shape)) {
      if (!node.entries.some((entry) => entry.key.value === key)) {
        this.report('shape.required', `missing required key \`${key}\` in ${where()}`, node);
      }
    }
    if (shape.singleEntry !== undefined && node.entries.length !== 1) {
      const second = node.entries[1];
      this.report(
        'shape.single-entry',
        `each item of \`${labelOf(path)}\` is one ${shape.singleEntry}, got ${node.entries.length === 0 ? 'none' : node.entries.length}`,
        second?.key ?? node,
        node.entries.length > 1 ? 'start a new item with `- ` for each pair' : undefined,
      );
    }
    if (shape.rules) this.diagnostics.push(...shape.rules(node));
  }

  /** Enum, pattern and range rules; false when one failed (the role check is then skipped). */
  private checkScalar(node: YamlScalar, shape: Shape, path: readonly PathSegment[]): boolean {
    if (shape.type === 'string') return this.checkString(node, shape, path);
    if ((shape.type === 'integer' || shape.type === 'number') && typeof node.value === 'number') {
      if (shape.minimum !== undefined && node.value < shape.minimum) {
        this.report(
          'shape.range',
          `\`${labelOf(path)}\` must be at least ${shape.minimum}, got ${this.got(node)}`,
          node,
        );
        return false;
      }
      if (shape.type === 'integer' && shape.maximum !== undefined && node.value > shape.maximum) {
        this.report(
          'shape.range',
          `\`${labelOf(path)}\` must be at most ${shape.maximum}, got ${this.got(node)}`,
          node,
        );
        return false;
      }
    }
    return true;
  }

  private checkString(node: YamlScalar, shape: StringShape, path: readonly PathSegment[]): boolean {
    const text = String(node.value);
    // Checked when the run has read the environment (workspace/envReferences.ts).
    if (this.doc.envReferences === true && hasEnvReference(text)) return true;
    if (shape.enum && !shape.enum.includes(text)) {
      const hint = this.doc.redactValues === true ? undefined : didYouMeanHint(text, shape.enum);
      this.report(
        'shape.enum',
        `\`${labelOf(path)}\` must be ${describeShape(shape, this.doc)}, got ${this.got(node)}`,
        node,
        hint,
      );
      return false;
    }
    if (shape.pattern && !patternOf(shape.pattern).test(text)) {
      const expected = shape.patternExpected ?? `a string matching /${shape.pattern}/`;
      this.report(
        shape.patternCode ?? 'shape.pattern',
        `\`${labelOf(path)}\` must be ${expected}, got ${this.got(node)}`,
        node,
      );
      return false;
    }
    return true;
  }

  private typeError(node: YamlNode, shape: Shape, path: readonly PathSegment[]): void {
    const expected = describeShape(shape, this.doc);
    const quote =
      this.doc.redactValues !== true &&
      node.kind === 'scalar' &&
      (typeof node.value === 'number' || typeof node.value === 'boolean') &&
      acceptsAnyString(shape, this.doc)
        ? `write it in quotes: "${String(node.value)}"`
        : undefined;
    this.report('shape.type', `\`${labelOf(path)}\` must be ${expected}, got ${this.got(node)}`, node, quote);
  }

  private got(node: YamlNode): string {
    return describeValue(node, this.doc);
  }

  private report(code: string, message: string, node: YamlNode, hint?: string): void {
    this.diagnostics.push({
      code,
      severity: 'error',
      message,
      location: node.loc,
      ...(hint ? { hint } : {}),
    });
  }
}

/** Whether quoting a number would make it valid: a plain string option without enum or pattern. */
function acceptsAnyString(shape: Shape, doc: ShapeDocument): boolean {
  const resolved = resolveShape(shape, doc);
  if (resolved.type === 'union') return resolved.options.some((option) => acceptsAnyString(option, doc));
  return resolved.type === 'string' && !resolved.enum && !resolved.pattern;
}
