/**
 * Scenario text to the typed model, with every problem as a Diagnostic carrying file:line:col. Pure: what
 * needs the file system (schemas, `use` targets) or the environment arrives through ScenarioContext.
 */
import type { Diagnostic } from '../diagnostics/errors.js';
import { buildSteps } from './buildStep.js';
import { checkShape } from './checkShape.js';
import type { ScenarioContext } from './context.js';
import { SCENARIO_SHAPE } from './definitions/scenarioShape.js';
import type { Scenario } from './model.js';
import { parseYaml, type ParsedYaml } from './parseYaml.js';
import { scenarioRoleChecks } from './scenarioRoles.js';
import { checkStepRules } from './stepRules.js';
import { allSteps } from './stepTree.js';
import { checkVariableFlow } from './variableFlow.js';
import { toPlain, valueOf, type YamlMap } from './yamlTree.js';

export interface ParsedScenario {
  /** Present when there are no errors (warnings allowed). */
  scenario?: Scenario;
  diagnostics: Diagnostic[];
}

export function parseScenario(
  text: string,
  file: string,
  context: ScenarioContext = {},
  parsed: ParsedYaml = parseYaml(text, file),
): ParsedScenario {
  const root = parsed.root;
  if (!root) return { diagnostics: parsed.diagnostics };
  const diagnostics = [
    ...parsed.diagnostics,
    ...checkShape(root, SCENARIO_SHAPE, scenarioRoleChecks(context, file)),
  ];
  if (root.kind !== 'map') return { diagnostics };
  for (const step of allSteps(root)) diagnostics.push(...checkStepRules(step));
  if (!context.isUseTarget) {
    diagnostics.push(
      ...checkVariableFlow(root, {
        predefined: context.environmentVariables ?? [],
        definesOfUse: (target) => {
          const resolved = context.resolveUse?.(target, file);
          return resolved?.exists ? resolved.defines : undefined;
        },
      }),
    );
  }
  const sorted = sortByPosition(diagnostics);
  if (sorted.some((diagnostic) => diagnostic.severity === 'error')) return { diagnostics: sorted };
  return { scenario: buildScenario(root, file, context), diagnostics: sorted };
}

function buildScenario(root: YamlMap, file: string, context: ScenarioContext): Scenario {
  const options = { resolveUse: (target: string) => context.resolveUse?.(target, file).path };
  const description = valueOf(root, 'description');
  const tags = valueOf(root, 'tags');
  const examples = valueOf(root, 'examples');
  const parallel = valueOf(root, 'parallel');
  return {
    name: String(toPlain(valueOf(root, 'scenario') ?? root)),
    ...(description?.kind === 'scalar' && typeof description.value === 'string'
      ? { description: description.value }
      : {}),
    tags: tags?.kind === 'seq' ? tags.items.map((tag) => String(toPlain(tag))) : [],
    setup: buildSteps(valueOf(root, 'setup'), options),
    steps: buildSteps(valueOf(root, 'steps'), options),
    teardown: buildSteps(valueOf(root, 'teardown'), options),
    ...(examples ? { examples: toPlain(examples) as Record<string, unknown>[] } : {}),
    ...(parallel?.kind === 'scalar' && parallel.value === false ? { parallel: false } : {}),
    file,
    loc: root.loc,
  };
}

/** Stable sort by line and column, so output reads top to bottom. */
function sortByPosition(diagnostics: Diagnostic[]): Diagnostic[] {
  return diagnostics
    .map((diagnostic, index) => ({ diagnostic, index }))
    .sort((a, b) => {
      const x = a.diagnostic.location;
      const y = b.diagnostic.location;
      return (x?.line ?? 0) - (y?.line ?? 0) || (x?.col ?? 0) - (y?.col ?? 0) || a.index - b.index;
    })
    .map(({ diagnostic }) => diagnostic);
}
