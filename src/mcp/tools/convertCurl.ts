import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { join, relative } from 'node:path';
import * as z from 'zod';
import { convertCurlText, type CurlConversionOptions } from '../../convert/curlToScenario.js';
import { secretNamePredicate } from '../../convert/secretNames.js';
import { RunnerError } from '../../diagnostics/errors.js';
import { loadEnvironment } from '../../workspace/index.js';
import type { ToolContext } from '../context.js';
import { guarded, toolSuccess, type ToolScope } from '../toolResult.js';
import { openWorkspace } from '../workspaceAccess.js';

const outputSchema = z.object({
  yaml: z
    .string()
    .describe('a scenario with one request step per request; save it under .runner/tests/ and call validate'),
  warnings: z
    .array(z.string())
    .describe('things to check (commands that are not curl were skipped, ...); empty when none'),
});

/**
 * What `runner convert --env` knows from the workspace: base URLs, where credentials go, the project's
 * mask fields and assets folder. Without `env`, a missing workspace is fine: the URL stays absolute.
 */
async function conversionOptions(
  env: string | undefined,
  context: ToolContext,
  scope: ToolScope,
): Promise<CurlConversionOptions> {
  const options: CurlConversionOptions = { sourceName: '<curl>' };
  let opened;
  try {
    opened = await openWorkspace(context.cwd);
  } catch (error) {
    if (env === undefined && error instanceof RunnerError) return options;
    throw error;
  }
  const { workspace, masker } = opened;
  scope.masker = masker;
  options.isSensitive = secretNamePredicate(masker);
  options.assetsPrefix = relative(context.cwd, workspace.config.assets.path) || '.';
  if (env !== undefined) {
    const environment = await loadEnvironment(workspace, env);
    options.targets = { baseUrl: environment.baseUrl, services: environment.services };
    options.credentialsFile = relative(context.cwd, join(workspace.runnerDir, 'credentials', `${env}.yaml`));
  }
  return options;
}

export function registerConvertCurl(server: McpServer, context: ToolContext): void {
  server.registerTool(
    'convert_curl',
    {
      title: 'Convert a cURL command to a scenario',
      description:
        'Turns a cURL command (for example from a browser\'s "Copy as cURL", line continuations and all) into ' +
        'a scenario YAML with one request step: method, URL and query, headers, body, multipart, basic auth, ' +
        'cookies. Secrets (Authorization, cookies, API keys) become `$accounts.api.<field>` variables with a ' +
        'comment saying where to put the value, never copied into the YAML. With `env`, a URL under that ' +
        "environment's baseUrl or a service's becomes relative. Returns the YAML and warnings; writes nothing.",
      inputSchema: z.strictObject({
        curl: z.string().min(1).describe('the whole cURL command, starting with `curl`'),
        env: z
          .string()
          .optional()
          .describe('environment whose baseUrl and services make URLs relative; default: URLs stay absolute'),
      }),
      outputSchema,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    (input) =>
      guarded(context, 'convert_curl', async (scope) => {
        const options = await conversionOptions(input.env, context, scope);
        const converted = convertCurlText(input.curl, options);
        const mask = (text: string) => scope.masker?.maskText(text) ?? text;
        const yaml = mask(converted.yaml);
        const warnings = converted.warnings.map(mask);
        const text = [yaml, ...warnings.map((warning) => `warning: ${warning}`)].join('\n');
        return toolSuccess(text, { yaml, warnings });
      }),
  );
}
