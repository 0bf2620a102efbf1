// The JUnit report checked by a real XML toolchain: xmllint validates it against the Jenkins/Ant-shaped XSD in
// test/fixtures/junit/ and reads it back with the XPath queries the CI readers (GitLab, the GitHub
// test-reporter actions) effectively make: testsuite/testcase/failure/skipped, classname, name, time, file.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { renderJunit } from '../../src/reporters/junit/renderJunit.js';
import { mixedRun, runResult, scenarioResult, stepResult } from '../fixtures/junit/sampleResults.js';

const XSD = join(import.meta.dirname, '..', 'fixtures', 'junit', 'junit.xsd');
const INSTALL_HINT =
  'xmllint is needed to validate the JUnit report: install it with `apt-get install libxml2-utils` (Debian/Ubuntu) or `brew install libxml2` (macOS)';

const work = mkdtempSync(join(tmpdir(), 'runner-junit-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function requireXmllint(): void {
  const probe = spawnSync('xmllint', ['--version'], { encoding: 'utf8' });
  if (probe.error) throw new Error(INSTALL_HINT);
}

let files = 0;
function writeReport(xml: string): string {
  const path = join(work, `report-${++files}.xml`);
  writeFileSync(path, xml, 'utf8');
  return path;
}

/** Validates against the XSD; the assertion shows xmllint's complaints when it fails. */
function validate(path: string): { status: number | null; output: string } {
  requireXmllint();
  const result = spawnSync('xmllint', ['--noout', '--schema', XSD, path], { encoding: 'utf8' });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

function xpath(path: string, expression: string): string {
  requireXmllint();
  return execFileSync('xmllint', ['--xpath', expression, path], { encoding: 'utf8' }).replace(/\n$/, '');
}

const meta = { generatedAt: '2024-05-01T12:35:00.000Z' };

describe('JUnit report against the XSD (xmllint)', () => {
  it('validates a run with passes, failures, errors, nested loops, skips, setup and teardown', () => {
    const result = validate(writeReport(renderJunit(mixedRun(), meta)));
    expect(result.output).toContain('validates');
    expect(result.status).toBe(0);
  });

  it('validates an empty run and a run whose text holds markup and characters XML forbids', () => {
    expect(validate(writeReport(renderJunit(runResult([]), meta))).status).toBe(0);
    const nasty = 'x<y & "z" \'w\' ]]> \u0000\u0001\u001B\uFFFF\uD800 😀';
    const steps = [
      stepResult({
        label: nasty,
        status: 'failed',
        error: `${nasty}\r\nline two`,
        response: {
          status: 500,
          statusText: nasty,
          httpVersion: '1.1',
          headers: {},
          body: nasty,
          sizeBytes: 1,
        },
      }),
      stepResult({ index: 1, label: 'skip', status: 'skipped', skipReason: nasty }),
    ];
    const path = writeReport(
      renderJunit(runResult([scenarioResult(steps, { name: nasty, tags: [nasty] })]), meta),
    );
    const result = validate(path);
    expect(result.output).toContain('validates');
    expect(xpath(path, 'string(//testcase[1]/@name)')).toBe('[0] x<y & "z" \'w\' ]]>  😀');
    expect(xpath(path, 'string(//testcase[2]/skipped/@message)')).toBe('x<y & "z" \'w\' ]]>  😀');
  });

  it('fails validation for a report that breaks the shape, so the schema really checks', () => {
    const broken = renderJunit(mixedRun(), meta).replace('tests="6"', 'tests="six"');
    expect(validate(writeReport(broken)).status).not.toBe(0);
    const unknown = renderJunit(mixedRun(), meta).replace('<skipped ', '<ignored ');
    expect(validate(writeReport(unknown)).status).not.toBe(0);
  });

  it('validates a run of 5,000 steps', () => {
    const steps = Array.from({ length: 5000 }, (_, index) =>
      stepResult({
        index,
        label: `GET /items/${index}`,
        ...(index % 100 === 0 ? { status: 'failed', error: 'boom' } : {}),
      }),
    );
    const path = writeReport(renderJunit(runResult([scenarioResult(steps)]), meta));
    expect(validate(path).status).toBe(0);
    expect(xpath(path, 'count(//testcase)')).toBe('5000');
    expect(xpath(path, 'string(//testcase[5000]/@name)')).toBe('[4999] GET /items/4999');
  });
});

describe('JUnit report as CI readers see it', () => {
  const path = writeReport(renderJunit(mixedRun(), meta));

  it('has the suites and cases with classname, name, file, line and time', () => {
    expect(xpath(path, 'count(/testsuites/testsuite)')).toBe('2');
    expect(xpath(path, 'count(/testsuites/testsuite/testcase)')).toBe('7');
    const second = '/testsuites/testsuite[1]/testcase[2]';
    expect(xpath(path, `string(${second}/@classname)`)).toBe('Users');
    expect(xpath(path, `string(${second}/@name)`)).toBe('[1] Create user');
    expect(xpath(path, `string(${second}/@file)`)).toBe('tests/users.yaml');
    expect(xpath(path, `string(${second}/@line)`)).toBe('12');
    expect(xpath(path, `string(${second}/@time)`)).toBe('1.500');
  });

  it('marks failed and skipped cases with their message, type and text', () => {
    expect(xpath(path, 'count(//testcase[failure])')).toBe('3');
    expect(xpath(path, 'count(//testcase[skipped])')).toBe('1');
    expect(xpath(path, 'string(//testcase[2]/failure/@type)')).toBe('assertion');
    expect(xpath(path, 'string(//testcase[3]/failure/@message)')).toBe('connect ECONNREFUSED 127.0.0.1:1');
    expect(xpath(path, 'string(//testcase[2]/failure)')).toContain(
      '✗ body.id exists: missing (tests/users.yaml:16:9)',
    );
    expect(xpath(path, 'string(//testcase[skipped]/skipped/@message)')).toBe('if `$userId == 0` is false');
  });

  it('keeps suite counts equal to the cases they hold', () => {
    for (const suite of ['1', '2']) {
      const at = `/testsuites/testsuite[${suite}]`;
      expect(xpath(path, `string(${at}/@tests)`)).toBe(xpath(path, `count(${at}/testcase)`));
      expect(xpath(path, `string(${at}/@failures)`)).toBe(xpath(path, `count(${at}/testcase[failure])`));
      expect(xpath(path, `string(${at}/@skipped)`)).toBe(xpath(path, `count(${at}/testcase[skipped])`));
    }
  });
});
