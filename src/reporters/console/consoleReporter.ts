import type { RunListener } from '../../engine/index.js';
import type { OutputStream, Style } from '../style.js';
import { escapeControls as safe } from '../../diagnostics/terminalText.js';
import { renderStep } from './renderStep.js';
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

/** Prints each step as it ends (progress on a terminal, a readable log in CI) and the summary at the end. */
export function createConsoleReporter(options: ConsoleReporterOptions): RunListener {
  const { out, style } = options;
  let transient = false;
  const print = (lines: string[]) => {
    const text = lines.map((line) => line + '\n').join('');
    out.write(transient ? CLEAR_LINE + text : text);
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
      // Names and paths come from files: printed with control characters escaped, like server text.
      const lines = ['', `${style.bold(safe(event.name))}  ${style.dim(safe(event.file))}`];
      if (options.quiet) heading = lines;
      else print(lines);
    },
    onStepBegin(event) {
      if (!options.live || options.grouped || event.depth !== 0) return;
      showTransient(`  … ${safe(event.label)}`);
    },
    onStepEnd(event) {
      // Nested executions are printed by their parent step, in order.
      if (event.depth !== 0) return;
      if (options.quiet && event.result.status !== 'failed') return;
      const lines = renderStep(event.result, 0, options);
      if (heading) lines.unshift(...heading);
      heading = undefined;
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
