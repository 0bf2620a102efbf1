import {
  evaluateExpectations,
  loadQueryEngines,
  parseSubjectQuery,
  queryRoot,
  type AssertionResult,
  type EvaluateOptions,
  withJwt,
  type ExpectationInput,
  type SubjectQuery,
  type Subject,
} from '../../assertions/index.js';
import { decodeBody } from '../../http/index.js';
import type { VariableScope } from '../../expressions/index.js';
import type { SchemaStore, SchemaVerdict } from '../../workspace/index.js';
import { chooseAuth, type Step } from '../../language/index.js';
import { compileRequest } from '../compileRequest.js';
import type { RecordedResponse } from '../results.js';
import type { ContractChecker } from '../services.js';
import { describeError, type StepContext, type StepOutcome } from './context.js';
import { resolveExpectations } from './expectations.js';
import { RedirectFailure, sendFollowingRedirects, type FollowedResponse } from './redirects.js';
import { exchangeCookies } from './requestCookies.js';
import { stepVerdict } from './verdict.js';
import { recordedBody } from '../recordCaps.js';
import { joinedHeaders, resolveAuth, stepAuthClient, type StepAuthRecord } from '../stepAuth.js';
import { TokenRequestError } from '../../auth/index.js';

/** SPEC, JSON report: `requestId` comes from the first of these response headers that is present. */
const REQUEST_ID_HEADERS = ['x-request-id', 'x-trace-id', 'request-id'];

function findRequestId(headers: Record<string, string>): string | undefined {
  for (const name of REQUEST_ID_HEADERS) if (headers[name] !== undefined) return headers[name];
  return undefined;
}

function toSubject(
  followed: FollowedResponse,
  variables: VariableScope,
): { subject: Subject; recorded: RecordedResponse; recordWarning?: string } {
  const { response } = followed;
  const decoded = decodeBody(response);
  // DECISIONS, Platform: an empty body is present and equal to "" (HEAD, 204 and 304 included); only a
  // response that never came has no body.
  // A body too large for a string has no text and no value: its record starts from its bytes.
  const body = decoded.tooLarge ? undefined : decoded.isJson ? decoded.json : decoded.text;
  const kept = recordedBody(
    body,
    decoded.tooLarge ? response.body : decoded.text,
    response.body.byteLength,
    'the response body',
  );
  // Built field by field, once per request: spreading optional parts into literals copied them again.
  const facts: Subject['response'] = {
    url: followed.url,
    redirects:
      followed.hops.length === 0 ? [] : followed.hops.map((hop) => ({ status: hop.status, url: hop.to })),
    httpVersion: response.httpVersion,
    durationMs: followed.totalMs,
    bytes: response.body,
  };
  if (response.remoteAddress !== undefined) facts.ip = response.remoteAddress;
  if (response.certificate !== undefined) facts.certificate = response.certificate;
  const subject: Subject = { status: response.status, headers: response.headers, variables, response: facts };
  if (response.setCookie) subject.setCookie = response.setCookie;
  if (decoded.tooLarge) subject.bodyUnreadable = decoded.problem;
  else {
    subject.body = body;
    subject.bodyText = decoded.text;
  }
  if (decoded.problem !== undefined) subject.bodyProblem = decoded.problem;
  const recorded: RecordedResponse = {
    status: response.status,
    statusText: response.statusText,
    httpVersion: response.httpVersion,
    headers:
      response.setCookie !== undefined && response.setCookie.length > 0
        ? { ...response.headers, 'set-cookie': [...response.setCookie] }
        : response.headers,
    body: kept.body,
    sizeBytes: response.body.byteLength,
  };
  if (response.encoding !== undefined) {
    recorded.encoding = response.encoding.name;
    recorded.encodedSizeBytes = response.encoding.encodedBytes;
  }
  return kept.warning === undefined
    ? { subject, recorded }
    : { subject, recorded, recordWarning: kept.warning };
}

/** What a step's `expect` keys and `save` sources read (the queries are parsed once per text, then cached). */
interface StepReads {
  /** Any reads `jwt.…`: only then is a token looked for and decoded. */
  jwt: boolean;
  /** The queries, when one needs the JSONPath or XPath engine; undefined otherwise. */
  engines?: SubjectQuery[];
}

/**
 * Worked out for every execution of the step, without a cache of its own: a planned scenario's steps are
 * made afresh for each execution (workspace/storedScenario.ts), so a cache keyed by step would only grow.
 */
