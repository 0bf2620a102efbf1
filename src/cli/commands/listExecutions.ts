import { escapeControls } from '../../diagnostics/terminalText.js';
import { expandExamples } from '../../engine/index.js';
import type { Scenario } from '../../language/model.js';

/**
 * `runner run --list`: one line per execution that would run (file, then name; `examples` rows apart), in
 * report order, and a count. Nothing is sent.
 */
export function listExecutions(scenarios: readonly Scenario[]): string {
  const lines: string[] = [];
  let executions = 0;
  for (const scenario of scenarios) {
    const alone = scenario.parallel === false ? '  (parallel: false)' : '';
    for (const execution of expandExamples(scenario)) {
      executions++;
      lines.push(`${escapeControls(scenario.file)}  ${escapeControls(execution.displayName)}${alone}`);
    }
  }
  const files = new Set(scenarios.map((scenario) => scenario.file)).size;
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  lines.push(`${plural(executions, 'scenario execution')} in ${plural(files, 'file')}; nothing was sent`);
  return lines.map((line) => line + '\n').join('');
}
