/** The `run` tool's work: `runner run` without a console, its reports and snapshots written all the same. */
import { relative } from 'node:path';
import { RunnerError } from '../diagnostics/errors.js';
import type { RunListener } from '../engine/index.js';
import type { Masker } from '../masking/index.js';
import { writeReportOutputs, type FinishedResults } from '../reporters/index.js';
import { buildJsonReport } from '../reporters/json/buildJsonReport.js';
import type { JsonReport } from '../reporters/json/reportTypes.js';
import { executePlan, planErrors, planRun, type RunPlan } from '../session/index.js';
import { pathFrom } from '../workspace/displayPath.js';
import type { ToolContext } from './context.js';

export interface RunInput {
  path?: string;
  env?: string;
  tags?: string[];
}

export interface FinishedRun {
  /** What report.json holds (masked), whether or not the configured formats include json. */
  report: JsonReport;
  /** Where the reports and snapshots went, or why they could not be written. */
  outputs: string[];
}

/** Problems in the scenarios stop the run before any request, as `runner run` does (exit 2). */
function refuseInvalidPlan(plan: RunPlan): void {
  const errors = planErrors(plan);
  if (errors.length === 0) return;
  const message = `${errors.length} problem(s) found; nothing was run`;
  throw new RunnerError('run.invalid-scenarios', message, {
    diagnostics: [
      ...errors,
      {
        code: 'run.invalid-scenarios',
        severity: 'error',
        message,
        hint: 'fix them; `validate` checks again',
      },
    ],
  });
}

/**
 * Plans and executes a run as `runner run` does (session/), with `listener` as its only live listener (it
 * sees masked events), then writes the configured reports and failure snapshots, never raw. `signal` is the
 * call's: when the client cancels, the run stops (DECISIONS.md, Interrupts).
 */
export async function runScenarios(
  input: RunInput,
  context: ToolContext,
  listener: RunListener | undefined,
  masker: Masker,
  signal?: AbortSignal,
): Promise<FinishedRun> {
  const plan = await planRun({
    cwd: context.cwd,
    path: input.path,
    environment: input.env,
    tags: input.tags,
    ...(context.env ? { env: context.env } : {}),
  });
  refuseInvalidPlan(plan);
  const run = await executePlan(plan, {
    userAgent: `runner/${context.version}`,
    listeners: listener ? [{ listener, masker: plan.masker }] : [],
    onListenerError: (error, hook) =>
      context.log(masker.maskText(`runner mcp: progress failed in ${hook}: ${String(error)}`)),
    // A cancelled call stops the run as a first Ctrl-C does: teardown still runs, reports are marked.
    ...(signal ? { stop: { run: signal } } : {}),
    network: { processEnv: context.env ?? {} },
  });
  const generatedAt = context.now().toISOString();
  const outputs = await writeOutputs(plan, run, { version: context.version, generatedAt });
  const report = buildJsonReport(run.masked, {
    version: context.version,
    generatedAt,
    testFile: plan.testFile,
  });
  // The run masked with its own environment's secrets; the workspace masker knows every environment's.
  return { report: masker.maskValue(report), outputs: outputs.map((line) => masker.maskText(line)) };
}

async function writeOutputs(
  plan: RunPlan,
  run: FinishedResults,
  meta: { version: string; generatedAt: string },
): Promise<string[]> {
  const { config, cwd } = plan.workspace;
  const show = (path: string) => relative(cwd, path) || '.';
  try {
    const written = await writeReportOutputs(run, {
      formats: config.reports.formats ?? [],
      raw: false,
      reportsDir: config.reports.path,
      archive: config.reports.archive,
      retention: config.reports.retention,
      failures: config.reports.failures,
      version: meta.version,
      generatedAt: meta.generatedAt,
      testFile: plan.testFile,
      projectPath: (file) => pathFrom(plan.workspace.root, cwd, file),
    });
    const lines: string[] = [];
    if (written.latestDir) {
      const latest = written.latestDir;
      lines.push(`Reports: ${written.files.map((file) => show(`${latest}/${file}`)).join(', ')}`);
    }
    if (written.snapshots.length > 0) {
      lines.push(`Failure snapshots: ${written.snapshots.length} in ${show(config.reports.failures.path)}`);
    }
    return lines;
  } catch (error) {
    return [`reports could not be written: ${error instanceof Error ? error.message : String(error)}`];
  }
}
