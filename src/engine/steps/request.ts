import { evaluateExpectations, extractSaves, type Subject } from '../../assertions/index.js';
import { decodeBody, type HttpResponse } from '../../http/index.js';
import type { Step } from '../../language/model.js';
import { compileRequest } from '../compileRequest.js';
import type { RecordedResponse, TimingCheck } from '../results.js';
import { describeError, type StepContext, type StepOutcome } from './context.js';
import { resolveExpectations } from './expectations.js';
import { storeSaves } from './saves.js';

/** SPEC, JSON report: `requestId` comes from the first of these response headers that is present. */
const REQUEST_ID_HEADERS = ['x-request-id', 'x-trace-id', 'request-id'];

function findRequestId(headers: Record<string, string>): string | undefined {
  for (const name of REQUEST_ID_HEADERS) if (headers[name] !== undefined) return headers[name];
  return undefined;
}

function toSubject(response: HttpResponse): { subject: Subject; recorded: RecordedResponse } {
  const decoded = decodeBody(response);
  const body = decoded.isJson ? decoded.json : decoded.text === '' ? undefined : decoded.text;
  return {
    subject: { status: response.status, headers: response.headers, body, bodyText: decoded.text },
    recorded: {
      status: response.status,
      statusText: response.statusText,
      httpVersion: response.httpVersion,
      headers: response.headers,
      body,
      sizeBytes: response.body.byteLength,
    },
  };
}

/** SPEC phases 3-7 for one HTTP request: compile, send, time, assert, then save only when all passed. */
export async function executeRequestStep(
  step: Step & { kind: 'request' },
  context: StepContext,
): Promise<StepOutcome> {
  const { store, services, settings } = context;
  let compiled;
  try {
    compiled = await compileRequest(step.request, {
      scope: store,
      runtime: services.runtime,
      environment: settings.environment,
      userAgent: settings.userAgent,
      assets: services.assets,
    });
  } catch (error) {
    return { status: 'failed', error: describeError(error) };
  }

  let response: HttpResponse;
  try {
    response = await services.http.send(compiled.http);
  } catch (error) {
    return { status: 'failed', request: compiled.recorded, error: describeError(error) };
  }

  const { subject, recorded } = toSubject(response);
  const expectations = resolveExpectations(step.expect, store, services.runtime);
  const assertions = [...evaluateExpectations(expectations.ready, subject), ...expectations.failed];
  const timing: TimingCheck | undefined =
    step.timingMaxMs === undefined
      ? undefined
      : {
          maxMs: step.timingMaxMs,
          actualMs: response.durationMs,
          passed: response.durationMs <= step.timingMaxMs,
        };
  const passed = assertions.every((assertion) => assertion.passed) && (timing?.passed ?? true);

  const outcome: StepOutcome = {
    status: passed ? 'passed' : 'failed',
    durationMs: response.durationMs,
    request: compiled.recorded,
    response: recorded,
    assertions,
    timing,
    requestId: findRequestId(response.headers),
  };
  // SPEC phase 7: save only when the assertions succeeded.
  if (passed && step.save.length > 0) {
    const saves = extractSaves(step.save, subject);
    storeSaves(step.save, saves.values, context);
    outcome.saved = saves.values;
    outcome.warnings = saves.warnings;
  }
  return outcome;
}
