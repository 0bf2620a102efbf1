/**
 * API coverage (`runner run --coverage`, DECISIONS.md "Authoring"): which operations of the OpenAPI document
 * the run exercised, and which of the statuses written out in it (`200`, `404`, `4XX`; not `default`, see
 * "Finer points") its responses had. Computed from the finished run: each HTTP step records the operation it
 * matched (StepResult.operation), nested executions (`use`, loops) included.
 *
 * coverage.json has this shape so that shards merge by simple union: per operation, add up `requests` and
 * each status's count, then count again what is above zero (mergeCoverage).
 */
import type { RunResult, StepResult } from '../../engine/index.js';

/** What the document documents, as the contract lists it. */
export interface DocumentedOperation {
  /** `GET /pets/{petId}`. */
  operation: string;
  operationId?: string;
  /** Statuses written out, as written (`200`, `4XX`); `default` is not among them. */
  statuses: string[];
}

export interface OperationCoverage {
  operation: string;
  operationId?: string;
  /** Responses that matched the operation, whatever their status. */
  requests: number;
  /** Each written status → responses that had it. */
  statuses: Record<string, number>;
}

export interface Tally {
  documented: number;
  exercised: number;
}

export interface ApiCoverage {
  /** The document, relative to the project root. */
  document: string;
  operations: OperationCoverage[];
  /** Responses to requests that matched no operation. */
  unmatchedRequests: number;
  summary: { operations: Tally; statuses: Tally };
}

/** The written key a status counts for: the status itself before its range (OpenAPI's precedence). */
function keyFor(status: number, statuses: readonly string[]): string | undefined {
  const exact = statuses.find((key) => key === String(status));
  if (exact !== undefined) return exact;
  return statuses.find((key) => /^[1-5]XX$/i.test(key) && Number(key[0]) === Math.floor(status / 100));
}

function* httpSteps(steps: Iterable<StepResult>): Generator<StepResult> {
  for (const step of steps) {
    if (step.kind === 'request' && step.response !== undefined) yield step;
    if (step.children) yield* httpSteps(step.children);
  }
}

function summarize(operations: readonly OperationCoverage[]): ApiCoverage['summary'] {
  const statuses = operations.flatMap((operation) => Object.values(operation.statuses));
  return {
    operations: {
      documented: operations.length,
      exercised: operations.filter((operation) => operation.requests > 0).length,
    },
    statuses: { documented: statuses.length, exercised: statuses.filter((count) => count > 0).length },
  };
}

export function computeCoverage(
  document: string,
  documented: readonly DocumentedOperation[],
  run: RunResult,
): ApiCoverage {
  const operations: OperationCoverage[] = documented.map((entry) => ({
    operation: entry.operation,
    ...(entry.operationId === undefined ? {} : { operationId: entry.operationId }),
    requests: 0,
    statuses: Object.fromEntries(entry.statuses.map((status) => [status, 0])),
  }));
  const byLabel = new Map(operations.map((operation) => [operation.operation, operation]));
  let unmatchedRequests = 0;
  for (const scenario of run.scenarios) {
    for (const step of httpSteps(scenario.steps)) {
      const operation = step.operation === undefined ? undefined : byLabel.get(step.operation);
      const status = step.response?.status;
      if (operation === undefined || status === undefined) {
        unmatchedRequests++;
        continue;
      }
      operation.requests++;
      const key = keyFor(status, Object.keys(operation.statuses));
      if (key !== undefined) operation.statuses[key] = (operation.statuses[key] ?? 0) + 1;
    }
  }
  return { document, operations, unmatchedRequests, summary: summarize(operations) };
}

/** Coverage of several shards of one run (the union): counts add up, then the summary is counted again. */
export function mergeCoverage(parts: readonly ApiCoverage[]): ApiCoverage {
  const operations = new Map<string, OperationCoverage>();
  for (const part of parts) {
    for (const entry of part.operations) {
      const known = operations.get(entry.operation);
      if (known === undefined) {
        operations.set(entry.operation, { ...entry, statuses: { ...entry.statuses } });
        continue;
      }
      known.requests += entry.requests;
      for (const [status, count] of Object.entries(entry.statuses)) {
        known.statuses[status] = (known.statuses[status] ?? 0) + count;
      }
    }
  }
  const merged = [...operations.values()];
  return {
    document: parts[0]?.document ?? '',
    operations: merged,
    unmatchedRequests: parts.reduce((sum, part) => sum + part.unmatchedRequests, 0),
    summary: summarize(merged),
  };
}

export function serializeCoverage(coverage: ApiCoverage): string {
  return `${JSON.stringify(coverage, null, 2)}\n`;
}
