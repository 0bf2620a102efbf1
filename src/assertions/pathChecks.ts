import { parsePath } from '../expressions/path.js';
import type { MatcherProblem } from './checkExpected.js';
import { countedPath } from './save.js';
import { CACHE_FIELDS, isSubjectRoot, splitSubjectPath, unknownRoot } from './subject.js';
import { closestByTypo } from '../diagnostics/typoDistance.js';

// Static checks of `expect` paths and `save` sources, for `validate`; the runtime side is subject.ts and save.ts.

function problem(message: string, hint?: string): MatcherProblem[] {
  return [hint === undefined ? { message } : { message, hint }];
}

function cacheFieldHint(field: string | number | undefined): string | undefined {
  const match = typeof field === 'string' ? closestByTypo(field, CACHE_FIELDS, 2) : undefined;
  return match === undefined ? undefined : `did you mean \`cache.${match}\`?`;
}

/** Static check of a subject path: its root, its syntax, and for `cache` the field name. */
function checkPath(path: string): MatcherProblem[] {
  const { root, rest } = splitSubjectPath(path);
  if (!isSubjectRoot(root)) {
    const unknown = unknownRoot(root);
    return problem(unknown.message, unknown.hint);
  }
  if (path.endsWith('.')) return problem(`\`${path}\` ends with \`.\`; name a field after it`);
  if (root === 'headers' || rest === '') return [];
  if (root === 'status') return problem('`status` has no fields; write `status`');
  let first: string | number | undefined;
  try {
    first = parsePath(rest)[0];
  } catch (error) {
    return problem(error instanceof Error ? error.message : String(error));
  }
  if (root === 'cache' && !CACHE_FIELDS.some((field) => field === first)) {
    return problem(
      `unknown cache field \`${String(first)}\`; cache paths are ${CACHE_FIELDS.map((f) => `cache.${f}`).join(', ')}`,
      cacheFieldHint(first),
    );
  }
  return [];
}

/** Static check of an `expect` path for `validate`: `schema`, or a subject path with a known root and valid syntax. */
export function checkExpectPath(path: string): MatcherProblem[] {
  const trimmed = path.trim();
  if (trimmed === 'schema') return [];
  if (splitSubjectPath(trimmed).root === 'schema')
    return problem('`schema` takes no path; write `schema: <name>`');
  return checkPath(trimmed);
}

/** Static check of a `save` source for `validate`: unknown root, bad path syntax, a malformed `count()`. */
export function checkSaveSource(source: string): MatcherProblem[] {
  const trimmed = source.trim();
  if (trimmed === '')
    return problem('empty save source; write a path such as `body.id` or `count(body.items)`');
  if (splitSubjectPath(trimmed).root === 'schema') {
    return problem('`schema` is only for `expect`; it names a schema, not a value to save');
  }
  const call = /^([A-Za-z_]\w*)\s*\(/.exec(trimmed);
  if (!call) return checkPath(trimmed);
  const name = call[1] ?? '';
  if (name !== 'count') {
    return problem(
      `unknown function \`${name}()\`; the only save function is \`count(...)\``,
      'write `count(body.<path>)`',
    );
  }
  const counted = countedPath(trimmed);
  if (counted === undefined)
    return problem(`\`${trimmed}\` is not a complete \`count(...)\``, 'write `count(body.<path>)`');
  if (counted === '') return problem('`count()` needs a path, such as `count(body.items)`');
  const { root } = splitSubjectPath(counted);
  if (root === 'status' || root === 'headers') {
    return problem(
      `\`count()\` counts array items; \`${counted}\` is never an array`,
      'count a `body`, `jwt` or `cache` path',
    );
  }
  return checkPath(counted);
}