function stepReads(step: Step & { kind: 'request' }): StepReads {
  let jwt = false;
  let engines = false;
  const count = step.expect.length + step.save.length;
  for (let i = 0; i < count; i++) {
    const text = i < step.expect.length ? step.expect[i]!.path : step.save[i - step.expect.length]!.source;
    const root = queryRoot(parseSubjectQuery(text));
    if (root === 'jwt') jwt = true;
    else if (root === 'jsonpath' || root === 'xpath') engines = true;
  }
  if (!engines) return jwt ? READS_JWT : READS_PLAIN;
  const queries = [
    ...step.expect.map((expectation) => parseSubjectQuery(expectation.path)),
    ...step.save.map((save) => parseSubjectQuery(save.source)),
  ];
  return { jwt, engines: queries };
}

const READS_PLAIN: StepReads = { jwt: false };
const READS_JWT: StepReads = { jwt: true };

/** A run without an OpenAPI contract: nothing to add, and nothing to wait for. */
const NO_CONTRACT: Awaited<ReturnType<typeof checkContract>> = { assertions: [] };

const unavailable = { passed: false, errors: ['schema validation is not set up for this run'] };

/** How a step without `schema` checks is evaluated, made once (nearly every step, every time). */
const WITHOUT_SCHEMAS: EvaluateOptions = { validateSchema: () => unavailable, inOrder: false };
const WITHOUT_SCHEMAS_IN_ORDER: EvaluateOptions = { ...WITHOUT_SCHEMAS, inOrder: true };

function evaluateOptions(
  step: Step & { kind: 'request' },
  verdicts: ReadonlyMap<string, SchemaVerdict> | undefined,
): EvaluateOptions {
  const inOrder = step.expectInOrder === true;
  if (verdicts === undefined || verdicts.size === 0)
    return inOrder ? WITHOUT_SCHEMAS_IN_ORDER : WITHOUT_SCHEMAS;
  return { validateSchema: (name: string) => verdicts.get(name) ?? unavailable, inOrder };
}

function hasSchemaCheck(expectations: readonly ExpectationInput[]): boolean {
  for (const expectation of expectations) if (expectation.path === 'schema') return true;
  return false;
}

/** The outcome with the token requests or Digest challenges that went before the step's own request. */
function withAuthRecord(outcome: StepOutcome, auth: StepAuthRecord | undefined): StepOutcome {
  return auth === undefined || auth.exchanges.length === 0
    ? outcome
    : { ...outcome, authExchanges: auth.exchanges };
}

/** Schema checks read files and compile once per run, so they are awaited before the assertions run. */
async function checkSchemas(
  expectations: readonly ExpectationInput[],
  body: unknown,
  schemas: SchemaStore | undefined,
): Promise<Map<string, SchemaVerdict>> {
  const verdicts = new Map<string, SchemaVerdict>();
  if (!schemas) return verdicts;
  for (const expectation of expectations) {
    if (expectation.path === 'schema' && typeof expectation.expected === 'string') {
      verdicts.set(expectation.expected, await schemas.validate(expectation.expected, body));
    }
  }
  return verdicts;
}

/** The contract's checks of the final response (config `openapi:`); none when the run has no contract. */
async function checkContract(
  followed: FollowedResponse,
  subject: Subject,
  contract: ContractChecker | undefined,
): Promise<{ operation?: string; assertions: AssertionResult[]; warning?: string }> {
  if (contract === undefined || subject.status === undefined) return { assertions: [] };
  return contract.check({
    method: followed.method,
    url: followed.url,
    status: subject.status,
    headers: subject.headers ?? {},
    body: subject.body,
    bodyText: subject.bodyText ?? '',
    ...(subject.bodyProblem === undefined ? {} : { bodyProblem: subject.bodyProblem }),
  });
}

