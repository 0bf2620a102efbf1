import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { Readable, Writable } from 'node:stream';

type Transport = StdioServerTransport;

/**
 * Counts requests the client sent and the server has not answered yet, so that closing stdin right after
 * the last request (`printf ... | runner mcp`) still gets every answer written before the server exits.
 */
function trackPendingRequests(transport: Transport): () => Promise<void> {
  let pending = 0;
  let drained: (() => void) | undefined;
  const receive = transport.onmessage;
  transport.onmessage = (message) => {
    if ('method' in message && 'id' in message) pending += 1;
    receive?.(message);
  };
  const send = transport.send.bind(transport);
  transport.send = async (message) => {
    await send(message);
    if (!('method' in message) && 'id' in message) {
      pending -= 1;
      if (pending === 0) drained?.();
    }
  };
  return () => (pending === 0 ? Promise.resolve() : new Promise<void>((resolve) => (drained = resolve)));
}

/**
 * Serves `server` over stdio (newline-delimited JSON-RPC) until the client closes stdin, answers what is
 * still in flight, then closes. The streams come from the CLI edge: src/mcp never touches `process`.
 */
export async function serveStdio(server: McpServer, stdin: Readable, stdout: Writable): Promise<void> {
  const finished = new Promise<'ended' | 'closed'>((resolve) => {
    stdin.once('end', () => resolve('ended'));
    stdin.once('close', () => resolve('ended'));
    // The transport gave up (a message over its size limit): nothing more will be answered.
    server.server.onclose = () => resolve('closed');
  });
  const transport = new StdioServerTransport(stdin, stdout);
  await server.connect(transport);
  const allAnswered = trackPendingRequests(transport);
  if ((await finished) === 'ended') await allAnswered();
  await server.close();
}
