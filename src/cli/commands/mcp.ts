import { resolve } from 'node:path';
import { escapeControls } from '../../diagnostics/terminalText.js';
import { createRunnerMcpServer, serveStdio } from '../../mcp/index.js';
import { buildInfo } from '../buildInfo.js';
import { EXIT } from '../exitCodes.js';
import type { CliIo } from '../io.js';
import type { ParsedArgs } from '../parseArgs.js';

/**
 * `runner mcp`: the Model Context Protocol server over stdio (issue 6). stdout carries protocol messages
 * only, so everything else goes to stderr; the SDK is loaded by this module alone (runMain's loaders).
 */
export async function execute(args: ParsedArgs, io: CliIo): Promise<number> {
  const cwd = typeof args.options.cwd === 'string' ? resolve(io.cwd, args.options.cwd) : io.cwd;
  const server = createRunnerMcpServer({
    cwd,
    version: buildInfo.version,
    env: io.env,
    log: (line) => io.stderr.write(`${escapeControls(line)}\n`),
  });
  io.stderr.write(`runner mcp ${buildInfo.version}: serving ${escapeControls(cwd)} over stdio\n`);
  await serveStdio(server, process.stdin, process.stdout);
  return EXIT.passed;
}
