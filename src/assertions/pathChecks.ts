import type { MatcherProblem } from './checkExpected.js';
import { capturePatternProblem } from './matchers/regexCapture.js';
import { jsonPathProblem } from './query/jsonPathQuery.js';
import { functionTypeProblem } from './query/pathTypes.js';
import { jsonPathEngine, xpathEngine } from './query/queryEngines.js';
import {
  CERTIFICATE_FIELDS,
  RESPONSE_FIELDS,
  parseSubjectQuery,
  splitSubjectPath,
  type SubjectQuery,
} from './query/subjectQuery.js';
import { xpathProblem } from './query/xpathQuery.js';
import { CACHE_FIELDS } from './subject.js';
import { closestByTypo } from '../diagnostics/typoDistance.js';

// Static checks of `expect` paths and `save` sources, for `validate`; the runtime side is subject.ts. JSONPath
// and XPath syntax is checked when the caller has loaded those engines (loadQueryEngines).

function problem(message: string, hint?: string): MatcherProblem[] {
  return [hint === undefined ? { message } : { message, hint }];
}

/** Offsets are into the key as written; the query was read from it trimmed. */
function shifted(problems: MatcherProblem[], by: number): MatcherProblem[] {
  return by === 0
    ? problems
    : problems.map((p) => (p.offset === undefined ? p : { ...p, offset: p.offset + by }));
}

function fieldProblem(
  root: string,
  field: string | number | object | undefined,
  fields: readonly string[],
): MatcherProblem[] {
  if (typeof field !== 'string' || fields.includes(field)) return [];
  const match = closestByTypo(field, fields, 2);
  return problem(
    `unknown ${root} field \`${field}\`; ${root} paths are ${fields.map((f) => `${root}.${f}`).join(', ')}`,
    match === undefined ? undefined : `did you mean \`${root}.${match}\`?`,
  );
}

/** Response fields that are one value, with nothing below them. */
const SCALAR_FIELDS = new Set<string>(
  RESPONSE_FIELDS.filter((f) => f !== 'redirects' && f !== 'certificate'),
);

function checkQuery(query: SubjectQuery): MatcherProblem[] {
  switch (query.kind) {
    case 'invalid':
      return problem(query.message, query.hint);
    case 'header':
      return [];
    case 'jsonpath': {
      const engine = jsonPathEngine();
      const why = engine === undefined ? undefined : jsonPathProblem(engine, query.expression);
      return why === undefined ? [] : [why];
    }
    case 'xpath': {
      const engine = xpathEngine();
      const why = engine === undefined ? undefined : xpathProblem(engine, query.expression);
      return why === undefined ? [] : problem(why);
    }
    case 'call': {
      // An offset inside a function's argument is not one into the key: drop it.
      const inner = checkQuery(query.argument).map(({ message, hint }) =>
        hint === undefined ? { message } : { message, hint },
      );
      if (inner.length > 0) return inner;
      const typeProblem = functionTypeProblem(query.name, query.argument, query.argumentText);
      if (typeProblem !== undefined) return problem(typeProblem.message, typeProblem.hint);
      const why = query.pattern === undefined ? undefined : capturePatternProblem(query.pattern);
      return why === undefined ? [] : problem(why);
    }
    case 'root':
      if (query.root === 'cookies' && query.rest === '')
        return problem('`cookies` needs a cookie name: `cookies.<name>` or `cookies.<name>.<attribute>`');
      if (query.rest === '') return [];
      if (query.root === 'status' || SCALAR_FIELDS.has(query.root))
        return problem(`\`${query.root}\` has no fields; write \`${query.root}\``);
      if (query.root === 'cache') return fieldProblem('cache', query.segments[0], CACHE_FIELDS);
      if (query.root === 'certificate')
        return fieldProblem('certificate', query.segments[0], CERTIFICATE_FIELDS);
      return [];
  }
}

/** Static check of an `expect` path for `validate`: `schema`, or a path `save` could read too. */
export function checkExpectPath(path: string): MatcherProblem[] {
  const trimmed = path.trim();
  if (trimmed === 'schema') return [];
  if (splitSubjectPath(trimmed).root === 'schema')
    return problem('`schema` takes no path; write `schema: <name>`');
  return shifted(checkQuery(parseSubjectQuery(trimmed)), path.length - path.trimStart().length);
}

/** Static check of a `save` source for `validate`: unknown root or function, bad path, pattern or query syntax. */
export function checkSaveSource(source: string): MatcherProblem[] {
  const trimmed = source.trim();
  if (trimmed === '')
    return problem('empty save source; write a path such as `body.id` or `count(body.items)`');
  if (splitSubjectPath(trimmed).root === 'schema') {
    return problem('`schema` is only for `expect`; it names a schema, not a value to save');
  }
  return shifted(checkQuery(parseSubjectQuery(trimmed)), source.length - source.trimStart().length);
}
