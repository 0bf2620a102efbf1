import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import * as z from 'zod';
import { loadEnvironment, validateWorkspace } from '../../workspace/index.js';
import type { ToolContext } from '../context.js';
import { diagnosticOutput, diagnosticSchema } from '../schemas.js';
import { guarded, toolSuccess } from '../toolResult.js';
import { checkInsideWorkspace, openWorkspace } from '../workspaceAccess.js';

const outputSchema = z.object({
  valid: z.boolean().describe('true when there are no errors (warnings allowed)'),
  files: z.number().int().describe('scenario files checked'),
  errors: z.number().int(),
  warnings: z.number().int(),
  diagnostics: z.array(diagnosticSchema).describe('one entry per problem, in file order'),
});

export function registerValidate(server: McpServer, context: ToolContext): void {
  server.registerTool(
    'validate',
    {
      title: 'Validate scenarios',
      description:
        'Checks scenario files without sending any request, exactly as `runner validate` does: YAML syntax, ' +
        'unknown keys (with did-you-mean hints), matchers, `if` conditions, `use` targets, schema, service ' +
        'and cache names, variables used before they are defined. Use it after writing or editing a ' +
        'scenario and before `run`. Returns every problem with file, line, column, message and hint.',
      inputSchema: z.strictObject({
        paths: z
          .array(z.string())
          .optional()
          .describe('scenario files or directories inside the project; default: the tests directory'),
        env: z
          .string()
          .optional()
          .describe(
            'environment whose services, cache connections and variables are known; default: the configured default',
          ),
      }),
      outputSchema,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    (input) =>
      guarded(context, 'validate', async (scope) => {
        const { workspace, masker } = await openWorkspace(context.cwd);
        scope.masker = masker;
        const paths = input.paths ?? [];
        for (const path of paths) await checkInsideWorkspace(workspace, path, context.cwd);
        const environment = await loadEnvironment(
          workspace,
          input.env ?? workspace.config.environments.default,
        );
        const { files, diagnostics } = await validateWorkspace(workspace, environment, paths, context.cwd);
        const output = diagnostics.map((diagnostic) => diagnosticOutput(diagnostic, masker));
        const errors = output.filter((diagnostic) => diagnostic.severity === 'error').length;
        const warnings = output.length - errors;
        const summary = `${files.length} file(s) checked: ${errors} error(s), ${warnings} warning(s)`;
        const text = [...output.map((diagnostic) => diagnostic.text), summary].join('\n');
        return toolSuccess(text, {
          valid: errors === 0,
          files: files.length,
          errors,
          warnings,
          diagnostics: output,
        });
      }),
  );
}
