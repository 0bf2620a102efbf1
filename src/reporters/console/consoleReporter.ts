import type { RunListener } from '../../engine/index.js';
import type { OutputStream, Style } from '../style.js';
import { renderStep } from './renderStep.js';
import { renderSummary } from './renderSummary.js';

export interface ConsoleReporterOptions {
  out: OutputStream;
  style: Style;
  verbose: boolean;
}

/** Prints each step as it ends (progress on a terminal, a readable log in CI) and the summary at the end. */
export function createConsoleReporter(options: ConsoleReporterOptions): RunListener {
  const { out, style } = options;
  const print = (lines: string[]) => out.write(lines.map((line) => line + '\n').join(''));
  return {
    onRunBegin(event) {
      const count = `${event.scenarioCount} ${event.scenarioCount === 1 ? 'scenario' : 'scenarios'}`;
      print([style.dim(`runner · environment ${event.environment} · ${count}`)]);
    },
    onScenarioBegin(event) {
      print(['', `${style.bold(event.name)}  ${style.dim(event.file)}`]);
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
