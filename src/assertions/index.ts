// The public face of src/assertions: matchers, expectations and saves (pure; no I/O).
export {
  checkExpected,
  checkStatusExpected,
  type MatcherProblem,
  type StatusProtocol,
} from './checkExpected.js';
export { parseExpected, parseWrittenExpected } from './expected.js';
export { MATCHER_DOCS, type MatcherDoc } from './matchers/registry.js';
export type { Resolved, Subject } from './subject.js';
export { loadQueryEngines, loadQueryEnginesFor } from './query/queryEngines.js';
export {
  parseSubjectQuery,
  queryRoot,
  queryVariables,
  RESPONSE_FIELDS,
  SUBJECT_ROOTS as SUBJECT_ROOT_NAMES,
  QUERY_FUNCTION_NAMES,
  type SubjectQuery,
} from './query/subjectQuery.js';
export type { CertificateFacts, RedirectStep, ResponseFacts } from './query/responseFields.js';
export {
  evaluateExpectations,
  type AssertionResult,
  type EvaluateOptions,
  type ExpectationInput,
  type SchemaValidator,
} from './expectations.js';
export { extractSaves, type SaveOutcome, type SaveRuleInput } from './save.js';
export { checkExpectPath, checkSaveSource } from './pathChecks.js';
export { grpcStatusCode, grpcStatusName } from './grpcStatus.js';
export { withJwt } from './jwt.js';
