import type { RunResult } from '../../engine/index.js';
import { formatDuration } from '../durations.js';
import { escapeHtml } from './escapeHtml.js';
import { countsText, scenarioAnchor } from './scenarioHtml.js';

/** Up to this many scenarios the list of links starts open; longer lists start folded. */
const OPEN_LIST_LIMIT = 12;

function tile(kind: string, label: string, value: string): string {
  return `<div class="tile ${kind}"><span class="value">${value}</span><span class="name">${label}</span></div>`;
}

/** The passed/failed/skipped proportions as one bar (widths are data, hence the style attribute). */
function ratioBar(run: RunResult): string {
  const { passed, failed, skipped, total } = run.counts;
  if (total === 0) return '';
  const part = (kind: string, count: number) =>
    count === 0 ? '' : `<span class="${kind}" style="width:${((count / total) * 100).toFixed(3)}%"></span>`;
  return `<div class="ratio" aria-hidden="true">${part('passed', passed)}${part('failed', failed)}${part('skipped', skipped)}</div>`;
}

function scenarioList(run: RunResult): string {
  const failed = run.scenarios.filter((scenario) => scenario.status === 'failed').length;
  const items = run.scenarios
    .map(
      (scenario, position) =>
        `<li class="${scenario.status}"><a href="#${scenarioAnchor(position)}">${escapeHtml(scenario.name)}</a>` +
        ` <span class="dim">${countsText(scenario.counts)}</span></li>`,
    )
    .join('');
  const open = run.scenarios.length <= OPEN_LIST_LIMIT ? ' open' : '';
  const failedText = failed > 0 ? `, ${failed} failed` : '';
  return (
    `<details class="scenario-list"${open}><summary>${run.scenarios.length} scenario` +
    `${run.scenarios.length === 1 ? '' : 's'}${failedText}</summary><ul>${items}</ul></details>`
  );
}

/** PASSED or FAILED; INTERRUPTED first when an interrupt stopped the run (DECISIONS.md, Interrupts). */
function resultHtml(run: RunResult): string {
  if (run.interrupted) return '<div class="result interrupted">INTERRUPTED</div>';
  return `<div class="result ${run.status}">${run.status === 'passed' ? 'PASSED' : 'FAILED'}</div>`;
}

/** The run at a glance: result, step counts, duration, environment and the scenarios. */
export function runSummaryHtml(run: RunResult): string {
  const { passed, failed, skipped, total } = run.counts;
  return (
    '<section class="summary">' +
    resultHtml(run) +
    '<div class="tiles">' +
    tile('passed', 'passed', String(passed)) +
    tile('failed', 'failed', String(failed)) +
    tile('skipped', 'skipped', String(skipped)) +
    tile('total', 'steps', String(total)) +
    tile('duration', 'duration', formatDuration(run.durationMs)) +
    tile('environment', 'environment', escapeHtml(run.environment)) +
    '</div>' +
    ratioBar(run) +
    `<p class="dim started">Started ${escapeHtml(run.startedAt)}</p>` +
    scenarioList(run) +
    '</section>'
  );
}
