/**
 * "Variable used before any definition" (DECISIONS, `runner validate`): walks the scenario in execution
 * order, keeping the names defined so far: credentials (`accounts`), environment variables, `examples` keys,
 * then `set`, `save`, `import.as`, loop aliases inside their loop, and what `use`d files define.
 */
import { didYouMeanHint } from '../diagnostics/didYouMean.js';
import type { Diagnostic } from '../diagnostics/errors.js';
import type { SourceLocation } from '../diagnostics/location.js';
import { parseSubjectQuery, queryVariables } from '../assertions/index.js';
import { conditionReferences, parseCondition, templateReferences } from '../expressions/index.js';
import { expectationEntries } from './buildStep.js';
import { visitRoles, type PathSegment } from './checkShape.js';
import { SCENARIO_SHAPE } from './definitions/scenarioShape.js';
import type { Role, Shape } from './shape.js';
import { SECTIONS, stepKind, stepMaps } from './stepTree.js';
import {
  locationIn,
  stringNodes,
  stringOf,
  valueOf,
  type YamlMap,
  type YamlNode,
  type YamlScalar,
} from './yamlTree.js';

interface Reference {
  name: string;
  loc: SourceLocation;
}

export interface VariableFlowOptions {
  /** Names defined before the scenario starts (credentials, environment variables). */
  predefined: Iterable<string>;
  /** What a `use` target defines for its parent; undefined when unknown (later uses are then not checked). */
  definesOfUse?: (target: string) => readonly string[] | undefined;
}

function templateRefs(node: YamlNode): Reference[] {
  return stringNodes(node).flatMap((scalar) =>
    safely(() => templateReferences(String(scalar.value))).map((ref) => at(scalar, ref)),
  );
}

/** References a condition needs defined; a bare `$token` only tests existence, so it needs nothing. */
function conditionRefs(node: YamlNode): Reference[] {
  if (node.kind !== 'scalar' || typeof node.value !== 'string') return [];
  const text = node.value;
  return safely(() => conditionReferences(parseCondition(text)))
    .filter((ref) => !ref.truthinessCheck)
    .map((ref) => at(node, ref));
}

function at(scalar: YamlScalar, ref: { name: string; offset: number }): Reference {
  return { name: ref.name, loc: locationIn(scalar, ref.offset) };
}

/** Syntax errors are reported elsewhere; here a broken expression simply has no references. */
function safely<T>(read: () => T[]): T[] {
  try {
    return read();
  } catch {
    return [];
  }
}

function referencesFor(role: Role, node: YamlNode): Reference[] {
  if (role === 'condition') return conditionRefs(node);
  if (role === 'template' || role === 'secret' || role === 'variableRef' || role === 'expected')
    return templateRefs(node);
  return [];
}

const STEP_PROPERTIES = (() => {
  const step = SCENARIO_SHAPE.defs.step;
  if (step?.type !== 'object') throw new Error('the scenario shape must define `step` as an object');
  return step.properties;
})();

function fieldShape(key: string): Shape {
  const property = STEP_PROPERTIES[key];
  if (!property) throw new Error(`the step shape has no \`${key}\``);
  return property.shape;
}

/** Inside `transform.filter`/`transform.map` and `export.columns`, the current item is bound as `item`. */
function bindsItem(path: readonly PathSegment[]): boolean {
  return (
    (path.includes('transform') && (path.includes('filter') || path.includes('map'))) ||
    path.includes('columns')
  );
}

/** A stream step's `until` reads the item it is evaluated on: `$message`, or `$event` on sse (DECISIONS). */
function bindsStreamItem(key: string, path: readonly PathSegment[]): string[] {
  if (!path.includes('until')) return [];
  if (key === 'sse') return ['event'];
  return key === 'websocket' || key === 'subscription' || key === 'grpc' ? ['message'] : [];
}

export function checkVariableFlow(root: YamlMap, options: VariableFlowOptions): Diagnostic[] {
  return walkScenario(root, new VariableFlow(options)).diagnostics;
}

/**
 * The names defined when `step` starts, by the same walk as the check (for an editor's completion); every
 * name is possible after a `use` whose definitions are unknown, so `open` says so. Undefined when `step` is
 * not a step of `root`.
 */
export function variablesBefore(
  root: YamlMap,
  options: VariableFlowOptions,
  step: YamlMap,
): { names: ReadonlySet<string>; open: boolean } | undefined {
  return walkScenario(root, new VariableFlow(options, step)).snapshot;
}

function walkScenario(root: YamlMap, flow: VariableFlow): VariableFlow {
  for (const example of stepMaps(valueOf(root, 'examples')))
    flow.define(example.entries.map((entry) => entry.key.value));
  for (const section of SECTIONS) flow.steps(stepMaps(valueOf(root, section)));
  return flow;
}

