import { parseWrittenExpected, type AssertionResult, type ExpectationInput } from '../../assertions/index.js';
import { interpolateDeep, type ExpressionRuntime, type VariableScope } from '../../expressions/index.js';
import type { Expectation } from '../../language/model.js';
import { describeError } from './context.js';

export interface ResolvedExpectations {
  ready: ExpectationInput[];
  /** Expectations whose expected value could not be interpolated: failed assertions as they stand. */
  failed: AssertionResult[];
}

/**
 * Expected values may use variables (`body.id: $userId`, `startsWith $prefix`); they are filled in when the
 * step runs. Whether a value is a matcher is decided on the text as written, so a variable's value is
 * always compared as a value and never read as a matcher.
 */
export function resolveExpectations(
  expectations: readonly Expectation[],
  scope: VariableScope,
  runtime: ExpressionRuntime,
): ResolvedExpectations {
  const ready: ExpectationInput[] = [];
  const failed: AssertionResult[] = [];
  for (const expectation of expectations) {
    try {
      const written = parseWrittenExpected(expectation.expected);
      const expected = interpolateDeep(expectation.expected, scope, runtime);
      const input: ExpectationInput = {
        path: expectation.path,
        expected,
        loc: expectation.loc,
        literal: written.kind === 'literal',
      };
      // Without variables the text is as written, and so is its parse.
      if (expected === expectation.expected) input.parsed = written;
      ready.push(input);
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
