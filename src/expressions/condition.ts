/** Conditions: `if:` guards, `repeat.until`, `transform.filter`, and `$if` (grammar in conditionParser.ts). */
import { ExpressionError } from '../diagnostics/errors.js';
import type { Condition } from './ast.js';
import { parseConditionRange } from './conditionParser.js';
import { evaluateConditionNode } from './evaluator.js';
import { NestingDepth } from './nesting.js';
import { cachedBy } from './parseCache.js';
import type { ExpressionRuntime, VariableScope } from './scope.js';
import { operandSyntax, type ParseState } from './templateParser.js';

/** Throws ExpressionError (code `condition.*` or `template.*`) with the 0-based offset of the culprit. */
export function parseCondition(text: string): Condition {
  const state: ParseState = { errors: [], nesting: new NestingDepth() };
  const operandErrors = state.errors;
  let condition: Condition;
  try {
    condition = parseConditionRange(text, 0, text.length, operandSyntax(text, state));
  } catch (error) {
    // Report whichever problem comes first in the text.
    const [earlier] = operandErrors;
    if (earlier && error instanceof ExpressionError && earlier.offset < error.offset) throw earlier;
    throw error;
  }
  const [first] = operandErrors;
  if (first) throw first;
  return condition;
}

const parseConditionCached = cachedBy(parseCondition);

export function evaluateCondition(
  condition: Condition | string,
  scope: VariableScope,
  runtime: ExpressionRuntime,
): boolean {
  const tree = typeof condition === 'string' ? parseConditionCached(condition) : condition;
  return evaluateConditionNode(tree, { scope, runtime });
}
