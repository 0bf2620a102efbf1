/**
 * A quick, tolerant read of a scenario for the workspace layer: which files it `use`s and which variables
 * it leaves behind for a parent that `use`s it (SPEC, "Variables": saved variables of a composed scenario
 * are merged into the parent context). Broken files give what can be read.
 */
import { parseYaml, type ParsedYaml } from './parseYaml.js';
import { allSteps, stepKind } from './stepTree.js';
import { stringOf, valueOf } from './yamlTree.js';

export interface ScenarioSummary {
  /** `use` targets as written, in source order. */
  uses: string[];
  /** Variables set by `set`, `save` and `import.as` anywhere in the file. */
  defines: string[];
}

/** `parsed` lets a caller that parses the file anyway share the tree (parsing YAML is the costly part). */
export function summarizeScenario(
  text: string,
  file: string,
  parsed: ParsedYaml = parseYaml(text, file),
): ScenarioSummary {
  const root = parsed.root;
  const summary: ScenarioSummary = { uses: [], defines: [] };
  if (root?.kind !== 'map') return summary;
  for (const step of allSteps(root)) {
    const kind = stepKind(step);
    const target = kind === 'use' ? stringOf(valueOf(step, 'use')) : undefined;
    if (target !== undefined) summary.uses.push(target);
    for (const key of ['save', 'set'] as const) {
      const map = valueOf(step, key);
      if (map?.kind === 'map') summary.defines.push(...map.entries.map((entry) => entry.key.value));
    }
    const importAs = kind === 'import' ? stringOf(valueOf(valueOf(step, 'import'), 'as')) : undefined;
    if (importAs !== undefined) summary.defines.push(importAs);
  }
  return summary;
}
