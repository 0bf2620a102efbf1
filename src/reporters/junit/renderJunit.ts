import type { RunResult, ScenarioResult, StepResult } from '../../engine/index.js';
import { failureText } from './failureText.js';
import { firstFailure } from './stepFailures.js';
import { escapeXmlAttribute, escapeXmlText, stripIllegalXmlChars } from './xmlEscape.js';

export interface JunitMeta {
  /** When the report was written (ISO 8601); a comment at the top says so. */
  generatedAt: string;
}

/** A CI page shows the message on one line; the full text follows in the element. */
const MESSAGE_LIMIT = 1_000;

/** JUnit times are seconds with three decimals. */
function seconds(ms: number): string {
  return (Math.max(0, ms) / 1000).toFixed(3);
}

/**
 * The Ant/Jenkins `timestamp` is a date and time to the second without a zone (the XSD pattern); runner
 * writes it in UTC. An unreadable time is left out rather than written wrong.
 */
function antTimestamp(iso: string): string | undefined {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString().slice(0, 19);
}

function attributes(values: Record<string, string | number | undefined>): string {
  return Object.entries(values)
    .filter((entry): entry is [string, string | number] => entry[1] !== undefined)
    .map(([name, value]) => ` ${name}="${escapeXmlAttribute(String(value))}"`)
    .join('');
}

function count(steps: readonly StepResult[], status: StepResult['status']): number {
  return steps.filter((step) => step.status === status).length;
}

/** `[03] Create user`; setup and teardown say so. Zero-padded so names sort in step order in CI pages. */
function testcaseName(step: StepResult, width: number): string {
  const section = step.section === 'steps' ? '' : `${step.section}: `;
  return `[${String(step.index).padStart(width, '0')}] ${section}${step.label}`;
}

function failureMessage(step: StepResult): { message: string; type: string } {
  const failure = firstFailure(step);
  const firstLine = (failure?.text ?? 'step failed').split(/\r\n|\r|\n/)[0] ?? '';
  const message = firstLine.length > MESSAGE_LIMIT ? `${firstLine.slice(0, MESSAGE_LIMIT)}…` : firstLine;
  return { message, type: failure?.kind ?? 'error' };
}

function renderTestcase(step: StepResult, scenario: ScenarioResult, width: number): string[] {
  const open = `    <testcase${attributes({
    classname: scenario.name,
    name: testcaseName(step, width),
    file: step.loc.file,
    line: step.loc.line > 0 ? step.loc.line : undefined,
    time: seconds(step.durationMs),
    assertions: step.assertions.length,
  })}`;
  if (step.status === 'passed') return [`${open}/>`];
  if (step.status === 'skipped') {
    return [
      `${open}>`,
      `      <skipped${attributes({ message: step.skipReason ?? 'not run' })}/>`,
      '    </testcase>',
    ];
  }
  // Every failed step is a <failure>, the step's verdict; `type` says whether a check or an error caused it.
  return [
    `${open}>`,
    `      <failure${attributes(failureMessage(step))}>${escapeXmlText(failureText(step))}</failure>`,
    '    </testcase>',
  ];
}

function renderProperties(scenario: ScenarioResult): string[] {
  const properties: [string, string][] = [['environment', scenario.environment]];
  if (scenario.tags.length > 0) properties.push(['tags', scenario.tags.join(',')]);
  if (scenario.description !== undefined) properties.push(['description', scenario.description]);
  return [
    '    <properties>',
    ...properties.map(([name, value]) => `      <property${attributes({ name, value })}/>`),
    '    </properties>',
  ];
}

function renderTestsuite(scenario: ScenarioResult, id: number): string[] {
  const { steps } = scenario;
  const width = String(steps.reduce((max, step) => Math.max(max, step.index), 0)).length;
  const open = `  <testsuite${attributes({
    name: scenario.name,
    tests: steps.length,
    failures: count(steps, 'failed'),
    errors: 0,
    skipped: count(steps, 'skipped'),
    time: seconds(scenario.durationMs),
    timestamp: antTimestamp(scenario.startedAt),
    file: scenario.file,
    id,
  })}>`;
  return [
    open,
    ...renderProperties(scenario),
    ...steps.flatMap((step) => renderTestcase(step, scenario, width)),
    '  </testsuite>',
  ];
}

/** Comments may not hold `--` or end in `-` (XML 1.0, Comments). */
function commentText(text: string): string {
  return stripIllegalXmlChars(text)
    .replace(/-(?=-)/g, '- ')
    .replace(/-$/, '- ');
}

/**
 * The JUnit XML report (`report.xml`): one `<testsuite>` per scenario execution, one `<testcase>` per
 * top-level step (nested executions are summarised in their parent's failure text), in the Jenkins/Ant
 * JUnit shape that GitLab and the GitHub test-reporter actions read. Runner has no crash distinct from a
 * failed step, so `errors` is always 0 and each failed step is a `<failure>` whose `type` is
 * `assertion`, `timing` or `error` (issue 4, JUnit XML).
 */
export function renderJunit(run: RunResult, meta: JunitMeta): string {
  return [...junitText(run, meta)].join('');
}

/**
 * The same report as text in pieces, one scenario at a time (issue 24, flat memory): a run read back from
 * its record stream then holds one scenario's records at once, never the whole run's. The totals come from
 * each scenario's counts, which count its top-level steps as the testcases do.
 */
export function* junitText(run: RunResult, meta: JunitMeta): Generator<string> {
  let tests = 0;
  let failures = 0;
  for (const scenario of run.scenarios) {
    tests += scenario.counts.total;
    failures += scenario.counts.failed;
  }
  const head = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<!-- runner JUnit report, generated ${commentText(meta.generatedAt)} -->`,
    `<testsuites${attributes({
      name: `runner (${run.environment})`,
      tests,
      failures,
      errors: 0,
      time: seconds(run.durationMs),
    })}>`,
  ];
  yield `${head.join('\n')}\n`;
  for (const [id, scenario] of run.scenarios.entries()) {
    yield `${renderTestsuite(scenario, id).join('\n')}\n`;
  }
  yield '</testsuites>\n';
}
