/**
 * DECISIONS.md, Wave 2 / Platform: "Composition is resolved before any request: every `use` target is
 * loaded and checked at plan time; a missing or invalid fragment, or a cycle, exits 2 with file:line:col and
 * nothing sent." Missing targets and targets outside the project are reported by the parent's own checks
 * (scenarioRoles); this follows the `use` steps to every file they reach, and reports the rest.
 */
import type { Diagnostic } from '../diagnostics/errors.js';
import type { ParsedScenario, Scenario, Step } from '../language/index.js';
import { mayUseOthers, withScenarioPath } from './storedScenario.js';

type UseStep = Step & { kind: 'use' };

/** Every `use` step of a scenario, loops included, in source order. */
function useSteps(scenario: Scenario): UseStep[] {
  const out: UseStep[] = [];
  // A stored scenario knows without making its steps into objects (most files use nothing).
  if (!mayUseOthers(scenario)) return out;
  const visit = (steps: readonly Step[]): void => {
    for (const step of steps) {
      if (step.kind === 'use') out.push(step);
      else if (step.kind === 'repeat') visit(step.repeat.steps);
      else if (step.kind === 'for_each') visit(step.forEach.steps);
    }
  };
  for (const section of [scenario.setup, scenario.steps, scenario.teardown]) visit(section);
  return out;
}

/**
 * Every file a scenario reaches through `use`, directly or through other fragments (the plan-time graph):
 * when one of them changes, the scenario is affected (`runner run --watch`).
 */
export function reachableFiles(root: Scenario, fragments: ReadonlyMap<string, Scenario>): Set<string> {
  const reached = new Set<string>();
  const visit = (scenario: Scenario): void => {
    for (const step of useSteps(scenario)) {
      const target = step.usePath;
      if (target === undefined || reached.has(target)) continue;
      reached.add(target);
      const next = fragments.get(target);
      if (next) visit(next);
    }
  };
  visit(root);
  return reached;
}

export interface Composition {
  /** Every file a `use` step reaches, by absolute path, parsed as a `use` target. */
  fragments: Map<string, Scenario>;
  /** The fragments' own problems, and at each `use` step: a target with errors, a cycle. */
  diagnostics: Diagnostic[];
}

export interface CompositionInputs {
  /** Parses a target file as a `use` target. */
  parse: (path: string) => Promise<ParsedScenario>;
  /** Files whose diagnostics the caller reports already (the files being run or validated). */
  reported: ReadonlySet<string>;
  /** How messages show a path. */
  display: (path: string) => string;
}

export async function resolveComposition(
  roots: readonly Scenario[],
  inputs: CompositionInputs,
): Promise<Composition> {
  const fragments = new Map<string, Scenario>();
  const parsed = new Map<string, Promise<ParsedScenario>>();
  const diagnostics: Diagnostic[] = [];
  const parseOnce = (path: string) => {
    let pending = parsed.get(path);
    if (!pending) {
      pending = inputs.parse(path).then((result) => {
        if (!inputs.reported.has(path)) diagnostics.push(...result.diagnostics);
        return result;
      });
      parsed.set(path, pending);
    }
    return pending;
  };

  const follow = async (scenario: Scenario): Promise<void> => {
    await Promise.all(
      useSteps(scenario).map(async (step) => {
        if (step.usePath === undefined) return;
        const fresh = !parsed.has(step.usePath);
        const target = await parseOnce(step.usePath);
        if (!target.scenario) {
          const count = target.diagnostics.filter((d) => d.severity === 'error').length;
          diagnostics.push({
            code: 'use.invalid-target',
            severity: 'error',
            message: `\`use\` target \`${step.use}\` has ${count} ${count === 1 ? 'problem' : 'problems'} (${inputs.display(step.usePath)})`,
            location: step.loc,
          });
        } else if (fresh) {
          fragments.set(step.usePath, withScenarioPath(target.scenario, step.usePath));
          await follow(target.scenario);
        }
      }),
    );
  };
  await Promise.all(roots.map(follow));
  diagnostics.push(...findCycles(roots, fragments, inputs.display));
  return { fragments, diagnostics };
}

/** A `use` chain that comes back to a file already on it, reported at the step that closes it. */
function findCycles(
  roots: readonly Scenario[],
  fragments: ReadonlyMap<string, Scenario>,
  display: (path: string) => string,
): Diagnostic[] {
  const done = new Set<string>();
  const onPath: string[] = [];
  const found: Diagnostic[] = [];
  const name = (path: string) => display(path).split(/[\\/]/).pop() ?? path;
  const visit = (path: string, scenario: Scenario): void => {
    if (done.has(path)) return;
    onPath.push(path);
    for (const step of useSteps(scenario)) {
      const target = step.usePath;
      if (target === undefined) continue;
      const start = onPath.indexOf(target);
      if (start >= 0) {
        const chain = [...onPath.slice(start), target].map(name).join(' → ');
        found.push({
          code: 'use.cycle',
          severity: 'error',
          message: `\`use\` cycle: ${chain}`,
          location: step.loc,
          hint: 'a scenario cannot use itself, directly or through the files it uses',
        });
        continue;
      }
      const next = fragments.get(target);
      if (next) visit(target, next);
    }
    onPath.pop();
    done.add(path);
  };
  for (const root of roots) if (root.path !== undefined) visit(root.path, root);
  return found;
}
