import { formatDiagnostic, RunnerError } from '../../diagnostics/errors.js';
import { escapeControls } from '../../diagnostics/terminalText.js';
import { CONSOLE_ONLY_MASK_FIELDS } from '../../masking/index.js';
import {
  computeCoverage,
  createConsoleReporter,
  createStyle,
  renderCoverageText,
} from '../../reporters/index.js';
import { executePlan, planErrors, planRun } from '../../session/index.js';
import { buildInfo } from '../buildInfo.js';
import type { CliIo } from '../io.js';
import { wantsColor } from '../io.js';
import { parseCacheOptions } from '../parseCacheOptions.js';
import type { ParsedArgs } from '../parseArgs.js';
import { reportFormats, writeRunOutputs } from './runReports.js';
import { EXIT } from '../exitCodes.js';

export async function execute(args: ParsedArgs, io: CliIo): Promise<number> {
  // From here a signal stops the run cleanly instead of ending the process (DECISIONS.md, Interrupts).
  const release = io.interrupts?.claim();
  try {
    return await runCommand(args, io);
  } finally {
    release?.();
  }
}

async function runCommand(args: ParsedArgs, io: CliIo): Promise<number> {
  const stop = io.interrupts?.stop;
  const plan = await planRun({
    cwd: io.cwd,
    path: args.positionals[0],
    environment: typeof args.options.env === 'string' ? args.options.env : undefined,
    tags: (args.options.tag as string[] | undefined) ?? [],
    parseCache: parseCacheOptions(io),
    env: io.env,
  });
  const formats = reportFormats(args, plan.workspace);
  const wantsCoverage = args.options.coverage === true;
  if (wantsCoverage && plan.contract === undefined) {
    throw new RunnerError('cli.coverage', '`--coverage` needs an OpenAPI document to count against', {
      hint: 'add `openapi: <file>` to .runner/config.yaml (see docs/openapi.md)',
    });
  }
  const mask = (text: string) => plan.masker.maskText(text);
  for (const diagnostic of plan.diagnostics) io.stderr.write(mask(formatDiagnostic(diagnostic)) + '\n');
  const errors = planErrors(plan);
  if (errors.length > 0) {
    io.stderr.write(
      `${errors.length} ${errors.length === 1 ? 'problem' : 'problems'} found; nothing was run (see \`runner validate\`).\n`,
    );
    return EXIT.unusable;
  }

  const style = createStyle(wantsColor(io.stdout, io.env));
  const consoleReporter = createConsoleReporter({
    out: io.stdout,
    style,
    verbose: args.options.verbose === true,
    live: io.stdout.isTTY && io.env.TERM !== 'dumb' && !io.env.CI,
  });
  const run = await executePlan(plan, {
    userAgent: `runner/${buildInfo.version}`,
    listeners: [{ listener: consoleReporter, masker: plan.masker.withFields(CONSOLE_ONLY_MASK_FIELDS) }],
    onListenerError: (error, hook) => {
      const message = error instanceof Error ? error.message : String(error);
      io.stderr.write(escapeControls(mask(`error: a reporter failed in ${hook}: ${message}`)) + '\n');
    },
    stop,
  });
  const coverage =
    wantsCoverage && plan.contract
      ? computeCoverage(plan.contract.document.display, plan.contract.documented(), run.raw)
      : undefined;
  if (coverage) io.stdout.write(`\n${renderCoverageText(coverage, style)}`);
  const writing = writeRunOutputs(
    run,
    {
      formats,
      coverage,
      raw: args.options['report-raw'] === true,
      workspace: plan.workspace,
      testFile: plan.testFile,
      now: new Date(),
    },
    io,
  );
  if (run.raw.interrupted) {
    // Reports of what ran, if they can be written; the exit code says the run was interrupted either way.
    await writing.catch((error: unknown) => {
      io.stderr.write(mask(`error: ${error instanceof Error ? error.message : String(error)}`) + '\n');
    });
    return EXIT.interrupted;
  }
  await writing;
  return run.raw.status === 'passed' ? EXIT.passed : EXIT.failed;
}
