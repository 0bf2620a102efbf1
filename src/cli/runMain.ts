import { didYouMeanHint } from '../diagnostics/didYouMean.js';
import { escapeControls } from '../diagnostics/terminalText.js';
import { formatDiagnostic, RunnerError } from '../diagnostics/errors.js';
import { versionLine } from './buildInfo.js';
import { EXIT } from './exitCodes.js';
import { COMMANDS, type CommandDefinition } from './commands/definitions.js';
import { renderCommandHelp, renderMainHelp } from './help.js';
import type { CliIo } from './io.js';
import { parseCommandArgs, type ParsedArgs } from './parseArgs.js';

export type CommandModule = { execute(args: ParsedArgs, io: CliIo): Promise<number> };

/** Commands load on demand, so `--version` and `--help` never pay for YAML, HTTP or JSON Schema. */
const loaders: Record<CommandDefinition['name'], () => Promise<CommandModule>> = {
  init: () => import('./commands/init.js'),
  demo: () => import('./commands/demo.js'),
  run: () => import('./commands/run.js'),
  validate: () => import('./commands/validate.js'),
  schema: () => import('./commands/schema.js'),
  convert: () => import('./commands/convert.js'),
  openapi: () => import('./commands/openapi.js'),
  import: () => import('./commands/import.js'),
  mcp: () => import('./commands/mcp.js'),
  lsp: () => import('./commands/lsp.js'),
  report: () => import('./commands/report.js'),
  load: () => import('./commands/load.js'),
};

/** Prints an error that stopped a command: one `file:line:col: message` line per problem. */
function printRunnerError(error: RunnerError, io: CliIo): void {
  // Messages quote files and servers: their control characters are shown, not obeyed (DECISIONS.md, HTTP).
  for (const diagnostic of error.diagnostics)
    io.stderr.write(escapeControls(formatDiagnostic(diagnostic)) + '\n');
}

/** The whole CLI; returns the exit code instead of exiting, so tests can call it (STYLE.md: citty's runMain). */
export async function runMain(argv: readonly string[], io: CliIo): Promise<number> {
  const [first, ...rest] = argv;
  if (first === '-h' || first === '--help' || first === 'help') {
    io.stdout.write(renderMainHelp());
    return EXIT.passed;
  }
  if (first === '-V' || first === '--version') {
    io.stdout.write(versionLine(io.nodeVersion) + '\n');
    return EXIT.passed;
  }
  if (first === undefined) {
    io.stderr.write(renderMainHelp());
    return EXIT.unusable;
  }
  try {
    const command = COMMANDS.find((candidate) => candidate.name === first);
    if (!command) {
      const hint =
        didYouMeanHint(
          first,
          COMMANDS.map((c) => c.name),
        ) ?? 'see `runner --help`';
      throw new RunnerError('cli.unknown-command', `unknown command \`${first}\``, { hint });
    }
    const args = parseCommandArgs(command, rest);
    if (args.help) {
      io.stdout.write(renderCommandHelp(command));
      return EXIT.passed;
    }
    const module = await loaders[command.name]();
    return await module.execute(args, io);
  } catch (error) {
    if (error instanceof RunnerError) {
      printRunnerError(error, io);
      return EXIT.unusable;
    }
    const detail =
      io.env.RUNNER_DEBUG && error instanceof Error ? debugDetail(error) : escapeControls(String(error));
    io.stderr.write(
      `error: internal error: ${detail}\nThis is a bug in runner; please report it (set RUNNER_DEBUG=1 for details).\n`,
    );
    return EXIT.unusable;
  }
}

/**
 * The error and its stack, one frame a line as Node writes them (`    at readTextFileSync (src/...ts:39:13)`).
 * The message may hold text from a server or a file: it stays on one escaped line, so it never starts a
 * line of its own in a CI log; frames are ours and start with spaces.
 */
function debugDetail(error: Error): string {
  const lines = (error.stack ?? String(error)).split('\n');
  const first = lines.findIndex((line) => /^\s+at /.test(line));
  if (first < 0) return escapeControls(lines.join('\n'));
  return [escapeControls(lines.slice(0, first).join('\n')), ...lines.slice(first).map(escapeControls)].join(
    '\n',
  );
}
