import type { AssertionResult } from '../../assertions/index.js';
import { interpolateDeep, type ExpressionRuntime, type VariableScope } from '../../expressions/index.js';
import type { Expectation } from '../../language/model.js';
import { describeError } from './context.js';

export interface ResolvedExpectations {
  ready: Expectation[];
  /** Expectations whose expected value could not be interpolated: failed assertions as they stand. */
  failed: AssertionResult[];
}

/** Expected values may use variables (`body.id: $userId`); they are interpolated when the step runs. */
export function resolveExpectations(
  expectations: readonly Expectation[],
  scope: VariableScope,
  runtime: ExpressionRuntime,
): ResolvedExpectations {
  const ready: Expectation[] = [];
  const failed: AssertionResult[] = [];
  for (const expectation of expectations) {
    try {
      ready.push({ ...expectation, expected: interpolateDeep(expectation.expected, scope, runtime) });
    } catch (error) {
      failed.push({
        path: expectation.path,
        expected: expectation.expected,
        actual: undefined,
        passed: false,
        message: `${expectation.path}: ${describeError(error)}`,
        loc: expectation.loc,
      });
    }
  }
  return { ready, failed };
}
