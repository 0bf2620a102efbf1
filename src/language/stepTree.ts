/** Finding steps in a scenario's YAML tree: the three sections and the loops nested inside steps. */
import { STEP_KINDS, type Section, type StepKind } from './model.js';
import { valueOf, type YamlEntry, type YamlMap, type YamlNode } from './yamlTree.js';

export const SECTIONS: readonly Section[] = ['setup', 'steps', 'teardown'];

/** The step maps of a list node; anything else (already reported by the shape check) is skipped. */
export function stepMaps(list: YamlNode | undefined): YamlMap[] {
  if (list?.kind !== 'seq') return [];
  return list.items.filter((item): item is YamlMap => item.kind === 'map');
}

/** The nested step list of a `repeat` or `for_each` step. */
function nestedSteps(step: YamlMap): YamlMap[] {
  return stepMaps(valueOf(valueOf(step, 'repeat'), 'steps') ?? valueOf(valueOf(step, 'for_each'), 'steps'));
}

/** Every step of the scenario, depth first in source order. */
export function allSteps(root: YamlMap): YamlMap[] {
  const out: YamlMap[] = [];
  const visit = (steps: YamlMap[]): void => {
    for (const step of steps) {
      out.push(step);
      visit(nestedSteps(step));
    }
  };
  for (const section of SECTIONS) visit(stepMaps(valueOf(root, section)));
  return out;
}

/** The operation keys a step has, in source order. */
export function operationEntries(step: YamlMap): (YamlEntry & { key: { value: StepKind } })[] {
  return step.entries.filter((entry): entry is YamlEntry & { key: { value: StepKind } } =>
    (STEP_KINDS as readonly string[]).includes(entry.key.value),
  );
}

/** The step's operation when it has exactly one. */
export function stepKind(step: YamlMap): StepKind | undefined {
  const operations = operationEntries(step);
  return operations.length === 1 ? operations[0]?.key.value : undefined;
}
