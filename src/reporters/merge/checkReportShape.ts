/**
 * Whether a parsed `report.json` has what `report merge` reads (docs/reports.md), checked field by field so
 * the first problem is named by its JSON pointer: `/scenarios/2/steps/0/status: expected passed, failed or
 * skipped`. Fields the merge does not read are not checked; reports written before a field existed (`col`)
 * still merge. Pure.
 */
type Problem = string | undefined;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function expect(at: string, ok: boolean, what: string): Problem {
  return ok ? undefined : `${at || '/'}: expected ${what}`;
}

function first(checks: Iterable<Problem>): Problem {
  for (const problem of checks) if (problem !== undefined) return problem;
  return undefined;
}

function field(
  record: Record<string, unknown>,
  at: string,
  name: string,
  type: 'string' | 'number' | 'boolean',
  optional = false,
): Problem {
  const value = record[name];
  if (optional && value === undefined) return undefined;
  return expect(`${at}/${name}`, typeof value === type, `a ${type}`);
}

function oneOf(
  record: Record<string, unknown>,
  at: string,
  name: string,
  values: readonly string[],
): Problem {
  const value = record[name];
  return expect(`${at}/${name}`, typeof value === 'string' && values.includes(value), values.join(', '));
}

function list(value: unknown, at: string, item: (entry: unknown, at: string) => Problem, optional = false) {
  if (optional && value === undefined) return undefined;
  if (!Array.isArray(value)) return `${at}: expected a list`;
  return first(value.map((entry, i) => item(entry, `${at}/${i}`)));
}

function assertion(value: unknown, at: string): Problem {
  if (!isObject(value)) return `${at}: expected an object`;
  return first([
    field(value, at, 'path', 'string'),
    field(value, at, 'passed', 'boolean'),
    field(value, at, 'message', 'string'),
  ]);
}

function optionalObject(record: Record<string, unknown>, at: string, name: string): Problem {
  const value = record[name];
  return expect(
    `${at}/${name}`,
    value === null || value === undefined || isObject(value),
    'an object or null',
  );
}

function step(value: unknown, at: string): Problem {
  if (!isObject(value)) return `${at}: expected an object`;
  return first([
    field(value, at, 'index', 'number'),
    field(value, at, 'label', 'string'),
    field(value, at, 'duration', 'number'),
    oneOf(value, at, 'status', ['passed', 'failed', 'skipped']),
    oneOf(value, at, 'section', ['setup', 'steps', 'teardown']),
    field(value, at, 'kind', 'string'),
    field(value, at, 'line', 'number'),
    field(value, at, 'col', 'number', true),
    field(value, at, 'file', 'string', true),
    optionalObject(value, at, 'request'),
    optionalObject(value, at, 'response'),
    list(value.assertions, `${at}/assertions`, assertion),
    list(value.children, `${at}/children`, step, true),
  ]);
}

function scenarioRecord(value: unknown, at: string): Problem {
  if (!isObject(value)) return `${at || '/'}: expected an object`;
  const { metadata, summary } = value;
  if (!isObject(metadata)) return `${at}/metadata: expected an object`;
  if (!isObject(summary)) return `${at}/summary: expected an object`;
  const meta = `${at}/metadata`;
  const sums = `${at}/summary`;
  return first([
    field(metadata, meta, 'scenario', 'string'),
    field(metadata, meta, 'testFile', 'string'),
    field(metadata, meta, 'environment', 'string'),
    field(metadata, meta, 'timestamp', 'string'),
    field(metadata, meta, 'duration', 'number'),
    oneOf(metadata, meta, 'status', ['passed', 'failed']),
    ...(['total', 'passed', 'failed', 'skipped'] as const).map((name) =>
      field(summary, sums, name, 'number'),
    ),
    list(value.steps, `${at}/steps`, step),
  ]);
}

/** The first problem of a parsed report, or undefined when it can be merged. */
export function reportShapeProblem(value: unknown): Problem {
  const top = scenarioRecord(value, '');
  if (top !== undefined || !isObject(value)) return top;
  return list(value.scenarios, '/scenarios', scenarioRecord, true);
}
