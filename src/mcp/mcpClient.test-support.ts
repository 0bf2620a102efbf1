/** Test support: the runner MCP server and the SDK's own client, linked in memory. */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { createRunnerMcpServer } from './server.js';

export interface TestConnection {
  client: Client;
  /** Lines the server logged (stderr in `runner mcp`). */
  logs: string[];
  call(name: string, args?: Record<string, unknown>): Promise<CallToolResult>;
  close(): Promise<void>;
}

export const TEST_VERSION = '9.8.7-test';

export async function connectInMemory(cwd: string, now?: () => Date): Promise<TestConnection> {
  const logs: string[] = [];
  const server = createRunnerMcpServer({ cwd, version: TEST_VERSION, log: (line) => logs.push(line), now });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'runner-tests', version: '1.0.0' });
  await client.connect(clientSide);
  return {
    client,
    logs,
    call: async (name, args = {}) => (await client.callTool({ name, arguments: args })) as CallToolResult,
    close: async () => {
      await client.close();
      await server.close();
    },
  };
}

/** The text of a tool result's content blocks, joined. */
export function textOf(result: CallToolResult): string {
  return result.content.map((block) => (block.type === 'text' ? block.text : '')).join('\n');
}
