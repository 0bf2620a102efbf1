import type { SourceLocation } from '../diagnostics/location.js';
import { suggestMatcher } from './checkExpected.js';
import { matchExpected, parseExpected, type ParsedExpectation } from './expected.js';
import { parseSubjectQuery, queryRoot, splitSubjectPath } from './query/subjectQuery.js';
import { resolveQuery, type Subject } from './subject.js';
import { quoteValue } from '../expressions/index.js';

/** One checked `expect` entry: a result, never an exception (STYLE.md, "Failures are results"). */
export interface AssertionResult {
  path: string;
  /** As written: the matcher string or the literal. */
  expected: unknown;
  /** The value found; undefined when the path is missing. */
  actual: unknown;
  passed: boolean;
  /** One console line: `status == 200`, `status = 201 (expected), got 404`, `status = 5xx (expected), got 400`. */
  message: string;
  /** When the path was missing: the fields at the deepest level reached. */
  available?: string[];
  loc?: SourceLocation;
}

export interface ExpectationInput {
  path: string;
  expected: unknown;
  loc?: SourceLocation;
  /**
   * Compare with `expected` as it is, never reading it as a matcher: for values that came out of variables
   * (a saved "not empty" must not turn `body.x: $v` into a presence check).
   */
  literal?: boolean;
  /** `expected` already parsed, when it is the text as written (parseWrittenExpected). */
  parsed?: ParsedExpectation;
}

export type SchemaValidator = (schemaName: string, body: unknown) => { passed: boolean; errors: string[] };

export interface EvaluateOptions {
  /** Validates the body against a named schema (`schema: user.json`); absent where no schemas are configured. */
  validateSchema?: SchemaValidator;
  /**
   * Evaluate in the order written (`expect` as a list, DECISIONS Wave 2) instead of SPEC's phase order,
   * which is for `expect` as a map.
   */
  inOrder?: boolean;
}

/** SPEC, phase 6: status, headers, body matchers (stream items beside them), JWT claims, schema, cache; unknown roots last. */
const PHASE_ORDER = [
  'status',
  'headers',
  'body',
  'messages',
  'events',
  'close',
  'trailers',
  'jwt',
  'schema',
  'cache',
];

const SCHEMA_PHASE = PHASE_ORDER.indexOf('schema');

/** What ordering and evaluating need of a path, worked out once per text (keys repeat on every step). */
interface PathFacts {
  phase: number;
  /** `schema: user.json`, checked against the named schema rather than read from the subject. */
  schema: boolean;
}

const pathFacts = new Map<string, PathFacts>();
const MAX_PATH_FACTS = 2_000;

function factsOf(path: string): PathFacts {
  let facts = pathFacts.get(path);
  if (facts === undefined) {
    if (splitSubjectPath(path).root === 'schema') facts = { phase: SCHEMA_PHASE, schema: true };
    else {
      const root = queryRoot(parseSubjectQuery(path));
      // JSONPath and XPath read the body, so they are body matchers.
      const index = PHASE_ORDER.indexOf(root === 'jsonpath' || root === 'xpath' ? 'body' : (root ?? ''));
      facts = { phase: index < 0 ? PHASE_ORDER.length : index, schema: false };
    }
    if (pathFacts.size < MAX_PATH_FACTS) pathFacts.set(path, facts);
  }
  return facts;
}

function result(
  entry: ExpectationInput,
  fields: Omit<AssertionResult, 'path' | 'expected' | 'loc'>,
): AssertionResult {
  const out: AssertionResult = { path: entry.path, expected: entry.expected, ...fields };
  if (entry.loc !== undefined) out.loc = entry.loc;
  return out;
}

/** How a passed check reads: `== "Alice"` for literals, `startsWith "Al"` for matchers. */
function expectedText(parsed: ParsedExpectation): string {
  return parsed.kind === 'matcher' ? parsed.display : `== ${quoteValue(parsed.value)}`;
}

/**
 * What a failed check expected, after SPEC's `status = <expected> (expected), got <actual>`: the literal
 * (`"Alice"`) or the matcher as written (`5xx`, `startsWith "Al"`). Every path fails in that one form.
 */
function expectedShown(parsed: ParsedExpectation): string {
  return parsed.kind === 'matcher' ? parsed.display : quoteValue(parsed.value);
}

