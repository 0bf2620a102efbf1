import { serveLanguageServer } from '../../lsp/index.js';
import { buildInfo } from '../buildInfo.js';
import { EXIT } from '../exitCodes.js';
import type { CliIo } from '../io.js';
import type { ParsedArgs } from '../parseArgs.js';

/**
 * `runner lsp`: the language server for editors, over stdio (issue 27). stdout carries protocol messages
 * only; the protocol library is loaded by this module alone (runMain's loaders), so other commands never
 * read it.
 */
export async function execute(args: ParsedArgs, _io: CliIo): Promise<number> {
  const environment = typeof args.options.env === 'string' ? args.options.env : undefined;
  await serveLanguageServer({
    input: process.stdin,
    output: process.stdout,
    version: buildInfo.version,
    ...(environment ? { environment } : {}),
  });
  return EXIT.passed;
}
