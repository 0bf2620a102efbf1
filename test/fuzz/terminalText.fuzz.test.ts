import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { RunListener, RunResult, StepResult } from '../../src/engine/index.js';
import { createConsoleReporter } from '../../src/reporters/console/consoleReporter.js';
import { renderAnnotations } from '../../src/reporters/github/renderAnnotations.js';
import { renderStepSummary } from '../../src/reporters/github/renderStepSummary.js';
import { createStyle } from '../../src/reporters/style.js';
import { runResult, scenarioResult, stepResult } from '../support/reportRuns.js';
import { fuzzParameters, FUZZ_TIMEOUT_MS } from './settings.js';

/**
 * Issue 28: text from a server or a file (step names, saved values, headers, bodies, messages) full of
 * control characters and workflow commands, fed to the console and github reporters, never reaches their
 * output raw: no C0 or C1 control besides the line feeds that end the reporters' own lines, no Unicode line
 * separator, and no line GitHub Actions would read as a command (`::` after blanks, `##[` anywhere) other
 * than the github report's own annotations.
 */
const HOSTILE = [
  ...Array.from({ length: 32 }, (_, code) => String.fromCharCode(code)),
  '\u007f',
  '\u0085',
  '\u009b',
  '\u2028',
  '\u2029',
  '\u202e',
  '\u2066',
  '\u00a0',
  '\u3000',
  ' ',
  ':',
  '::',
  '#',
  '##[',
  '[',
  '%',
  ',',
  'a',
  'é',
  '::warning file=x.yaml::INJECTED',
  '::add-mask::',
  '::stop-commands::t',
  '##[error]',
];
const hostileText = fc.array(fc.constantFrom(...HOSTILE), { maxLength: 24 }).map((parts) => parts.join(''));

const hostileStep = fc
  .record({
    label: hostileText,
    savedName: hostileText,
    savedValue: hostileText,
    headerName: hostileText,
    headerValue: hostileText,
    body: hostileText,
    jsonBody: hostileText,
    message: hostileText,
    error: hostileText,
    warning: hostileText,
    url: hostileText,
    statusText: hostileText,
    scenario: hostileText,
    file: hostileText,
    failed: fc.boolean(),
  })
  .map((parts) => {
    const step: StepResult = stepResult({
      label: parts.label,
      status: parts.failed ? 'failed' : 'passed',
      loc: { file: parts.file, line: 3, col: 5 },
      saved: { [parts.savedName]: parts.savedValue },
      warnings: [parts.warning],
      error: parts.failed ? parts.error : undefined,
      assertions: [
        {
          path: `body.${parts.savedName}`,
          expected: parts.savedValue,
          actual: parts.jsonBody,
          passed: !parts.failed,
          message: parts.message,
        },
      ],
      request: {
        method: 'POST',
        url: `http://127.0.0.1/${parts.url}`,
        headers: { [parts.headerName || 'x']: parts.headerValue },
        body: { note: parts.jsonBody },
      },
      response: {
        status: 200,
        statusText: parts.statusText,
        httpVersion: '1.1',
        headers: { [parts.headerName || 'x']: parts.headerValue },
        body: parts.body,
        sizeBytes: parts.body.length,
      },
      redirects: [{ status: 302, from: parts.url, to: parts.headerValue }],
    });
    return { step, scenario: parts.scenario, file: parts.file };
  });

/** Everything the console reporter prints for a run, with --verbose or without. */
function consoleOutput(run: RunResult, verbose: boolean): string {
  let out = '';
  const reporter: RunListener = createConsoleReporter({
    out: { write: (text: string) => void (out += text) },
    style: createStyle(false),
    verbose,
    live: false,
  });
  const scenario = run.scenarios[0]!;
  reporter.onRunBegin?.({ environment: run.environment, scenarioCount: 1 } as never);
  reporter.onScenarioBegin?.({ name: scenario.name, file: scenario.file } as never);
  for (const step of scenario.steps) {
    reporter.onStepBegin?.({ label: step.label, depth: 0, scenario: scenario.name } as never);
    reporter.onStepEnd?.({ result: step, depth: 0, scenario: scenario.name } as never);
  }
  reporter.onScenarioEnd?.(scenario);
  reporter.onRunEnd?.(run);
  return out;
}

// eslint-disable-next-line no-control-regex -- looking for raw control characters is the point
const RAW = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029]/;

function commandLines(text: string): string[] {
  return text.split('\n').filter((line) => /^\s*::/.test(line) || line.includes('##['));
}

describe('control characters and workflow commands from a server or a file', () => {
  it(
    'never reach the console or github reporters raw',
    () => {
      fc.assert(
        fc.property(fc.array(hostileStep, { minLength: 1, maxLength: 3 }), (generated) => {
          const first = generated[0]!;
          const steps = generated.map((one, index) => ({ ...one.step, index }));
          const run = runResult([scenarioResult(first.scenario, steps, { file: first.file })]);
          for (const text of [consoleOutput(run, false), consoleOutput(run, true)]) {
            expect(text.split('\n').filter((line) => RAW.test(line))).toEqual([]);
            expect(commandLines(text)).toEqual([]);
          }
          const annotations = renderAnnotations(run, { filePath: (file) => file });
          expect(annotations).not.toMatch(RAW);
          // Only the report's own commands, one whole line each.
          for (const line of commandLines(annotations)) expect(line).toMatch(/^::(error|notice) [^\n]*$/);
          expect(annotations.split('\n').filter((line) => line !== '')).toHaveLength(
            steps.filter((step) => step.status === 'failed').length,
          );
          const summary = renderStepSummary(run, { filePath: (file) => file });
          expect(summary).not.toMatch(RAW);
          expect(commandLines(summary)).toEqual([]);
        }),
        fuzzParameters(300),
      );
    },
    FUZZ_TIMEOUT_MS,
  );
});
