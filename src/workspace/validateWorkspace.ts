/** `runner validate` (DECISIONS, Commands): every static check on scenarios, plus schema files that parse. */
import type { Diagnostic } from '../diagnostics/errors.js';
import { parseYaml } from '../language/index.js';
import { collectScenarioFiles } from './collectScenarioFiles.js';
import { displayPath } from './displayPath.js';
import { loadScenarios } from './loadScenarios.js';
import type { ParseCache } from './parseCache.js';
import type { OpenDocuments } from './scenarioSources.js';
import { readTextFile } from './readYamlFile.js';
import { listSchemaFiles } from './schemaFiles.js';
import type { Environment, Workspace } from './types.js';

export interface Validation {
  files: string[];
  diagnostics: Diagnostic[];
}

/**
 * `paths`: files or directories; none means the tests path. Throws RunnerError for a path that does not exist.
 * Diagnostics show paths relative to `cwd` (default: the workspace's). `openDocuments` (the language
 * server's unsaved buffers) are checked instead of the files on disk.
 */
export async function validateWorkspace(
  workspace: Workspace,
  environment: Environment | undefined,
  paths: readonly string[],
  cwd = workspace.cwd,
  cache?: ParseCache,
  openDocuments?: OpenDocuments,
): Promise<Validation> {
  const targets = paths.length > 0 ? paths : [undefined];
  // An open document is a file even before it is first saved.
  const lists = await Promise.all(
    targets.map((path) =>
      path !== undefined && openDocuments?.has(path) ? [path] : collectScenarioFiles(workspace, path, cwd),
    ),
  );
  const files = [...new Set(lists.flat())];
  const [scenarios, schemas] = await Promise.all([
    loadScenarios(workspace, environment, files, cwd, cache, openDocuments),
    checkSchemaFiles(workspace, cwd),
  ]);
  return { files, diagnostics: [...scenarios.diagnostics, ...schemas] };
}

/** Schemas are JSON Schema written as YAML or JSON (SPEC, Workspace layout): each must parse to a map. */
async function checkSchemaFiles(workspace: Workspace, cwd: string): Promise<Diagnostic[]> {
  const schemas = await listSchemaFiles(workspace);
  const problems = await Promise.all(
    schemas.map(async ({ file }): Promise<Diagnostic[]> => {
      const display = displayPath(cwd, file);
      let text: string;
      try {
        text = await readTextFile(file, display);
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        return [
          {
            code: 'schema.invalid',
            severity: 'error',
            message: `cannot read schema file: ${reason}`,
            location: { file: display, line: 1, col: 1 },
          },
        ];
      }
      const parsed = parseYaml(text, display);
      if (parsed.root && parsed.root.kind !== 'map') {
        return [
          {
            code: 'schema.invalid',
            severity: 'error',
            message: 'a schema file must contain a map (a JSON Schema object)',
            location: parsed.root.loc,
          },
        ];
      }
      return parsed.diagnostics;
    }),
  );
  return problems.flat();
}