function evaluateSchema(
  entry: ExpectationInput,
  subject: Subject,
  options: EvaluateOptions,
): AssertionResult {
  const name = entry.expected;
  if (typeof name !== 'string' || name.trim() === '') {
    return result(entry, {
      actual: undefined,
      passed: false,
      message: 'schema: expected a schema name such as `user.json`',
    });
  }
  if (!options.validateSchema) {
    return result(entry, {
      actual: undefined,
      passed: false,
      message: `schema ${quoteValue(name)}: cannot validate, schema validation is not set up for this run`,
    });
  }
  if (subject.bodyUnreadable !== undefined)
    return result(entry, {
      actual: undefined,
      passed: false,
      message: `schema ${quoteValue(name)}: ${subject.bodyUnreadable}`,
    });
  const verdict = options.validateSchema(name, subject.body);
  if (verdict.passed)
    return result(entry, { actual: [], passed: true, message: `schema ${quoteValue(name)} matches` });
  const count = `${verdict.errors.length} error${verdict.errors.length === 1 ? '' : 's'}`;
  return result(entry, {
    actual: verdict.errors,
    passed: false,
    message: `schema = ${quoteValue(name)} (expected), got ${count}: ${quoteValue(verdict.errors.join('; '))}`,
  });
}

function evaluateOne(entry: ExpectationInput, subject: Subject, options: EvaluateOptions): AssertionResult {
  if (factsOf(entry.path).schema) return evaluateSchema(entry, subject, options);
  const parsed: ParsedExpectation = entry.literal
    ? { kind: 'literal', value: entry.expected }
    : (entry.parsed ?? parseExpected(entry.expected));
  const query = parseSubjectQuery(entry.path);
  const resolved = resolveQuery(subject, query);
  if (!resolved.found) {
    const absentPasses = parsed.kind === 'matcher' && parsed.name === 'exists' && parsed.negated;
    if (absentPasses)
      return result(entry, { actual: undefined, passed: true, message: `${entry.path} ${parsed.display}` });
    return result(entry, {
      actual: undefined,
      passed: false,
      message: `${entry.path}: ${resolved.message}`,
      available: resolved.available,
    });
  }
  const actual = resolved.value;
  // Headers are text by nature: `headers.content-length: 42` compares with the text "42".
  const verdict = matchExpected(parsed, actual, { textual: query.kind === 'header' });
  if (verdict.invalid !== undefined) {
    return result(entry, {
      actual,
      passed: false,
      message: `${entry.path}: invalid matcher: ${verdict.invalid}`,
    });
  }
  if (verdict.passed)
    return result(entry, { actual, passed: true, message: `${entry.path} ${expectedText(parsed)}` });
  const notes = [verdict.reason];
  if (parsed.kind === 'literal' && typeof parsed.value === 'string') {
    const suggestion = suggestMatcher(parsed.value);
    if (suggestion !== undefined) notes.push(`did you mean the matcher \`${suggestion}\`?`);
  }
  // DECISIONS, Wave 2: a JSONPath that matched nothing says so.
  if (query.kind === 'jsonpath' && Array.isArray(actual) && actual.length === 0)
    notes.push('the JSONPath matched nothing');
  const note = notes.filter((text) => text !== undefined).join('; ');
  return result(entry, {
    actual,
    passed: false,
    message: `${entry.path} = ${expectedShown(parsed)} (expected), got ${quoteValue(actual)}${note ? ` (${note})` : ''}`,
  });
}

/**
 * Checks a step's `expect` entries against what it produced, in SPEC's phase-6 order (stable within a group)
 * or, for `expect` written as a list, in the order written; one result per entry.
 */
export function evaluateExpectations(
  expectations: readonly ExpectationInput[],
  subject: Subject,
  options: EvaluateOptions = {},
): AssertionResult[] {
  if (options.inOrder === true || inPhaseOrder(expectations))
    return expectations.map((entry) => evaluateOne(entry, subject, options));
  const ordered = expectations
    .map((entry, index) => ({ entry, index, phase: factsOf(entry.path).phase }))
    .sort((a, b) => a.phase - b.phase || a.index - b.index);
  return ordered.map(({ entry }) => evaluateOne(entry, subject, options));
}

/** Whether the entries are written in phase order already (usual: `status` first, then the body). */
function inPhaseOrder(expectations: readonly ExpectationInput[]): boolean {
  let previous = -1;
  for (const entry of expectations) {
    const { phase } = factsOf(entry.path);
    if (phase < previous) return false;
    previous = phase;
  }
  return true;
}
