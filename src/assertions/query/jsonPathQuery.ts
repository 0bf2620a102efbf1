/**
 * A key starting with `$`: an RFC 9535 JSONPath query over the JSON body (DECISIONS, Wave 2). A singular
 * query (names and indexes only) yields the node or nothing, and a miss says what was there; any other query
 * yields the list of matched nodes, possibly empty.
 */
import type { VariableScope } from '../../expressions/index.js';
import { followSegments } from './followPath.js';
import { jsonPathEngine, type CompiledJsonPath, type JsonPathEngine } from './queryEngines.js';
import { missing, type Resolved } from './resolved.js';

const compiled = new Map<string, CompiledJsonPath>();
const MAX_COMPILED = 1_000;

function compile(engine: JsonPathEngine, expression: string): CompiledJsonPath {
  let result = compiled.get(expression);
  if (result === undefined) {
    result = engine.compile(expression);
    if (compiled.size < MAX_COMPILED) compiled.set(expression, result);
  }
  return result;
}

/** Why a JSONPath expression does not parse and where (an offset into it), or undefined when it does. */
export function jsonPathProblem(
  engine: JsonPathEngine,
  expression: string,
): { message: string; offset: number } | undefined {
  const result = compile(engine, expression);
  if (!('error' in result)) return undefined;
  return { message: invalidMessage(expression, result), offset: result.offset };
}

function invalidMessage(expression: string, problem: { error: string; offset: number }): string {
  return `invalid JSONPath \`${expression}\` at character ${problem.offset + 1}: ${problem.error}`;
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
  if ('error' in query) return missing(invalidMessage(expression, query));
  if (query.singular === undefined) return { found: true, value: query.query(document) };
  const found = followSegments('$', document, query.singular, variables);
  if (found.found) return found;
  return { ...found, message: `JSONPath matched nothing (${found.message})` };
}
