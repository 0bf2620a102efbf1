import { describe, expect, it } from 'vitest';
import { failedRequest, scenarioResult, stepResult } from '../../../test/fixtures/junit/sampleResults.js';
import { buildFailureSnapshot } from './buildFailureSnapshot.js';

const generatedAt = '2024-05-01T12:34:56.789Z';

describe('buildFailureSnapshot', () => {
  it('names the file failure-<Scenario>-<StepName>-step<N>-<timestamp>.json with file-safe parts', () => {
    const scenario = scenarioResult([failedRequest], { name: 'Users: create & delete [2]' });
    const { fileName } = buildFailureSnapshot({ scenario, step: failedRequest, variables: {}, generatedAt });
    expect(fileName).toBe('failure-Users_create_delete_2-Create_user-step1-2024-05-01T12-34-56-789Z.json');
    expect(fileName).toMatch(/^failure-[A-Za-z0-9._-]+\.json$/);
  });

  it('uses the step index for N and the label for a request step without a name', () => {
    const step = stepResult({
      index: 7,
      label: 'GET http://127.0.0.1:8080/a/b?c=1',
      status: 'failed',
      error: 'x',
    });
    const { fileName } = buildFailureSnapshot({
      scenario: scenarioResult([step]),
      step,
      variables: {},
      generatedAt,
    });
    expect(fileName).toBe(
      'failure-Users-GET_http_127.0.0.1_8080_a_b_c_1-step7-2024-05-01T12-34-56-789Z.json',
    );
  });

  it('records the SPEC fields: where it failed, the first failure, request, response and variables', () => {
    const step = { ...failedRequest, section: 'setup' as const };
    const { content } = buildFailureSnapshot({
      scenario: scenarioResult([step]),
      step,
      variables: { userId: 7 },
      generatedAt,
    });
    expect(content).toEqual({
      timestamp: generatedAt,
      scenario: 'Users',
      testFile: 'tests/users.yaml',
      failedStepIndex: 1,
      failedStepLine: 12,
      role: 'setup',
      error: 'status = 201 (expected), got 500',
      diagnostics: {
        request: {
          method: 'POST',
          url: 'http://127.0.0.1:8080/users',
          headers: { 'content-type': 'application/json' },
          body: { name: 'Ann' },
        },
        response: {
          statusCode: 500,
          durationMs: 1500,
          headers: { 'x-request-id': 'req-42' },
          body: { error: 'boom' },
        },
        variableStoreAtFailure: { userId: 7 },
      },
    });
    expect(Object.keys(content)).toEqual([
      'timestamp',
      'scenario',
      'testFile',
      'failedStepIndex',
      'failedStepLine',
      'role',
      'error',
      'diagnostics',
    ]);
  });

  it('prefers the store the engine attached to the step at failure time', () => {
    const step = { ...failedRequest, variablesAtFailure: { userId: 1, token: '[MASKED]' } };
    const { content } = buildFailureSnapshot({
      scenario: scenarioResult([step]),
      step,
      variables: { userId: 9 },
      generatedAt,
    });
    expect(content.diagnostics.variableStoreAtFailure).toEqual({ userId: 1, token: '[MASKED]' });
  });

  it('writes null for a request and response that never happened, and the error as the failure', () => {
    const step = stepResult({
      kind: 'set',
      label: 'set total',
      status: 'failed',
      error: 'undefined variable $price',
    });
    const { content } = buildFailureSnapshot({
      scenario: scenarioResult([step]),
      step,
      variables: {},
      generatedAt,
    });
    expect(content.error).toBe('undefined variable $price');
    expect(content.diagnostics.request).toBeNull();
    expect(content.diagnostics.response).toBeNull();
  });

  it('times the response by the last attempt after a retry, and keeps an empty body as null', () => {
    const step = stepResult({
      status: 'failed',
      durationMs: 900,
      response: { status: 503, statusText: '', httpVersion: '1.1', headers: {}, sizeBytes: 0 },
      attempts: [
        { attempt: 1, status: 'failed', durationMs: 40, waitMs: 400 },
        { attempt: 2, status: 'failed', durationMs: 55 },
      ],
      error: 'failed after 2 attempts (retry.attempts)',
    });
    const { content } = buildFailureSnapshot({
      scenario: scenarioResult([step]),
      step,
      variables: {},
      generatedAt,
    });
    expect(content.diagnostics.response).toEqual({
      statusCode: 503,
      durationMs: 55,
      headers: {},
      body: null,
    });
  });
});
