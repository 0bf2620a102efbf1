/**
 * The contract a run keeps (config `openapi:`): every HTTP step's response is checked against its operation
 * and the outcome is part of the step (DECISIONS.md, "Authoring"). The engine reaches this through its
 * ContractChecker interface (src/engine/services.ts), so a run without `openapi:` never loads this folder.
 */
import type { AssertionResult } from '../assertions/index.js';
import { checkResponse, type ObservedResponse } from './checkResponse.js';
import type { OpenApiDocument } from './document.js';
import { indexOperations } from './matchOperation.js';
import { listOperations, writtenStatuses, type Operation } from './operations.js';
import { createBodyValidator } from './schemaValidator.js';

export interface ContractExchange extends ObservedResponse {
  /** The URL the response came from (after redirects). */
  url: string;
}

export interface ContractVerdict {
  /** The operation the request matched: `GET /pets/{petId}`. */
  operation?: string;
  /** One check per broken rule, or one passed check naming the operation. */
  assertions: AssertionResult[];
  /** Why no operation matched: a warning, not a failure (DECISIONS.md, "Finer points"). */
  warning?: string;
}

export interface Contract {
  document: OpenApiDocument;
  operations: readonly Operation[];
  check(exchange: ContractExchange): Promise<ContractVerdict>;
  /** Each operation and the statuses written out for it (not `default`): what coverage counts. */
  documented(): { operation: string; operationId?: string; statuses: string[] }[];
}

export interface ContractOptions {
  /** The environment's base URLs (`baseUrl` and each service's): where the documented paths are served. */
  baseUrls: readonly string[];
  /** The masker's field check, so a violation of a masked body field does not show its value. */
  isSensitive?: (keys: readonly string[]) => boolean;
}

/** The path every contract check is reported under, as `schema` is for `expect: { schema: … }`. */
const CHECK_PATH = 'openapi';

export function createContract(document: OpenApiDocument, options: ContractOptions): Contract {
  const operations = listOperations(document.data);
  const index = indexOperations(document.data, operations, options.baseUrls);
  const validateBody = createBodyValidator(document, options.isSensitive);
  return {
    document,
    operations,
    documented: () =>
      operations.map((operation) => ({
        operation: operation.label,
        ...(operation.operationId === undefined ? {} : { operationId: operation.operationId }),
        statuses: writtenStatuses(operation),
      })),
    async check(exchange) {
      const matched = index.match(exchange.method, exchange.url);
      if ('unmatched' in matched) return { assertions: [], warning: `openapi: ${matched.unmatched}` };
      const { label } = matched.operation;
      const violations = await checkResponse(matched.operation, exchange, validateBody);
      const assertions: AssertionResult[] =
        violations.length === 0
          ? [
              {
                path: CHECK_PATH,
                expected: label,
                actual: exchange.status,
                passed: true,
                message: `openapi ${label}: ${exchange.status} keeps the contract`,
              },
            ]
          : violations.map((violation) => ({
              path: CHECK_PATH,
              expected: label,
              actual: exchange.status,
              passed: false,
              message: `openapi ${label}: ${violation.message}`,
            }));
      return { operation: label, assertions };
    },
  };
}
