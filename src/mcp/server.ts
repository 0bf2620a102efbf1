import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { ToolContext } from './context.js';
import { registerConvertCurl } from './tools/convertCurl.js';
import { registerExplainFailure } from './tools/explainFailure.js';
import { registerListScenarios } from './tools/listScenarios.js';
import { registerRun } from './tools/run.js';
import { registerScenarioSchema } from './tools/scenarioSchema.js';
import { registerValidate } from './tools/validate.js';

export type RunnerMcpOptions = Pick<ToolContext, 'cwd' | 'version' | 'log'> &
  Partial<Pick<ToolContext, 'now' | 'env'>>;

const INSTRUCTIONS =
  'runner is a declarative API test runner: YAML scenarios under .runner/tests send HTTP requests and check ' +
  'the responses. Typical flow: list_scenarios, then run (a file, directory or tags), then explain_failure ' +
  'for a failed scenario. To write a scenario: scenario_schema for the language, convert_curl to start ' +
  'from a cURL command, validate to check the file. Secrets are always masked in answers.';

/** The `runner mcp` server (DECISIONS.md, Commands; issue 6): its tools, not yet connected to a transport. */
export function createRunnerMcpServer(options: RunnerMcpOptions): McpServer {
  const context: ToolContext = { ...options, now: options.now ?? (() => new Date()) };
  const server = new McpServer(
    { name: 'runner', version: options.version },
    { capabilities: { tools: {} }, instructions: INSTRUCTIONS },
  );
  registerListScenarios(server, context);
  registerValidate(server, context);
  registerRun(server, context);
  registerConvertCurl(server, context);
  registerScenarioSchema(server, context);
  registerExplainFailure(server, context);
  return server;
}
