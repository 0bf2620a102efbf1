import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { formatDiagnostic, RunnerError } from '../diagnostics/errors.js';
import { escapeControlLines } from '../diagnostics/terminalText.js';
import type { Masker } from '../masking/index.js';
import type { ToolContext } from './context.js';

/**
 * The text of an answer, which a client shows as it is: names, bodies and messages in it came from files and
 * servers, so control characters are shown escaped, as on the console (diagnostics/terminalText.ts).
 */
function shownText(text: string): string {
  return escapeControlLines(text).join('\n');
}

/**
 * A tool's answer: `text` for the model to read (and for clients without structured output), `data` as
 * `structuredContent`, which the SDK checks against the tool's output schema. The JSON round trip drops
 * `undefined` fields exactly as the wire would, so in-memory and stdio clients see the same object.
 */
export function toolSuccess(text: string, data: object): CallToolResult {
  return {
    content: [{ type: 'text', text: shownText(text) }],
    structuredContent: JSON.parse(JSON.stringify(data)) as Record<string, unknown>,
  };
}

function toolFailure(text: string): CallToolResult {
  return { content: [{ type: 'text', text: shownText(text) }], isError: true };
}

/** Lets a tool say which masker its error messages must pass through once it knows the workspace. */
export interface ToolScope {
  masker?: Masker;
}

/**
 * Runs a tool body so that nothing it throws reaches the client as a crash or a stack trace (issue 6): a
 * RunnerError (no workspace, bad path, unknown environment) comes back as its `file:line:col: message`
 * lines; anything else is a bug, reported by message and logged. Both are masked once the scope has a
 * masker, so an error quoting a value never leaks a secret.
 */
export async function guarded(
  context: ToolContext,
  tool: string,
  body: (scope: ToolScope) => Promise<CallToolResult>,
): Promise<CallToolResult> {
  const scope: ToolScope = {};
  try {
    return await body(scope);
  } catch (error) {
    const mask = (text: string) => scope.masker?.maskText(text) ?? text;
    if (error instanceof RunnerError) {
      return toolFailure(mask(error.diagnostics.map(formatDiagnostic).join('\n')));
    }
    const message = mask(error instanceof Error ? error.message : String(error));
    context.log(`runner mcp: ${tool} failed: ${message}`);
    return toolFailure(`internal error in runner while running ${tool}: ${message}`);
  }
}
