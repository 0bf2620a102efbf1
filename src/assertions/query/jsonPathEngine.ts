/**
 * The RFC 9535 JSONPath engine (jsonpath-rfc9535). This module imports the package statically and is itself
 * loaded on first need (queryEngines.ts, as src/cache/redisClient.ts).
 */
import { query } from 'jsonpath-rfc9535';
import parseJsonPath from 'jsonpath-rfc9535/parser';
import type { JsonPathAst, JsonPathEngine } from './queryEngines.js';

export function createJsonPathEngine(): JsonPathEngine {
  return {
    parse: (expression) => parseJsonPath(expression) as JsonPathAst,
    query: (document, expression) => query(document as never, expression),
  };
}
