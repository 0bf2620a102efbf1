import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { relative, sep } from 'node:path';
import * as z from 'zod';
import type { Scenario } from '../../language/model.js';
import { selectByTags } from '../../session/index.js';
import { collectScenarioFiles, loadEnvironment, loadScenarios } from '../../workspace/index.js';
import type { ToolContext } from '../context.js';
import { diagnosticOutput, diagnosticSchema } from '../schemas.js';
import { guarded, toolSuccess } from '../toolResult.js';
import { checkInsideWorkspace, openWorkspace } from '../workspaceAccess.js';

const scenarioSchema = z.object({
  name: z.string(),
  file: z
    .string()
    .describe('the scenario file, relative to the server directory; pass it to `run` as `path`'),
  description: z.string().optional(),
  tags: z.array(z.string()),
  steps: z.number().int().describe('steps in `steps` (not counting setup and teardown)'),
  setupSteps: z.number().int(),
  teardownSteps: z.number().int(),
  executions: z.number().int().describe('how often a run executes it: the number of `examples`, else 1'),
  fragment: z
    .boolean()
    .describe('a shared scenario for `use` (a path part starts with `_`): a directory run skips it'),
});

const outputSchema = z.object({
  scenarios: z.array(scenarioSchema),
  problems: z
    .array(diagnosticSchema)
    .describe('errors in files that could not be listed (run `validate` for every check); empty when none'),
});

/** Same rule as session/planRun.ts: a `_`-prefixed file or directory holds scenarios meant for `use`. */
function isFragment(file: string, testsPath: string): boolean {
  return relative(testsPath, file)
    .split(sep)
    .some((segment) => segment.startsWith('_'));
}

function describeScenario(scenario: Scenario, testsPath: string): z.infer<typeof scenarioSchema> {
  return {
    name: scenario.name,
    file: scenario.file,
    ...(scenario.description !== undefined ? { description: scenario.description } : {}),
    tags: scenario.tags,
    steps: scenario.steps.length,
    setupSteps: scenario.setup.length,
    teardownSteps: scenario.teardown.length,
    executions: scenario.examples?.length ?? 1,
    fragment: scenario.path !== undefined && isFragment(scenario.path, testsPath),
  };
}

function summaryLine(scenario: z.infer<typeof scenarioSchema>): string {
  const tags = scenario.tags.length > 0 ? ` [${scenario.tags.join(', ')}]` : '';
  const about = scenario.description !== undefined ? ` — ${scenario.description}` : '';
  return `${scenario.file}: ${scenario.name}${tags} (${scenario.steps} steps)${about}`;
}

export function registerListScenarios(server: McpServer, context: ToolContext): void {
  server.registerTool(
    'list_scenarios',
    {
      title: 'List API test scenarios',
      description:
        'Lists the API test scenarios of the runner project: name, file, tags, description and step counts. ' +
        'Use it first, to see what can be run and which file or tag to pass to `run`. Reads files only.',
      inputSchema: z.strictObject({
        path: z
          .string()
          .optional()
          .describe('a scenario file or directory inside the project; default: the whole tests directory'),
        tags: z.array(z.string()).optional().describe('only scenarios carrying every one of these tags'),
      }),
      outputSchema,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    (input) =>
      guarded(context, 'list_scenarios', async (scope) => {
        const { workspace, masker } = await openWorkspace(context.cwd);
        scope.masker = masker;
        if (input.path !== undefined) await checkInsideWorkspace(workspace, input.path, context.cwd);
        const files = await collectScenarioFiles(workspace, input.path, context.cwd);
        // Listing needs no environment; with the default one, service names are checked as a run would.
        const environment = await loadEnvironment(workspace, workspace.config.environments.default).catch(
          () => undefined,
        );
        const loaded = await loadScenarios(workspace, environment, files, context.cwd);
        const testsPath = workspace.config.tests.path;
        const scenarios = selectByTags(loaded.scenarios, input.tags ?? []).map((scenario) =>
          masker.maskValue(describeScenario(scenario, testsPath)),
        );
        const problems = loaded.diagnostics
          .filter((diagnostic) => diagnostic.severity === 'error')
          .map((diagnostic) => diagnosticOutput(diagnostic, masker));
        const lines = scenarios.map(summaryLine);
        if (lines.length === 0) lines.push(`no scenarios in ${files.length} file(s)`);
        if (problems.length > 0) {
          lines.push(`${problems.length} problem(s) in files that could not be read:`);
          lines.push(...problems.map((problem) => problem.text));
        }
        return toolSuccess(lines.join('\n'), { scenarios, problems });
      }),
  );
}