/** SPEC phases 3-7 for one HTTP request: compile, send, time, assert, then save only when all passed. */
export async function executeRequestStep(
  step: Step & { kind: 'request' },
  context: StepContext,
): Promise<StepOutcome> {
  const { store, services, settings } = context;
  let compiled;
  try {
    const compiling = compileRequest(step.request, {
      scope: store,
      runtime: services.runtime,
      environment: settings.environment,
      userAgent: settings.userAgent,
      assets: services.assets,
      signal: context.signal,
    });
    // Only `multipart` compiles asynchronously: other requests go out without a turn of the event loop.
    compiled = compiling instanceof Promise ? await compiling : compiling;
  } catch (error) {
    return { status: 'failed', error: describeError(error) };
  }
  // Before anything is sent or reported: a URL's password is masked in every output from here on.
  for (const secret of compiled.secrets) services.secrets.add(secret);

  let http = services.http;
  let auth: StepAuthRecord | undefined;
  const authSpec = chooseAuth(step.request.auth, settings.environment.auth, compiled.http.headers);
  if (authSpec !== undefined) {
    try {
      const resolved = resolveAuth(authSpec, store, services.runtime, (value) => services.secrets.add(value));
      ({ client: http, record: auth } = stepAuthClient(services, resolved, context.signal));
    } catch (error) {
      return { status: 'failed', error: describeError(error) };
    }
  }
  let followed: FollowedResponse;
  try {
    followed = await sendFollowingRedirects(
      http,
      compiled.http,
      settings.environment.maxRedirects,
      services.masker,
      exchangeCookies(context.cookies, compiled.http.headers, services.secrets),
    );
  } catch (error) {
    const redirects = error instanceof RedirectFailure ? { redirects: error.hops } : {};
    // DECISIONS.md, Interrupts: the request in flight is aborted; the step says why it has no response.
    const why = context.signal.aborted ? `interrupted: ${describeError(error)}` : describeError(error);
    // DECISIONS, "Finer points (wave 3)": without a token the step's own request is not sent.
    if (error instanceof TokenRequestError) return withAuthRecord({ status: 'failed', error: why }, auth);
    return withAuthRecord({ status: 'failed', request: compiled.recorded, error: why, ...redirects }, auth);
  }
  const { response } = followed;

  const decoded = toSubject(followed, store);
  let subject = decoded.subject;
  // DECISIONS, "Finer points": `cookies.<name>` reads what the jar would send to the step's final URL.
  const jar = context.cookies;
  if (jar !== undefined) {
    const finalUrl = followed.hops.at(-1)?.to ?? compiled.http.url;
    // The subject was made for this step alone: set on it, not copied (a copy per request showed).
    subject.cookies = (name) => jar.find(name, finalUrl);
  }
  const recorded = decoded.recorded;
  const reads = stepReads(step);
  // JSONPath and XPath engines load on the first step that needs them (start-up stays fast).
  if (reads.engines !== undefined) await loadQueryEngines(reads.engines);
  if (reads.jwt) subject = withJwt(subject, settings.jwtTokenPath);
  const expectations = resolveExpectations(step.expect, store, services.runtime);
  const verdicts = hasSchemaCheck(expectations.ready)
    ? await checkSchemas(expectations.ready, subject.body, services.schemas)
    : undefined;
  const contract =
    services.contract === undefined ? NO_CONTRACT : await checkContract(followed, subject, services.contract);
  const evaluated = evaluateExpectations(expectations.ready, subject, evaluateOptions(step, verdicts));
  // Nearly every step has only its own checks: the list is then the one they came in.
  const assertions =
    expectations.failed.length === 0 && contract.assertions.length === 0
      ? evaluated
      : [...evaluated, ...expectations.failed, ...contract.assertions];
  const verdict = stepVerdict(step, context, subject, assertions, followed.totalMs);
  // A body kept as text is worth a word even when no check reads into it: the reports show text, not JSON.
  if (subject.bodyProblem !== undefined)
    verdict.warnings = [...(verdict.warnings ?? []), subject.bodyProblem];
  // A request no operation describes is a warning, not a failure (DECISIONS.md, "Finer points").
  if (contract.warning !== undefined) verdict.warnings = [...(verdict.warnings ?? []), contract.warning];
  if (decoded.recordWarning !== undefined)
    verdict.warnings = [...(verdict.warnings ?? []), decoded.recordWarning];
  // The report shows the request with the credentials it carried (masked like any Authorization header).
  const sent =
    auth?.sentHeaders === undefined
      ? compiled.recorded
      : { ...compiled.recorded, headers: joinedHeaders(auth.sentHeaders) };
  // The verdict is this step's own object: completed in place (in the order the record's keys are written)
  // rather than copied into a new one.
  if (contract.operation !== undefined) verdict.operation = contract.operation;
  verdict.durationMs = followed.totalMs;
  if (followed.hops.length > 0) verdict.redirects = followed.hops;
  verdict.request = response.proxy === undefined ? sent : { ...sent, proxy: response.proxy };
  verdict.response = recorded;
  verdict.requestId = findRequestId(response.headers);
  return withAuthRecord(verdict, auth);
}
