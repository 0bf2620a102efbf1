/**
 * `expect.status` on a grpc step takes the status name or its number (DECISIONS, "Finer points (wave 3)"):
 * the subject holds the number, so a name is compared as its number, and a failure names both statuses.
 */
import {
  grpcStatusCode,
  grpcStatusName,
  type AssertionResult,
  type ExpectationInput,
} from '../../assertions/index.js';

function isStatus(path: string): boolean {
  return path.trim() === 'status';
}

/** `NOT_FOUND (5)`; a number that is no gRPC status as it is. */
function shown(code: number): string {
  const name = grpcStatusName(code);
  return name === undefined ? String(code) : `${name} (${code})`;
}

/** The written status as its number, when it is a gRPC status name or number; else as it was. */
export function grpcStatusExpectations(ready: readonly ExpectationInput[]): ExpectationInput[] {
  return ready.map((entry) => {
    if (!isStatus(entry.path)) return entry;
    const code = grpcStatusCode(entry.expected);
    if (code === undefined) return entry;
    const { parsed: _parsed, ...rest } = entry;
    return { ...rest, expected: code, literal: true };
  });
}

/**
 * Results as the user wrote them: `expected` as written (`NOT_FOUND`), and a failed status comparison
 * worded with names: `status = OK (0) (expected), got NOT_FOUND (5)`.
 */
export function grpcStatusResults(
  results: readonly AssertionResult[],
  written: readonly ExpectationInput[],
): AssertionResult[] {
  return results.map((result) => {
    if (!isStatus(result.path)) return result;
    const original = written.find((entry) => entry.loc === result.loc && entry.path === result.path);
    const expected = original?.expected ?? result.expected;
    const code = grpcStatusCode(expected);
    if (result.passed || code === undefined || typeof result.actual !== 'number')
      return { ...result, expected };
    return {
      ...result,
      expected,
      message: `status = ${shown(code)} (expected), got ${shown(result.actual)}`,
    };
  });
}
