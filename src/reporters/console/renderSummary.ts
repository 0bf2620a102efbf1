import type { RunResult } from '../../engine/index.js';
import { formatDuration } from '../durations.js';
import type { Style } from '../style.js';
import { escapeControls as safe } from '../../diagnostics/terminalText.js';

/**
 * SPEC, Console output: the result, counts of passed, failed and total steps, and the duration. An
 * interrupted run says so first, whatever its steps did (DECISIONS.md, Interrupts).
 */
export function renderSummary(run: RunResult, style: Style): string[] {
  const { counts } = run;
  const verdict = run.interrupted
    ? style.bold(style.yellow('INTERRUPTED'))
    : run.status === 'passed'
      ? style.bold(style.green('PASSED'))
      : style.bold(style.red('FAILED'));
  const stepCounts = [
    style.green(`${counts.passed} passed`),
    counts.failed > 0 ? style.red(`${counts.failed} failed`) : `${counts.failed} failed`,
    ...(counts.skipped > 0 ? [style.yellow(`${counts.skipped} skipped`)] : []),
    `${counts.total} total`,
  ].join(', ');
  const failedScenarios = run.scenarios.filter((scenario) => scenario.status === 'failed');
  const scenarioWord = run.scenarios.length === 1 ? 'scenario' : 'scenarios';
  const scenarioCounts =
    failedScenarios.length > 0
      ? `${run.scenarios.length} ${scenarioWord} (${failedScenarios.length} failed)`
      : `${run.scenarios.length} ${scenarioWord}`;
  // Executions an interrupt came before are in the reports only (every step skipped); see runSuite.
  const notStarted = run.scenarios.filter((scenario) => scenario.interrupted === 'before').length;
  const interruption = run.interrupted
    ? [
        style.yellow(
          `  Interrupted: the steps not yet run were skipped` +
            (notStarted > 0
              ? `; ${notStarted} ${notStarted === 1 ? 'scenario' : 'scenarios'} never started`
              : ''),
        ),
      ]
    : [];
  // `--bail`: the executions it kept from starting are in the reports only, like those an interrupt kept.
  const bailed = run.scenarios.filter((scenario) => scenario.notRun === 'bail').length;
  const bail =
    bailed > 0
      ? [
          style.yellow(
            `  Bail: stopped after the first failed scenario; ${bailed} ${bailed === 1 ? 'scenario' : 'scenarios'} not run`,
          ),
        ]
      : [];
  const lines = [
    '',
    `${verdict}  ${stepCounts} steps · ${scenarioCounts} · ${formatDuration(run.durationMs)}`,
    ...interruption,
    ...bail,
  ];
  for (const scenario of failedScenarios)
    lines.push(style.red(`  ✗ ${safe(scenario.name)}  ${style.dim(safe(scenario.file))}`));
  return lines;
}
