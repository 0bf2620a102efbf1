/** Parsing scenario files of a workspace, for `run`, `validate` and the engine's `use` steps. */
import type { Diagnostic } from '../diagnostics/errors.js';
import type { ParsedScenario, Scenario } from '../language/index.js';
import { resolveComposition } from './composition.js';
import { displayPath } from './displayPath.js';
import type { ParseCache } from './parseCache.js';
import { ScenarioSources, type OpenDocuments } from './scenarioSources.js';
import { withScenarioPath } from './storedScenario.js';
import type { Environment, Workspace } from './types.js';

export interface LoadedScenarios {
  /** The files that parsed without errors, in the order given. */
  scenarios: Scenario[];
  /** Every file the scenarios' `use` steps reach, by absolute path: composition resolved before a run. */
  fragments: Map<string, Scenario>;
  diagnostics: Diagnostic[];
}

/**
 * `environment` may be absent (e.g. `validate` without one): service and cache names are then not checked.
 * Diagnostics show paths relative to `cwd` (default: the workspace's).
 */
export async function loadScenarios(
  workspace: Workspace,
  environment: Environment | undefined,
  files: readonly string[],
  cwd = workspace.cwd,
  cache?: ParseCache,
  openDocuments?: OpenDocuments,
): Promise<LoadedScenarios> {
  // Before a run: files are read at once (ScenarioSources), `use` targets included.
  const sources = new ScenarioSources(workspace, environment, cwd, cache, true, openDocuments);
  await sources.prepare(files);
  const results = await Promise.all(files.map((file) => sources.parse(file)));
  const scenarios = results.flatMap((result, i) =>
    result.scenario ? [withScenarioPath(result.scenario, files[i]!)] : [],
  );
  const byFile = new Map(files.map((file, i) => [file, results[i]]));
  const composition = await resolveComposition(scenarios, {
    parse: async (path) => byFile.get(path) ?? (await sources.parse(path, { isUseTarget: true })),
    reported: new Set(files),
    display: (path) => displayPath(cwd, path),
  });
  await cache?.save();
  return {
    scenarios,
    fragments: composition.fragments,
    diagnostics: [...results.flatMap((result) => result.diagnostics), ...composition.diagnostics],
  };
}

/**
 * One file that a `use` step runs (`file` absolute, as in the step's `usePath`). It may read its parent's
 * variables, so "used before definition" is not checked here.
 */
export async function loadScenarioFile(
  workspace: Workspace,
  environment: Environment | undefined,
  file: string,
  cwd = workspace.cwd,
  cache?: ParseCache,
): Promise<ParsedScenario> {
  const sources = new ScenarioSources(workspace, environment, cwd, cache);
  await sources.prepare([file], { findParents: false });
  const parsed = await sources.parse(file, { isUseTarget: true });
  return parsed.scenario ? { ...parsed, scenario: withScenarioPath(parsed.scenario, file) } : parsed;
}
