import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import * as z from 'zod';
import { scenarioJsonSchema } from '../../language/index.js';
import type { ToolContext } from '../context.js';
import { guarded, toolSuccess } from '../toolResult.js';

export function registerScenarioSchema(server: McpServer, context: ToolContext): void {
  server.registerTool(
    'scenario_schema',
    {
      title: 'Scenario language JSON Schema',
      description:
        'Returns the JSON Schema (draft 2020-12) of the scenario YAML language, the same document ' +
        '`runner schema` prints: every key of a scenario and its steps, with descriptions. Use it before ' +
        'writing or changing a scenario, then check the result with `validate`.',
      outputSchema: z.looseObject({}).describe('the JSON Schema itself ($schema, $defs, properties, ...)'),
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    () =>
      guarded(context, 'scenario_schema', async () => {
        const schema = scenarioJsonSchema();
        return toolSuccess(JSON.stringify(schema, null, 2), schema);
      }),
  );
}
