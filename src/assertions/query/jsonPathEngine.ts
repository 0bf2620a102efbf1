/**
 * The RFC 9535 JSONPath engine (json-p3, which passes the whole JSONPath compliance test suite: see
 * test/fixtures/jsonpath-cts). This module imports the package statically and is itself loaded on first
 * need (queryEngines.ts, as src/cache/redisClient.ts).
 */
import { DEFAULT_ENVIRONMENT, JSONPathError, jsonpath, type JSONPathQuery } from 'json-p3';
import type { PathSegment } from '../../expressions/path.js';
import type { CompiledJsonPath, JsonPathEngine } from './queryEngines.js';

/** json-p3 ends its messages with `('<context>':<index>)`; the runner names the place itself. */
const CONTEXT_SUFFIX = /\s*\('[^]*':\d+\)$/;

/** The names and indexes of a singular query (RFC 9535, 2.3.5.1), or undefined when it is not singular. */
function singularSegments(query: JSONPathQuery): PathSegment[] | undefined {
  if (!query.singularQuery()) return undefined;
  const out: PathSegment[] = [];
  for (const segment of query.segments) {
    const selector = segment.selectors[0];
    if (selector instanceof jsonpath.selectors.NameSelector) out.push(selector.name);
    else if (selector instanceof jsonpath.selectors.IndexSelector) out.push(selector.index);
    else return undefined;
  }
  return out;
}

function compile(expression: string): CompiledJsonPath {
  try {
    const query = DEFAULT_ENVIRONMENT.compile(expression);
    return {
      singular: singularSegments(query),
      query: (document) => query.query(document as never).values(),
    };
  } catch (error) {
    if (!(error instanceof JSONPathError)) throw error;
    return { error: error.message.replace(CONTEXT_SUFFIX, ''), offset: error.token.index };
  }
}

export function createJsonPathEngine(): JsonPathEngine {
  return { compile };
}
