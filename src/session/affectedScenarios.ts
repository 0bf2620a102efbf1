/**
 * What a saved change affects (`runner run --watch`, DECISIONS.md "Authoring"): the scenario file itself and
 * every scenario whose `use` steps reach a changed fragment (the plan-time composition graph); everything
 * for config.yaml, environments, credentials, schemas or the OpenAPI document.
 */
import { dirname, isAbsolute, relative, sep } from 'node:path';
import type { Scenario } from '../language/model.js';
import { reachableFiles, type Workspace } from '../workspace/index.js';
import type { RunPlan } from './planRun.js';

export type Affected = { all: true; why: string } | { all: false; scenarios: Scenario[] };

function inside(dir: string, path: string): boolean {
  const rel = relative(dir, path);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

/** Why a changed file re-runs everything, or undefined when it is not such a file. */
function sharedInputKind(workspace: Workspace, path: string): string | undefined {
  const { config, configFile, runnerDir } = workspace;
  if (path === configFile) return 'config.yaml';
  if (inside(config.environments.path, path)) return 'an environment';
  if (inside(`${runnerDir}${sep}credentials`, path)) return 'credentials';
  if (inside(config.schemas.path, path)) return 'a schema';
  // The document may `$ref` files beside it: YAML and JSON files under its directory count as part of it,
  // scenarios excepted.
  if (config.openapi !== undefined) {
    if (path === config.openapi) return 'the OpenAPI document';
    if (
      /\.(ya?ml|json)$/i.test(path) &&
      inside(dirname(config.openapi), path) &&
      !inside(config.tests.path, path) &&
      !inside(runnerDir, path)
    ) {
      return 'the OpenAPI document';
    }
  }
  return undefined;
}

/** The scenarios of `plan` a set of changed files (absolute paths) affects, in plan order. */
export function affectedScenarios(plan: RunPlan, changed: readonly string[]): Affected {
  for (const path of changed) {
    const kind = sharedInputKind(plan.workspace, path);
    if (kind !== undefined) return { all: true, why: kind };
  }
  const touched = new Set(changed);
  const scenarios = plan.scenarios.filter((scenario) => {
    if (scenario.path !== undefined && touched.has(scenario.path)) return true;
    const reached = reachableFiles(scenario, plan.fragments);
    return [...reached].some((file) => touched.has(file));
  });
  return { all: false, scenarios };
}
