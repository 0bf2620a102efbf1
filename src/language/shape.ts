/**
 * A small declarative description of the YAML files the runner reads. One definition feeds both the
 * structural checker (checkShape.ts) and the JSON Schema for editors (jsonSchema.ts), so they cannot drift.
 */
import type { Diagnostic } from '../diagnostics/errors.js';
import type { YamlMap } from './yamlTree.js';

/**
 * What a value means beyond its structure; the validator runs the matching semantic check
 * (scenarioRoles.ts) and the variable walk reads references from it.
 * - template: interpolated at run time (`$name`, `${...}`, `{{name}}`); on `any`, every string inside is.
 * - condition: an `if`-style expression.
 * - expected: an `expect` value: a literal or a matcher.
 * - saveSource: a `save` source such as `body.id` or `count(body.items)`.
 * - variableRef: a variable reference that must start with `$` (`for_each.from`).
 * - variableName: a name that a step defines, written without `$` (`import.as`).
 * - secret: a template that carries a credential (`auth:` passwords, tokens, keys): written out, it is
 *   a warning; `$accounts.<account>.<field>` references are checked against the credentials file.
 * - schemaName, serviceName, cacheConnection, useTarget: names of things outside the file.
 */
export type Role =
  | 'template'
  | 'secret'
  | 'condition'
  | 'expected'
  | 'saveSource'
  | 'variableRef'
  | 'variableName'
  | 'schemaName'
  | 'serviceName'
  | 'cacheConnection'
  | 'useTarget';

interface ShapeBase {
  description?: string;
  role?: Role;
}

export interface StringShape extends ShapeBase {
  type: 'string';
  enum?: readonly string[];
  /** An ECMAScript regular expression the whole value must match (also emitted into the JSON Schema). */
  pattern?: string;
  /** How the pattern reads in a message: "a duration such as `1s`". */
  patternExpected?: string;
  /** The diagnostic code for a pattern mismatch; `shape.pattern` by default. */
  patternCode?: string;
  /** Also accept numbers and booleans, read as their text (`X-Retry: 3`). */
  acceptScalars?: boolean;
}

export interface IntegerShape extends ShapeBase {
  type: 'integer';
  minimum?: number;
  maximum?: number;
}

export interface NumberShape extends ShapeBase {
  type: 'number';
  minimum?: number;
}

export interface BooleanShape extends ShapeBase {
  type: 'boolean';
}

export interface Property {
  shape: Shape;
  description: string;
  required?: boolean;
}

export interface ObjectShape extends ShapeBase {
  type: 'object';
  /** How the map is named in messages ("unknown key `x` in step"); the parent key when absent. */
  name?: string;
  properties: Record<string, Property>;
  /** Values of keys not listed in `properties` (free maps such as headers); unknown keys are errors without it. */
  additional?: Shape;
  /** A rule every key of the map must follow (variable names). */
  keys?: { pattern: string; expected: string; code: string };
  /** Exactly one of these keys must be present (emitted into the JSON Schema; the step rules give the messages). */
  exactlyOneOf?: readonly string[];
  /**
   * A pattern for keys emitted only into the JSON Schema, so editors flag a misspelled path root or function;
   * the validator's own rules give the messages (the step rules, for `expect` paths).
   */
  editorKeyPattern?: string;
  /** The map holds exactly one key (an item of `expect` written as a list); the text says what it pairs. */
  singleEntry?: string;
  /** Keys refused by name with their own reason (`ntlm` in `auth`), rather than as unknown keys. */
  refused?: Readonly<Record<string, string>>;
  /** Rules the structure cannot say (one scheme per `auth`), run once the map's keys are known. */
  rules?: (node: YamlMap) => Diagnostic[];
}

export interface ArrayShape extends ShapeBase {
  type: 'array';
  items: Shape;
}

export interface AnyShape extends ShapeBase {
  type: 'any';
}

/** One of several shapes, chosen by the kind of YAML value (string, number, map, list...). */
export interface UnionShape extends ShapeBase {
  type: 'union';
  options: readonly Shape[];
  /** How the union reads in a message: "a file path or a map with `path`". */
  expected: string;
}

/** A named shape from the document's `defs` (recursion: steps contain steps). */
export interface RefShape extends ShapeBase {
  type: 'ref';
  name: string;
}

export type Shape =
  | StringShape
  | IntegerShape
  | NumberShape
  | BooleanShape
  | ObjectShape
  | ArrayShape
  | AnyShape
  | UnionShape
  | RefShape;

export interface ShapeDocument {
  /** The file kind in messages and the JSON Schema title: "scenario", "config.yaml". */
  title: string;
  description: string;
  root: ObjectShape;
  defs: Record<string, Shape>;
  /**
   * Every value in the file is a secret (credentials; DECISIONS, "Workspace"): messages about a wrong value
   * name only its type ("got a string"), never the value itself.
   */
  redactValues?: boolean;
  /**
   * Values may read `$env.NAME` (environment and credentials files): a value that does is checked against
   * its pattern or choices once the run has filled it in, not as written.
   */
  envReferences?: boolean;
}

// Constructors keep the definitions short and readable.

export function prop(shape: Shape, description: string, required = false): Property {
  return required ? { shape, description, required } : { shape, description };
}

export function required(shape: Shape, description: string): Property {
  return prop(shape, description, true);
}

export function string(options: Omit<StringShape, 'type'> = {}): StringShape {
  return { type: 'string', ...options };
}

export function integer(options: Omit<IntegerShape, 'type'> = {}): IntegerShape {
  return { type: 'integer', ...options };
}

export function boolean(): BooleanShape {
  return { type: 'boolean' };
}

export function object(
  properties: Record<string, Property>,
  options: Omit<ObjectShape, 'type' | 'properties'> = {},
): ObjectShape {
  return { type: 'object', properties, ...options };
}

export function mapOf(
  values: Shape,
  options: Omit<ObjectShape, 'type' | 'properties' | 'additional'> = {},
): ObjectShape {
  return { type: 'object', properties: {}, additional: values, ...options };
}

export function array(items: Shape, options: Omit<ArrayShape, 'type' | 'items'> = {}): ArrayShape {
  return { type: 'array', items, ...options };
}

export function any(options: Omit<AnyShape, 'type'> = {}): AnyShape {
  return { type: 'any', ...options };
}

export function union(expected: string, ...options: Shape[]): UnionShape {
  return { type: 'union', options, expected };
}

export function ref(name: string): RefShape {
  return { type: 'ref', name };
}