class VariableFlow {
  readonly diagnostics: Diagnostic[] = [];
  // `$env.NAME` reads the operating system's environment, which only the run knows (DECISIONS, Wave 2).
  private readonly defined = new Set<string>(['accounts', 'env']);
  /** Set after a `use` whose definitions are unknown: from then on anything may be defined. */
  private open = false;
  /** What was defined when the step asked about (`snapshotAt`) started. */
  snapshot: { names: ReadonlySet<string>; open: boolean } | undefined;

  constructor(
    private readonly options: VariableFlowOptions,
    private readonly snapshotAt?: YamlMap,
  ) {
    this.define(options.predefined);
  }

  define(names: Iterable<string>): void {
    for (const name of names) this.defined.add(name);
  }

  steps(steps: YamlMap[]): void {
    for (const step of steps) this.step(step);
  }

  private step(step: YamlMap): void {
    if (step === this.snapshotAt) this.snapshot = { names: new Set(this.defined), open: this.open };
    const guard = valueOf(step, 'if');
    if (guard) this.use(conditionRefs(guard));
    const kind = stepKind(step);
    if (kind === 'repeat') {
      const repeat = valueOf(step, 'repeat');
      this.steps(stepMaps(valueOf(repeat, 'steps')));
      const until = valueOf(repeat, 'until');
      if (until) this.use(conditionRefs(until));
    } else if (kind === 'for_each') {
      this.forEach(valueOf(step, 'for_each'));
    } else if (kind === 'use') {
      this.field(step, 'with');
      const target = stringOf(valueOf(step, 'use'));
      const defines = target === undefined ? undefined : this.options.definesOfUse?.(target);
      if (defines) this.define(defines);
      else this.open = true;
    } else if (kind) {
      this.field(step, kind);
    }
    this.field(step, 'expect');
    this.pathVariables(step);
    const save = valueOf(step, 'save');
    if (save?.kind === 'map') this.define(save.entries.map((entry) => entry.key.value));
    const set = kind === 'set' ? valueOf(step, 'set') : undefined;
    if (set?.kind === 'map') this.define(set.entries.map((entry) => entry.key.value));
    const importAs = kind === 'import' ? stringOf(valueOf(valueOf(step, 'import'), 'as')) : undefined;
    if (importAs !== undefined) this.define([importAs]);
  }

  /** `[$i]` in `expect` keys and `save` sources reads a variable when the step runs. */
  private pathVariables(step: YamlMap): void {
    const save = valueOf(step, 'save');
    const paths = [
      ...expectationEntries(valueOf(step, 'expect')).map((entry) => entry.key),
      ...(save?.kind === 'map' ? save.entries.map((entry) => entry.value) : []),
    ];
    for (const node of paths) {
      if (node.kind !== 'scalar' || typeof node.value !== 'string') continue;
      const text = node.value;
      const names = queryVariables(parseSubjectQuery(text));
      this.use(names.map((name) => at(node, { name, offset: Math.max(0, text.indexOf(`$${name}`)) })));
    }
  }

  private forEach(loop: YamlNode | undefined): void {
    const from = valueOf(loop, 'from');
    if (from) this.use(templateRefs(from));
    const alias = stringOf(valueOf(loop, 'as')) ?? 'item';
    const hadAlias = this.defined.has(alias);
    this.defined.add(alias);
    this.steps(stepMaps(valueOf(loop, 'steps')));
    // SPEC, "Loop rules": the item alias is restored after the loop; saved variables remain.
    if (!hadAlias) this.defined.delete(alias);
  }

  /** The references in one step field, found through the roles of its shape. */
  private field(step: YamlMap, key: string): void {
    const node = valueOf(step, key);
    if (!node) return;
    visitRoles(node, fieldShape(key), SCENARIO_SHAPE, (role, value, path) => {
      this.use(referencesFor(role, value), bindsItem(path) ? ['item'] : bindsStreamItem(key, path));
      return [];
    });
  }

  private use(references: Reference[], bound: string[] = []): void {
    if (this.open) return;
    for (const reference of references) {
      if (this.defined.has(reference.name) || bound.includes(reference.name)) continue;
      const hint = didYouMeanHint(
        reference.name,
        [...this.defined, ...bound].filter((name) => name !== reference.name),
      );
      this.diagnostics.push({
        code: 'variable.undefined',
        severity: 'error',
        message: `variable \`$${reference.name}\` is used before it is defined`,
        location: reference.loc,
        ...(hint ? { hint } : {}),
      });
    }
  }
}
