import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import * as z from 'zod';
import type { RunListener } from '../../engine/index.js';
import type { JsonReport } from '../../reporters/json/reportTypes.js';
import type { ToolContext } from '../context.js';
import { jsonReportSchema } from '../reportSchema.js';
import { runScenarios } from '../runScenarios.js';
import { guarded, toolSuccess } from '../toolResult.js';
import { checkInsideWorkspace, openWorkspace } from '../workspaceAccess.js';

/** Enough of the report's errors for a model to act on; the structured report holds all of them. */
const MAX_ERROR_LINES = 20;

function summaryText(report: JsonReport, outputs: string[]): string {
  const { metadata, summary } = report;
  const executions = report.scenarios?.length ?? 1;
  const lines = [
    `${metadata.interrupted ? 'INTERRUPTED' : metadata.status.toUpperCase()}: ${summary.passed} passed, ${summary.failed} failed, ` +
      `${summary.skipped} skipped of ${summary.total} steps · ${executions} scenario execution(s) · ` +
      `environment ${metadata.environment} · ${metadata.duration}ms`,
  ];
  const shown = report.errors.slice(0, MAX_ERROR_LINES);
  lines.push(...shown.map((error) => `  ✗ ${error}`));
  if (report.errors.length > shown.length) {
    lines.push(`  … ${report.errors.length - shown.length} more in the structured report`);
  }
  lines.push(...outputs);
  if (summary.failed > 0)
    lines.push('Call explain_failure with a failed scenario name for its failure snapshot.');
  return lines.join('\n');
}

/**
 * MCP progress notifications (one per finished top-level step) when the client asked for them with a
 * progress token; they also let clients that reset their timeout on progress wait for long runs.
 */
function progressListener(
  token: string | number | undefined,
  notify: (progress: number, message: string) => Promise<void>,
): RunListener | undefined {
  if (token === undefined) return undefined;
  let done = 0;
  return {
    onStepEnd: (event) => {
      if (event.depth !== 0) return;
      done += 1;
      void notify(done, `${event.scenario}: ${event.result.status} ${event.result.label}`).catch(() => {});
    },
  };
}

export function registerRun(server: McpServer, context: ToolContext): void {
  server.registerTool(
    'run',
    {
      title: 'Run API test scenarios',
      description:
        'Runs scenarios against the API, exactly as `runner run` does: sends the HTTP requests, checks the ' +
        'expectations, writes the configured reports and a failure snapshot per failed step. Returns the ' +
        'JSON report (the same object as report.json: per step its status, assertions with expected and ' +
        'actual values, request, response and a cURL command), with every secret masked, plus a short ' +
        'summary. Scenarios with errors are not run: the problems come back instead (see `validate`). ' +
        'Requests follow the project sandbox settings.',
      inputSchema: z.strictObject({
        path: z
          .string()
          .optional()
          .describe(
            'a scenario file or directory inside the project (see list_scenarios); default: all tests',
          ),
        env: z
          .string()
          .optional()
          .describe('environment name (.runner/environments/<env>.yaml); default: the configured default'),
        tags: z.array(z.string()).optional().describe('run only scenarios carrying every one of these tags'),
      }),
      outputSchema: jsonReportSchema,
      // A scenario may change or delete data in the API under test, and it reaches out to that API.
      annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true },
    },
    (input, extra) =>
      guarded(context, 'run', async (scope) => {
        const { workspace, masker } = await openWorkspace(context.cwd);
        scope.masker = masker;
        if (input.path !== undefined) await checkInsideWorkspace(workspace, input.path, context.cwd);
        const token = extra._meta?.progressToken;
        const listener = progressListener(token, (progress, message) =>
          extra.sendNotification({
            method: 'notifications/progress',
            params: { progressToken: token ?? 0, progress, message },
          }),
        );
        const { report, outputs } = await runScenarios(input, context, listener, masker, extra.signal);
        return toolSuccess(summaryText(report, outputs), report);
      }),
  );
}
