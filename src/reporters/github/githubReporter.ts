import type { RunListener, RunResult } from '../../engine/index.js';
import type { OutputStream } from '../style.js';
import { renderAnnotations } from './renderAnnotations.js';
import { renderStepSummary } from './renderStepSummary.js';

export interface GithubReportOptions {
  /** Where the workflow commands go: GitHub reads them from the job's standard output. */
  out: OutputStream;
  /** `$GITHUB_STEP_SUMMARY`, when set: the Markdown summary is appended to it. */
  summaryFile?: string;
  /** Appends text to a file (the CLI passes node:fs; tests may pass their own). */
  appendFile: (path: string, text: string) => Promise<void>;
  /** A step's file as GitHub wants it: relative to `GITHUB_WORKSPACE` when set. */
  filePath: (file: string) => string;
  /** The summary could not be written: a warning, the run's verdict stands (DECISIONS.md, Platform). */
  onWarning: (message: string) => void;
}

/** Writes the `github` report of a finished (masked) run: annotations, then the job summary. */
export async function writeGithubReport(run: RunResult, options: GithubReportOptions): Promise<void> {
  const meta = { filePath: options.filePath };
  options.out.write(renderAnnotations(run, meta));
  if (options.summaryFile === undefined || options.summaryFile === '') return;
  try {
    await options.appendFile(options.summaryFile, renderStepSummary(run, meta));
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    options.onWarning(`cannot append the job summary to GITHUB_STEP_SUMMARY: ${reason}`);
  }
}

/**
 * The `github` report as a listener (STYLE.md, "Reporters are listeners"): it sees the run's end after the
 * masking boundary, like every reporter, and writes nothing before it.
 */
export function createGithubReporter(options: GithubReportOptions): RunListener {
  return { onRunEnd: (run) => writeGithubReport(run, options) };
}
