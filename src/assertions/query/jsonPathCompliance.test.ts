/**
 * The RFC 9535 JSONPath compliance test suite (test/fixtures/jsonpath-cts, origin and licence in its README),
 * run through the entry point a scenario's `$...` key goes through: `validate`'s check of an `expect` path for
 * the selectors the suite calls invalid, and the lookup `expect` and `save` do for the others. Every case
 * passes except those listed in known-differences.json, each with its reason; a listed case that starts
 * passing fails this test too, so the list stays true.
 */
import { readFileSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { scopeFromObject } from '../../expressions/scope.js';
import { checkExpectPath } from '../pathChecks.js';
import { resolveSubjectPath, type Subject } from '../subject.js';
import { jsonPathEngine, loadQueryEngines } from './queryEngines.js';
import { parseSubjectQuery } from './subjectQuery.js';

interface ComplianceCase {
  name: string;
  selector: string;
  document?: unknown;
  result?: unknown[];
  results?: unknown[][];
  invalid_selector?: true;
}

const fixtures = new URL('../../../test/fixtures/jsonpath-cts/', import.meta.url);
const suite = JSON.parse(readFileSync(new URL('cts.json', fixtures), 'utf8')) as { tests: ComplianceCase[] };
const known = JSON.parse(readFileSync(new URL('known-differences.json', fixtures), 'utf8')) as Record<
  string,
  string
>;

function subjectOf(document: unknown): Subject {
  return {
    status: 200,
    headers: { 'content-type': 'application/json' },
    body: document,
    bodyText: JSON.stringify(document),
    variables: scopeFromObject({}),
  };
}

/** Why a case fails through the runner, or undefined when it passes. */
function failure(test: ComplianceCase): string | undefined {
  const problems = checkExpectPath(test.selector);
  if (test.invalid_selector) return problems.length > 0 ? undefined : 'accepted an invalid selector';
  if (problems.length > 0) return `rejected: ${problems.map((p) => p.message).join('; ')}`;
  const resolved = resolveSubjectPath(subjectOf(test.document), test.selector);
  const value = resolved.found ? resolved.value : undefined;
  const got = isSingular(test) ? (resolved.found ? [value] : []) : value;
  const expected = test.result ? [test.result] : (test.results ?? []);
  return expected.some((one) => isDeepStrictEqual(got, one)) ? undefined : `got ${JSON.stringify(got)}`;
}

/** A singular query (names and indexes only) yields its node or nothing, as RFC 9535 says. */
function isSingular(test: ComplianceCase): boolean {
  const compiled = jsonPathEngine()?.compile(test.selector);
  return compiled !== undefined && 'singular' in compiled && compiled.singular !== undefined;
}

beforeAll(() => loadQueryEngines([parseSubjectQuery('$.x')]));

describe('RFC 9535 JSONPath compliance test suite', () => {
  it('passes every case except the listed known differences, and those still differ', () => {
    const failing = new Map<string, string>();
    for (const test of suite.tests) {
      const why = failure(test);
      if (why !== undefined) failing.set(test.name, why);
    }
    const unexpected = [...failing].filter(([name]) => !(name in known));
    const fixed = Object.keys(known).filter((name) => !failing.has(name));
    expect(unexpected, unexpected.map(([name, why]) => `${name}: ${why}`).join('\n')).toEqual([]);
    expect(fixed).toEqual([]);
    expect(suite.tests.length).toBeGreaterThanOrEqual(700);
  });
});
