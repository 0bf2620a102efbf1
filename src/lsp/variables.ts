/**
 * Variables of a scenario for the editor: where each is defined (`save`, `set`, `import.as`, `examples`) and
 * which are in scope at a step, by the same walk as `validate`'s "used before it is defined" check.
 */
import type { SourceLocation } from '../diagnostics/location.js';
import {
  allSteps,
  stepKind,
  stepMaps,
  stringOf,
  valueOf,
  variablesBefore,
  type YamlMap,
} from '../language/index.js';
import { stepLabel } from './stepLabels.js';

export interface VariableDefinition {
  name: string;
  loc: SourceLocation;
  /** What defines it, for completion details: "saved by step `Login`". */
  origin: string;
  /** The defining step; undefined for `examples` keys. */
  step?: YamlMap;
}

export function variableDefinitions(root: YamlMap): VariableDefinition[] {
  const out: VariableDefinition[] = [];
  for (const example of stepMaps(valueOf(root, 'examples')))
    for (const entry of example.entries)
      out.push({ name: entry.key.value, loc: entry.key.loc, origin: 'a key of `examples`' });
  for (const step of allSteps(root)) {
    const label = stepLabel(step);
    for (const [key, verb] of [
      ['save', 'saved'],
      ['set', 'set'],
    ] as const) {
      const map = valueOf(step, key);
      if (map?.kind !== 'map') continue;
      for (const entry of map.entries)
        out.push({ name: entry.key.value, loc: entry.key.loc, origin: `${verb} by step \`${label}\``, step });
    }
    const importAs = stepKind(step) === 'import' ? valueOf(valueOf(step, 'import'), 'as') : undefined;
    const imported = stringOf(importAs);
    if (importAs?.kind === 'scalar' && imported !== undefined)
      out.push({ name: imported, loc: importAs.loc, origin: `imported by step \`${label}\``, step });
  }
  return out;
}

/** The innermost step at 1-based `line`: the last one (in source order) that starts on or before it. */
export function stepAtLine(root: YamlMap, line: number): YamlMap | undefined {
  let found: YamlMap | undefined;
  for (const step of allSteps(root)) {
    if (step.loc.line <= line && (!found || step.loc.line >= found.loc.line)) found = step;
  }
  return found;
}

export interface Scope {
  names: ReadonlySet<string>;
  /** After a `use` whose target could not be read, any name may be defined. */
  open: boolean;
}

/**
 * The names defined when `step` starts. Without a step (the cursor is outside the steps), everything the file
 * and its environment define.
 */
export function scopeAt(
  root: YamlMap,
  step: YamlMap | undefined,
  predefined: Iterable<string>,
  definesOfUse: (target: string) => readonly string[] | undefined,
): Scope {
  const flow = step ? variablesBefore(root, { predefined, definesOfUse }, step) : undefined;
  if (flow) return flow;
  const names = new Set(['accounts', 'env', ...predefined]);
  for (const definition of variableDefinitions(root)) names.add(definition.name);
  return { names, open: false };
}
