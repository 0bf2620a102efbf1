import type { ScenarioResult, StepCounts } from '../../engine/index.js';
import { formatDuration } from '../durations.js';
import { escapeHtml } from './escapeHtml.js';
import type { BodyCounter, HtmlPart } from './lazyBodies.js';
import { stepRowParts } from './stepRowHtml.js';

export function countsText(counts: StepCounts): string {
  const parts = [`${counts.passed} passed`];
  if (counts.failed > 0) parts.push(`${counts.failed} failed`);
  if (counts.skipped > 0) parts.push(`${counts.skipped} skipped`);
  return parts.join(' · ');
}

export function scenarioAnchor(position: number): string {
  return `scenario-${position + 1}`;
}

function headerHtml(scenario: ScenarioResult): string {
  const tags = scenario.tags.map((tag) => `<span class="tag">${escapeHtml(tag)}</span>`).join('');
  const description = scenario.description
    ? `<p class="description">${escapeHtml(scenario.description)}</p>`
    : '';
  return (
    '<summary><div class="scenario-title">' +
    `<span class="badge st-${scenario.status}">${scenario.status === 'passed' ? 'PASSED' : 'FAILED'}</span>` +
    `<h2>${escapeHtml(scenario.name)}</h2>${tags}` +
    `<span class="dim scenario-counts">${countsText(scenario.counts)} · ${formatDuration(scenario.durationMs)}</span></div>` +
    description +
    `<p class="scenario-meta dim">${escapeHtml(scenario.file)} · ${escapeHtml(scenario.environment)}</p></summary>`
  );
}

/** One scenario execution: its header (with the description) and its steps, setup and teardown labelled. */
export function* scenarioParts(
  scenario: ScenarioResult,
  position: number,
  bodies: BodyCounter,
): Generator<HtmlPart> {
  const steps = scenario.steps;
  const labelSections = steps.some((step) => step.section !== 'steps');
  yield (
    `<details class="scenario ${scenario.status}" id="${scenarioAnchor(position)}" open>` +
    `${headerHtml(scenario)}<div class="steps">`
  );
  let section: string | undefined;
  for (const step of steps) {
    if (labelSections && step.section !== section)
      yield `<div class="section-label">${escapeHtml(step.section)}</div>`;
    section = step.section;
    yield* stepRowParts(step, bodies);
  }
  yield '</div></details>';
}
