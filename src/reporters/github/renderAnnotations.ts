import type { RunResult, ScenarioResult, StepResult } from '../../engine/index.js';
import { failureText } from '../junit/failureText.js';
import { stepTitle } from '../shared/names.js';
import { workflowCommand } from './workflowCommands.js';

/** GitHub shows at most 10 error annotations per job step (DECISIONS.md, Running at scale). */
export const MAX_ERROR_ANNOTATIONS = 10;

/** An annotation is read in a pull request's margin: a failure text past this is cut, saying so. */
const MESSAGE_LIMIT = 4_000;

export interface AnnotationMeta {
  /** A step's file as GitHub wants it: relative to `GITHUB_WORKSPACE` when set (DECISIONS.md). */
  filePath: (file: string) => string;
}

function message(step: StepResult): string {
  const text = failureText(step);
  if (text.length <= MESSAGE_LIMIT) return text;
  return `${text.slice(0, MESSAGE_LIMIT)}\n… ${text.length - MESSAGE_LIMIT} more characters (see the reports)`;
}

function errorLine(step: StepResult, scenario: ScenarioResult, meta: AnnotationMeta): string {
  return workflowCommand(
    'error',
    {
      file: meta.filePath(step.loc.file),
      line: step.loc.line > 0 ? step.loc.line : undefined,
      col: step.loc.col > 0 ? step.loc.col : undefined,
      title: stepTitle(scenario.name, step.label),
    },
    message(step),
  );
}

/**
 * The `github` report's annotations: one `::error` line per failed top-level step, at the step's own line,
 * titled `<scenario> › <step>`. GitHub drops the 11th and later, so after ten one `::notice` says how many
 * more failed. Each line ends in a newline; nothing when no step failed. Pure: the run is already masked.
 */
export function renderAnnotations(run: RunResult, meta: AnnotationMeta): string {
  const failed = run.scenarios.flatMap((scenario) =>
    scenario.steps.filter((step) => step.status === 'failed').map((step) => ({ scenario, step })),
  );
  const lines = failed
    .slice(0, MAX_ERROR_ANNOTATIONS)
    .map(({ scenario, step }) => errorLine(step, scenario, meta));
  const more = failed.length - MAX_ERROR_ANNOTATIONS;
  if (more > 0) {
    const steps = more === 1 ? 'step' : 'steps';
    lines.push(
      workflowCommand(
        'notice',
        { title: 'runner' },
        `${more} more failed ${steps} not annotated (GitHub shows ${MAX_ERROR_ANNOTATIONS} per step); see the job summary and the reports`,
      ),
    );
  }
  return lines.map((line) => `${line}\n`).join('');
}
