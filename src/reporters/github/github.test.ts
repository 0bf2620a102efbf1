import { describe, expect, it } from 'vitest';
import {
  failedStep,
  healthScenario,
  ordersScenario,
  runResult,
  scenarioResult,
  stepResult,
} from '../../../test/support/reportRuns.js';
import { writeGithubReport } from './githubReporter.js';
import { MAX_ERROR_ANNOTATIONS, renderAnnotations } from './renderAnnotations.js';
import { markdownText, renderStepSummary, SUMMARY_BYTE_LIMIT } from './renderStepSummary.js';
import { escapeCommandData, escapeCommandProperty, workflowCommand } from './workflowCommands.js';

const meta = { filePath: (file: string) => `repo/${file}` };

describe('workflow commands', () => {
  it('escapes %, CR and LF in the message, and also : and , in properties', () => {
    expect(escapeCommandData('100% done\r\nnext: a,b')).toBe('100%25 done%0D%0Anext: a,b');
    expect(escapeCommandProperty('a: b, 5%\n')).toBe('a%3A b%2C 5%25%0A');
    expect(workflowCommand('error', { file: 'x,y.yaml', line: 3, col: undefined }, 'm')).toBe(
      '::error file=x%2Cy.yaml,line=3::m',
    );
  });
});

describe('renderAnnotations', () => {
  it('writes one ::error per failed top-level step at its file, line and column, titled scenario › step', () => {
    const lines = renderAnnotations(runResult([ordersScenario(), healthScenario()]), meta)
      .trimEnd()
      .split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(
      /^::error file=repo\/\.runner\/tests\/orders\.yaml,line=12,col=5,title=Orders › Get order::✗ status = 200 \(expected\), got 404 \(\.runner\/tests\/orders\.yaml:15:5\)%0A/,
    );
    expect(lines[1]).toContain('title=Orders › Wait for shipment::');
    expect(lines[2]).toContain('line=31,col=5,title=Orders › for_each $items::');
    for (const line of lines) expect(line).not.toMatch(/[\r]/);
  });

  it('escapes a title holding : and , and a message holding line breaks', () => {
    const step = stepResult({ label: 'a: b, c', status: 'failed', error: 'line one\nline two 50%' });
    const text = renderAnnotations(runResult([scenarioResult('S,1', [step])]), meta);
    expect(text).toContain(',title=S%2C1 › a%3A b%2C c::✗ line one%0Aline two 50%25%0A');
    expect(text.split('\n')).toHaveLength(2);
  });

  it('stops at ten errors and says how many more failed in one notice', () => {
    const steps = Array.from({ length: 13 }, (_, index) => ({ ...failedStep, index, label: `s${index}` }));
    const lines = renderAnnotations(runResult([scenarioResult('Many', steps)]), meta)
      .trimEnd()
      .split('\n');
    expect(lines.filter((line) => line.startsWith('::error '))).toHaveLength(MAX_ERROR_ANNOTATIONS);
    expect(lines).toHaveLength(MAX_ERROR_ANNOTATIONS + 1);
    expect(lines[10]).toMatch(/^::notice title=runner::3 more failed steps not annotated/);
  });

  it('writes nothing when every step passed', () => {
    expect(renderAnnotations(runResult([healthScenario()]), meta)).toBe('');
  });
});

describe('renderStepSummary', () => {
  it('gives the result, counts, failed steps with file:line and a row per scenario', () => {
    const text = renderStepSummary(runResult([ordersScenario(), healthScenario('H|1 <b>')]), meta);
    expect(text).toContain('## runner: ❌ failed');
    expect(text).toContain('2 scenarios · 8 steps: 3 passed, 3 failed, 2 skipped');
    expect(text).toContain(
      '| Orders › Get order | repo/.runner/tests/orders.yaml:12 | status = 200 (expected), got 404 |',
    );
    expect(text).toContain('| ✅ H\\|1 &lt;b&gt; | repo/.runner/tests/orders.yaml | 1 | 0 | 1 |');
  });

  it('stays under 1 MiB however many steps failed, counting what it left out', () => {
    const long = 'x'.repeat(280);
    const steps = Array.from({ length: 6000 }, (_, index) => ({
      ...failedStep,
      index,
      label: `step ${index} ${long}`,
    }));
    const text = renderStepSummary(runResult([scenarioResult('Huge', steps)]), meta);
    expect(Buffer.byteLength(text)).toBeLessThan(SUMMARY_BYTE_LIMIT);
    expect(text).toMatch(/_\d+ more failed steps not shown; see the reports\._/);
    expect(text).toContain('| ❌ Huge |');
  });

  it('escapes markdown and HTML in run text', () => {
    expect(markdownText('*a* _b_ `c` [d](e) <script>')).toBe(
      '\\*a\\* \\_b\\_ \\`c\\` \\[d\\](e) &lt;script&gt;',
    );
  });
});

describe('writeGithubReport', () => {
  it('prints the annotations and appends the summary; an unwritable summary is a warning', async () => {
    let out = '';
    const appended: [string, string][] = [];
    const warnings: string[] = [];
    const options = {
      out: { write: (text: string) => void (out += text) },
      summaryFile: '/summary.md',
      appendFile: async (path: string, text: string) => void appended.push([path, text]),
      filePath: meta.filePath,
      onWarning: (message: string) => void warnings.push(message),
    };
    const run = runResult([ordersScenario()]);
    await writeGithubReport(run, options);
    expect(out).toBe(renderAnnotations(run, meta));
    expect(appended).toEqual([['/summary.md', renderStepSummary(run, meta)]]);
    await writeGithubReport(run, {
      ...options,
      appendFile: () => Promise.reject(new Error('EACCES')),
    });
    expect(warnings).toEqual(['cannot append the job summary to GITHUB_STEP_SUMMARY: EACCES']);
  });
});
