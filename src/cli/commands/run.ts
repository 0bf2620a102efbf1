import { setFlagsFromString } from 'node:v8';
import { formatDiagnostic } from '../../diagnostics/errors.js';
import { CONSOLE_ONLY_MASK_FIELDS } from '../../masking/index.js';
import { createConsoleReporter, createStyle } from '../../reporters/index.js';
import { executePlan, planErrors, planRun } from '../../session/index.js';
import { buildInfo } from '../buildInfo.js';
import type { CliIo } from '../io.js';
import { wantsColor } from '../io.js';
import { parseCacheOptions } from '../parseCacheOptions.js';
import type { ParsedArgs } from '../parseArgs.js';
import { reportFormats, writeRunOutputs } from './runReports.js';
import { EXIT } from '../exitCodes.js';

export async function execute(args: ParsedArgs, io: CliIo): Promise<number> {
  // undici parses HTTP/1.1 in WebAssembly; V8's optimising tier for it costs ~35 MB of memory for no
  // measurable speed in a sequential run (bench/throughput), so keep WebAssembly on the baseline tier.
  setFlagsFromString('--liftoff-only');
  // A run makes many short-lived objects (one record per step); letting the young generation grow from
  // 1 MB to 16 MB buys no measurable speed and costs ~30 MB of peak memory (bench/throughput).
  setFlagsFromString('--semi-space-growth-factor=1');
  const plan = await planRun({
    cwd: io.cwd,
    path: args.positionals[0],
    environment: typeof args.options.env === 'string' ? args.options.env : undefined,
    tags: (args.options.tag as string[] | undefined) ?? [],
    parseCache: parseCacheOptions(io),
  });
  const formats = reportFormats(args, plan.workspace);
  const mask = (text: string) => plan.masker.maskText(text);
  for (const diagnostic of plan.diagnostics) io.stderr.write(mask(formatDiagnostic(diagnostic)) + '\n');
  const errors = planErrors(plan);
  if (errors.length > 0) {
    io.stderr.write(
      `${errors.length} ${errors.length === 1 ? 'problem' : 'problems'} found; nothing was run (see \`runner validate\`).\n`,
    );
    return EXIT.unusable;
  }

  const consoleReporter = createConsoleReporter({
    out: io.stdout,
    style: createStyle(wantsColor(io.stdout, io.env)),
    verbose: args.options.verbose === true,
    live: io.stdout.isTTY && io.env.TERM !== 'dumb' && !io.env.CI,
  });
  const run = await executePlan(plan, {
    userAgent: `runner/${buildInfo.version}`,
    listeners: [{ listener: consoleReporter, masker: plan.masker.withFields(CONSOLE_ONLY_MASK_FIELDS) }],
    onListenerError: (error, hook) => {
      const message = error instanceof Error ? error.message : String(error);
      io.stderr.write(mask(`error: a reporter failed in ${hook}: ${message}`) + '\n');
    },
  });
  await writeRunOutputs(
    run.masked,
    run.raw,
    {
      formats,
      raw: args.options['report-raw'] === true,
      workspace: plan.workspace,
      testFile: plan.testFile,
      now: new Date(),
    },
    io,
  );
  return run.raw.status === 'passed' ? EXIT.passed : EXIT.failed;
}
