/**
 * A key starting with `$`: an RFC 9535 JSONPath query over the JSON body (DECISIONS, Wave 2). A singular
 * query (names and indexes only) yields the node or nothing, and a miss says what was there; any other query
 * yields the list of matched nodes, possibly empty.
 */
import type { VariableScope } from '../../expressions/index.js';
import type { PathSegment } from '../../expressions/path.js';
import { followSegments } from './followPath.js';
import { jsonPathEngine, type JsonPathAst, type JsonPathEngine } from './queryEngines.js';
import { missing, type Resolved } from './resolved.js';

type Compiled = { singular: PathSegment[] | undefined } | { error: string; offset?: number };

const compiled = new Map<string, Compiled>();
const MAX_COMPILED = 1_000;

/** The names and indexes of a singular query, or undefined when the query may select several nodes. */
function singularSegments(ast: JsonPathAst): PathSegment[] | undefined {
  const out: PathSegment[] = [];
  for (const segment of ast.segments) {
    if (segment.type !== 'ChildSegment') return undefined;
    const node = segment.node as {
      type: string;
      value?: unknown;
      selectors?: readonly { type: string; value?: unknown }[];
    };
    const selector =
      node.type === 'BracketedSelection' && node.selectors?.length === 1 ? node.selectors[0] : node;
    if (selector === undefined) return undefined;
    if (
      (selector.type === 'MemberNameShorthand' || selector.type === 'NameSelector') &&
      typeof selector.value === 'string'
    )
      out.push(selector.value);
    else if (selector.type === 'IndexSelector' && typeof selector.value === 'number')
      out.push(selector.value);
    else return undefined;
  }
  return out;
}

/** Why a JSONPath expression does not parse and where (an offset into it), or undefined when it does. */
export function jsonPathProblem(
  engine: JsonPathEngine,
  expression: string,
): { message: string; offset?: number } | undefined {
  const result = compile(engine, expression);
  if (!('error' in result)) return undefined;
  return result.offset === undefined
    ? { message: result.error }
    : { message: result.error, offset: result.offset };
}

function compile(engine: JsonPathEngine, expression: string): Compiled {
  let result = compiled.get(expression);
  if (result === undefined) {
    try {
      result = { singular: singularSegments(engine.parse(expression)) };
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const column = (error as { location?: { start?: { column?: number } } }).location?.start?.column;
      const error_ = `invalid JSONPath \`${expression}\`${column === undefined ? '' : ` at character ${column}`}: ${reason}`;
      result = column === undefined ? { error: error_ } : { error: error_, offset: column - 1 };
    }
    if (compiled.size < MAX_COMPILED) compiled.set(expression, result);
  }
  return result;
}

/** Runs `expression` on the parsed JSON body (`document`). */
export function resolveJsonPath(
  expression: string,
  document: unknown,
  variables: VariableScope | undefined,
): Resolved {
  const engine = jsonPathEngine();
  if (engine === undefined) return missing('internal: the JSONPath engine was not loaded before the check');
  const query = compile(engine, expression);
  if ('error' in query) return missing(query.error);
  if (query.singular === undefined) return { found: true, value: engine.query(document, expression) };
  const found = followSegments('$', document, query.singular, variables);
  if (found.found) return found;
  return { ...found, message: `JSONPath matched nothing (${found.message})` };
}
