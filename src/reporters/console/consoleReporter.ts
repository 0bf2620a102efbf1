import type { RunListener } from '../../engine/index.js';
import type { OutputStream, Style } from '../style.js';
import { escapeControls as safe } from '../../diagnostics/terminalText.js';
import { renderNestingHeader, renderStep } from './renderStep.js';
import { renderSummary } from './renderSummary.js';

export interface ConsoleReporterOptions {
  out: OutputStream;
  style: Style;
  verbose: boolean;
  /**
   * A terminal (never CI, never a pipe): a transient line shows progress, replaced by what is printed next.
   * One at a time it is the step that is running; with `grouped`, how many scenarios have ended.
   */
  live: boolean;
  /** `--quiet`: only failed steps, under their scenario's heading, and the summary. */
  quiet?: boolean;
  /**
   * `--jobs` above 1: each scenario's events arrive as one block when it ends (see groupScenarioEvents), so
   * the running step cannot be shown; the live line counts finished scenarios instead.
   */
  grouped?: boolean;
}

const CLEAR_LINE = '\r\u001b[2K';

/**
 * Prints each step as it ends (progress on a terminal, a readable log in CI) and the summary at the end.
 * Nested steps (loops, `use`) are printed as they end too, under a header line for their parent and pass,
 * and the parent's own line comes when it ends: nothing waits for a loop to finish (issue 14, flat memory).
 * A header is printed only once something nested is, so a skipped loop or an empty `for_each` stays one line
 * (and with --quiet, a header only comes with a failed step under it).
 */
export function createConsoleReporter(options: ConsoleReporterOptions): RunListener {
  const { out, style } = options;
  let transient = false;
  /** Headers of the loops, `use` steps and passes under way whose nested steps have printed nothing yet. */
  let pending: { depth: number; line: string }[] = [];
  const print = (lines: readonly string[]) => {
    let text = transient ? CLEAR_LINE : '';
    for (const line of lines) text += line + '\n';
    out.write(text);
    transient = false;
  };
  const showTransient = (text: string) => {
    out.write(`${transient ? CLEAR_LINE : ''}${style.dim(text)}`);
    transient = true;
  };
  // --quiet: a scenario's heading waits for its first failed step, and is never printed without one.
  let heading: string[] | undefined;
  const progress = { total: 0, ended: 0, failed: 0 };
  const showProgress = () => {
    if (!options.live || !options.grouped) return;
    const failed = progress.failed > 0 ? ` · ${progress.failed} failed` : '';
    showTransient(`… ${progress.ended}/${progress.total} scenarios${failed}`);
  };
  return {
    onRunBegin(event) {
      progress.total = event.scenarioCount;
      const count = `${event.scenarioCount} ${event.scenarioCount === 1 ? 'scenario' : 'scenarios'}`;
      if (!options.quiet) print([style.dim(safe(`runner · environment ${event.environment} · ${count}`))]);
      showProgress();
    },
    onScenarioBegin(event) {
      pending = [];
      // Names and paths come from files: printed with control characters escaped, like server text.
      const lines = ['', `${style.bold(safe(event.name))}  ${style.dim(safe(event.file))}`];
      if (options.quiet) heading = lines;
      else print(lines);
    },
    onStepBegin(event) {
      if (event.nesting) {
        const pass = event.nesting === 'pass';
        pending.push({
          depth: event.depth,
          line: renderNestingHeader(event.label, event.depth, pass, style),
        });
        return;
      }
      if (!options.live || options.grouped) return;
      showTransient(`${'  '.repeat(event.depth + 1)}… ${safe(event.label)}`);
    },
    onStepEnd(event) {
      // A header whose nested steps printed nothing is dropped: the step's own line says it all.
      if (pending.length > 0) pending = pending.filter((header) => header.depth < event.depth);
      // A pass has no line of its own: its header and its steps show how it went.
      if (event.nesting === 'pass') return;
      if (options.quiet && event.result.status !== 'failed') return;
      const step = renderStep(event.result, event.depth, options);
      // Nearly always the step's own lines alone: printed without gathering them into another list.
      const lines =
        heading === undefined && pending.length === 0
          ? step
          : [...(heading ?? []), ...pending.map((header) => header.line), ...step];
      heading = undefined;
      if (pending.length > 0) pending = [];
      print(lines);
    },
    onScenarioEnd(result) {
      heading = undefined;
      progress.ended++;
      if (result.status === 'failed') progress.failed++;
      showProgress();
    },
    onRunEnd(run) {
      print(renderSummary(run, style));
    },
  };
}
