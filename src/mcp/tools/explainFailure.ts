import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { join, relative } from 'node:path';
import * as z from 'zod';
import type { Masker } from '../../masking/index.js';
import type { FailureSnapshotContent } from '../../reporters/snapshots/buildFailureSnapshot.js';
import { toCurl } from '../../reporters/shared/curl.js';
import type { Workspace } from '../../workspace/index.js';
import type { ToolContext } from '../context.js';
import { latestFailures, readFailureSnapshots, type StoredSnapshot } from '../failureSnapshots.js';
import { stepDetails } from '../reportDetails.js';
import { guarded, toolSuccess } from '../toolResult.js';
import { learnSecrets } from '../learnSecrets.js';
import { openWorkspace, type OpenWorkspace } from '../workspaceAccess.js';

const failureSchema = z.object({
  snapshotFile: z.string().describe('the snapshot file, relative to the server directory'),
  scenario: z.string(),
  testFile: z.string(),
  timestamp: z.string().describe('when the failed run wrote its reports'),
  step: z.object({
    index: z.number().int().describe('0-based, counting setup, steps and teardown in order'),
    line: z.number().int().describe('line of the step in the scenario file'),
    section: z.string().describe('setup, steps or teardown'),
    label: z.string().optional().describe('the step name or `METHOD url` (from report.json, when written)'),
  }),
  error: z.string().describe('the first failure of the step'),
  assertions: z
    .array(z.string())
    .describe('every failure message of the step (from report.json when the run wrote one; else the first)'),
  curl: z
    .string()
    .nullable()
    .describe('the request as a cURL command, secrets masked; null without a request'),
  snapshot: z.looseObject({}).describe('the whole failure snapshot: request, response, variables at failure'),
});

const outputSchema = z.object({
  found: z.boolean(),
  message: z.string(),
  failure: failureSchema
    .optional()
    .describe('the first failed step of the latest failed run of the scenario'),
  otherFailures: z
    .array(
      z.object({
        scenario: z.string(),
        stepIndex: z.number().int(),
        line: z.number().int(),
        error: z.string(),
      }),
    )
    .describe('the other failed steps of that same run'),
});

type Failure = z.infer<typeof failureSchema>;

async function describeFailure(
  stored: StoredSnapshot,
  { workspace, masker }: OpenWorkspace,
): Promise<{ failure: Failure; content: FailureSnapshotContent }> {
  // Snapshots are masked when written unless reports.failures.maskSensitive is off: mask again regardless.
  const content: FailureSnapshotContent = masker.maskValue(stored.content);
  const details = await stepDetails(workspace.config.reports.path, stored.content);
  const request = content.diagnostics.request;
  const curl = request ? toCurl({ ...request, body: request.body ?? undefined }) : null;
  const failure: Failure = {
    snapshotFile: relative(workspace.cwd, join(workspace.config.reports.failures.path, stored.fileName)),
    scenario: content.scenario,
    testFile: content.testFile,
    timestamp: content.timestamp,
    step: {
      index: content.failedStepIndex,
      line: content.failedStepLine,
      section: content.role,
      ...(details ? { label: masker.maskText(details.label) } : {}),
    },
    error: content.error,
    assertions: details ? details.failures.map((text) => masker.maskText(text)) : [content.error],
    curl: curl === null ? null : masker.maskText(curl),
    snapshot: { ...content },
  };
  return { failure, content };
}

/** The response body as the text shows it; the structured `snapshot` has all of it. */
const MAX_BODY_TEXT = 2000;

function failureText(failure: Failure, content: FailureSnapshotContent, others: number): string {
  const where = `${failure.testFile}:${failure.step.line}`;
  const label = failure.step.label !== undefined ? ` "${failure.step.label}"` : '';
  const lines = [
    `${failure.scenario} failed at step ${failure.step.index}${label} in ${failure.step.section} (${where}), run of ${failure.timestamp}`,
    ...failure.assertions.map((message) => `  ✗ ${message}`),
  ];
  if (failure.curl !== null) lines.push('Request as cURL:', failure.curl);
  const response = content.diagnostics.response;
  if (response) {
    const body = JSON.stringify(response.body) ?? 'null';
    const shown = body.length > MAX_BODY_TEXT ? `${body.slice(0, MAX_BODY_TEXT)}…` : body;
    lines.push(`Response ${response.statusCode} (${response.durationMs}ms): ${shown}`);
  }
  if (others > 0) lines.push(`${others} other step(s) failed in the same run (see otherFailures).`);
  lines.push(`Snapshot: ${failure.snapshotFile}`);
  return lines.join('\n');
}

export function registerExplainFailure(server: McpServer, context: ToolContext): void {
  server.registerTool(
    'explain_failure',
    {
      title: 'Explain the last failure of a scenario',
      description:
        'Returns the last recorded failure of a scenario, from the failure snapshots runs write: the failing ' +
        'step (index, line, section), its assertion messages, the request as a cURL command, the request and ' +
        'response and the variables at that moment, all with secrets masked. Use it after `run` reports a ' +
        'failure (or for a failure from an earlier run) to find out why. Says so when no failure is recorded.',
      inputSchema: z.strictObject({
        scenario: z
          .string()
          .min(1)
          .describe('the scenario name (as list_scenarios or the run report shows it) or its file path'),
      }),
      outputSchema,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    (input) =>
      guarded(context, 'explain_failure', async (scope) => {
        const opened = await openWorkspace(context.cwd);
        const { workspace, masker } = opened;
        scope.masker = masker;
        const failuresDir = workspace.config.reports.failures.path;
        const snapshots = await readFailureSnapshots(failuresDir);
        const [first, ...rest] = latestFailures(snapshots, input.scenario);
        if (!first) {
          const message = noFailureMessage(input.scenario, snapshots, workspace, masker);
          return toolSuccess(message, { found: false, message, otherFailures: [] });
        }
        // Also where a value of a masked field (a saved token) reappears as plain text in any of them.
        for (const { content } of [first, ...rest]) learnSecrets(content, masker, opened.secrets);
        const { failure, content } = await describeFailure(first, opened);
        const otherFailures = rest.map(({ content }) => ({
          scenario: content.scenario,
          stepIndex: content.failedStepIndex,
          line: content.failedStepLine,
          error: masker.maskText(content.error),
        }));
        const message = failureText(failure, content, otherFailures.length);
        return toolSuccess(message, { found: true, message, failure, otherFailures });
      }),
  );
}

function noFailureMessage(
  query: string,
  snapshots: StoredSnapshot[],
  workspace: Workspace,
  masker: Masker,
): string {
  const { failures } = workspace.config.reports;
  const lines = [`no failure recorded for \`${query}\`.`];
  if (!failures.enabled) {
    lines.push('Failure snapshots are turned off (reports.failures.enabled: false in .runner/config.yaml).');
  } else if (snapshots.length === 0) {
    lines.push(`There are no failure snapshots in ${relative(workspace.cwd, failures.path) || '.'} yet.`);
  } else {
    const names = [...new Set(snapshots.map(({ content }) => content.scenario))].sort().slice(0, 20);
    lines.push(`Scenarios with recorded failures: ${names.map((name) => masker.maskText(name)).join(', ')}`);
  }
  return lines.join('\n');
}
