import { describe, expect, it } from 'vitest';
import {
  mixedRun,
  runResult,
  scenarioResult,
  stepResult,
} from '../../../test/fixtures/junit/sampleResults.js';
import { renderJunit } from './renderJunit.js';

const meta = { generatedAt: '2024-05-01T12:35:00.000Z' };

/** The opening tags of one element name, in document order. */
function tags(xml: string, name: string): string[] {
  return xml.match(new RegExp(`<${name}\\b[^>]*>`, 'g')) ?? [];
}

describe('renderJunit', () => {
  const xml = renderJunit(mixedRun(), meta);

  it('writes the declaration, when it was generated, and run totals on <testsuites>', () => {
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n')).toBe(true);
    expect(xml).toContain('<!-- runner JUnit report, generated 2024-05-01T12:35:00.000Z -->');
    expect(tags(xml, 'testsuites')).toEqual([
      '<testsuites name="runner (local)" tests="7" failures="3" errors="0" time="2.500">',
    ]);
    expect(xml.endsWith('</testsuites>\n')).toBe(true);
  });

  it('writes one <testsuite> per scenario execution with counts, seconds, an Ant timestamp and the file', () => {
    expect(tags(xml, 'testsuite')).toEqual([
      '<testsuite name="Users" tests="6" failures="3" errors="0" skipped="1" time="1.234" timestamp="2024-05-01T12:34:56" file="tests/users.yaml" id="0">',
      '<testsuite name="Health [2]" tests="1" failures="0" errors="0" skipped="0" time="0.040" timestamp="2024-05-01T12:34:56" file="tests/health.yaml" id="1">',
    ]);
    expect(xml).toContain('<property name="tags" value="smoke,users"/>');
  });

  it('writes one <testcase> per top-level step with classname, index and label, file, line and time', () => {
    const cases = tags(xml, 'testcase');
    expect(cases).toHaveLength(7);
    expect(cases[0]).toBe(
      '<testcase classname="Users" name="[0] setup: Log in" file="tests/users.yaml" line="5" time="0.012" assertions="0"/>',
    );
    expect(cases[1]).toContain('name="[1] Create user" file="tests/users.yaml" line="12" time="1.500"');
    expect(cases[5]).toContain('name="[5] teardown: Log out"');
  });

  it('writes failures with the first failure as the message, its kind as the type, and the details as text', () => {
    expect(tags(xml, 'failure')).toEqual([
      '<failure message="status = 201 (expected), got 500" type="assertion">',
      '<failure message="connect ECONNREFUSED 127.0.0.1:1" type="error">',
      '<failure message="for_each 2/2 › GET /items/2 › status = 200 (expected), got 404" type="assertion">',
    ]);
    expect(xml).toContain('✗ body.id exists: missing (tests/users.yaml:16:9)\n✗ latency 1.5s exceeds');
  });

  it('writes a skipped step as <skipped> with its reason', () => {
    expect(xml).toContain(
      '<testcase classname="Users" name="[4] Delete user" file="tests/users.yaml" line="5" time="0.000" assertions="0">\n      <skipped message="if `$userId == 0` is false"/>\n    </testcase>',
    );
  });

  it('types a timing-only failure as timing, and pads indexes so names sort in step order', () => {
    const steps = Array.from({ length: 11 }, (_, index) => stepResult({ index, label: `s${index}` }));
    steps[2] = stepResult({
      index: 2,
      label: 'slow',
      status: 'failed',
      timing: { maxMs: 1, actualMs: 2, passed: false },
    });
    const out = renderJunit(runResult([scenarioResult(steps)]), meta);
    expect(out).toContain('name="[02] slow"');
    expect(out).toContain('name="[10] s10"');
    expect(out).toContain('<failure message="latency 2ms exceeds timing.max 1ms" type="timing">');
  });

  it('escapes markup and quotes and drops characters XML 1.0 forbids, in attributes and text', () => {
    const nasty = 'a<b & "c" \'d\'\u0000\u001B]]>';
    const out = renderJunit(
      runResult([
        scenarioResult(
          [
            stepResult({
              label: nasty,
              status: 'failed',
              error: `${nasty}\nsecond line`,
              response: {
                status: 500,
                statusText: 'x',
                httpVersion: '1.1',
                headers: {},
                body: `<html>\u0007</html>`,
                sizeBytes: 1,
              },
            }),
          ],
          { name: nasty },
        ),
      ]),
      meta,
    );
    expect(out).toContain('name="a&lt;b &amp; &quot;c&quot; &apos;d&apos;]]&gt;"');
    expect(out).toContain('<failure message="a&lt;b &amp; &quot;c&quot; &apos;d&apos;]]&gt;" type="error">');
    expect(out).toContain('✗ a&lt;b &amp; "c" \'d\']]&gt;\nsecond line');
    expect(out).toContain('  &lt;html&gt;&lt;/html&gt;');
    const controls = [...out].filter((char) => char < ' ' && !'\t\n\r'.includes(char));
    expect(controls).toEqual([]);
  });

  it('writes an empty run as an empty <testsuites>, and leaves out an unreadable start time', () => {
    const empty = renderJunit(runResult([]), meta);
    expect(empty).toContain(
      '<testsuites name="runner (local)" tests="0" failures="0" errors="0" time="2.500">\n</testsuites>',
    );
    const odd = renderJunit(runResult([scenarioResult([stepResult()], { startedAt: 'soon' })]), {
      generatedAt: 'a--b-',
    });
    expect(tags(odd, 'testsuite')[0]).not.toContain('timestamp=');
    expect(odd).toContain('<!-- runner JUnit report, generated a- -b-  -->');
  });
});
