import type { RunListener } from '../../engine/index.js';
import type { OutputStream, Style } from '../style.js';
import { escapeControls as safe } from '../../diagnostics/terminalText.js';
import { renderStep } from './renderStep.js';
import { renderSummary } from './renderSummary.js';

export interface ConsoleReporterOptions {
  out: OutputStream;
  style: Style;
  verbose: boolean;
  /** A terminal: show the step that is running on a line that its result then replaces. */
  live: boolean;
}

const CLEAR_LINE = '\r\u001b[2K';

/** Prints each step as it ends (progress on a terminal, a readable log in CI) and the summary at the end. */
export function createConsoleReporter(options: ConsoleReporterOptions): RunListener {
  const { out, style } = options;
  let running = false;
  const print = (lines: string[]) => {
    const text = lines.map((line) => line + '\n').join('');
    out.write(running ? CLEAR_LINE + text : text);
    running = false;
  };
  return {
    onRunBegin(event) {
      const count = `${event.scenarioCount} ${event.scenarioCount === 1 ? 'scenario' : 'scenarios'}`;
      print([style.dim(safe(`runner · environment ${event.environment} · ${count}`))]);
    },
    onScenarioBegin(event) {
      // Names and paths come from files: printed with control characters escaped, like server text.
      print(['', `${style.bold(safe(event.name))}  ${style.dim(safe(event.file))}`]);
    },
    onStepBegin(event) {
      if (!options.live || event.depth !== 0) return;
      out.write(`${running ? CLEAR_LINE : ''}  ${style.dim(`… ${safe(event.label)}`)}`);
      running = true;
    },
    onStepEnd(event) {
      // Nested executions are printed by their parent step, in order.
      if (event.depth === 0) print(renderStep(event.result, 0, options));
    },
    onRunEnd(run) {
      print(renderSummary(run, style));
    },
  };
}
