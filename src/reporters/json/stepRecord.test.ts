import { describe, expect, it } from 'vitest';
import {
  SCENARIO_FILE,
  failedStep,
  haltedStep,
  loginStep,
  loopStep,
  retriedStep,
  stepResult,
  uploadStep,
} from '../../../test/support/reportRuns.js';
import { stepErrors, stepRecord } from './stepRecord.js';

describe('stepRecord', () => {
  it('writes SPEC’s step record first, then our additions', () => {
    const record = stepRecord(loginStep, SCENARIO_FILE);
    expect(Object.keys(record).slice(0, 10)).toEqual([
      'index',
      'label',
      'duration',
      'durationLabel',
      'passed',
      'curl',
      'request',
      'response',
      'requestId',
      'assertions',
    ]);
    expect(record).toMatchObject({
      index: 0,
      label: 'Log in',
      duration: 12,
      durationLabel: '12ms',
      passed: true,
      requestId: 'req-42',
      status: 'passed',
      kind: 'request',
      section: 'setup',
      line: 4,
      saved: { token: '[MASKED]' },
      redirects: [{ status: 302, from: 'http://127.0.0.1:8080/signin', to: 'http://127.0.0.1:8080/login' }],
    });
    expect(record.curl).toContain(`--data-raw '{"user":"ann","password":"[MASKED]"}'`);
    expect(record.request).toEqual({ ...loginStep.request });
    expect(record.response).toEqual({
      status: 200,
      headers: { 'content-type': 'application/json', 'x-request-id': 'req-42' },
      body: { token: '[MASKED]' },
      statusText: 'OK',
      httpVersion: '1.1',
      sizeBytes: 21,
    });
    expect(record.assertions).toEqual([
      { path: 'status', expected: 200, actual: 200, passed: true, message: 'status == 200' },
    ]);
  });

  it('leaves out optional additions that do not apply', () => {
    const record = stepRecord(stepResult({ kind: 'set', label: 'set variables: a' }), SCENARIO_FILE);
    expect(record).toEqual({
      index: 0,
      label: 'set variables: a',
      duration: 12,
      durationLabel: '12ms',
      passed: true,
      curl: null,
      request: null,
      response: null,
      requestId: null,
      assertions: [],
      status: 'passed',
      kind: 'set',
      section: 'steps',
      line: 5,
      col: 5,
    });
  });

  it('shows a missing path as actual null with the available fields, a failed timing and no-body response', () => {
    const record = stepRecord(failedStep, SCENARIO_FILE);
    expect(record.passed).toBe(false);
    expect(record.status).toBe('failed');
    expect(record.assertions[1]).toEqual({
      path: 'body.id',
      expected: 'integer',
      actual: null,
      passed: false,
      message: 'body.id: path not found',
      available: [],
      line: 16,
      col: 5,
    });
    expect(record.timing).toEqual({ max: 500, actual: 812, passed: false });
    expect(record.response?.body).toBeNull();
    expect(record.request?.body).toBeNull();
  });

  it('records every retry attempt in whole milliseconds', () => {
    expect(stepRecord(retriedStep, SCENARIO_FILE).attempts).toEqual([
      { attempt: 1, status: 'failed', httpStatus: 202, duration: 10, failure: 'status', wait: 500 },
      { attempt: 2, status: 'failed', httpStatus: 202, duration: 9, failure: 'status', wait: 1000 },
      { attempt: 3, status: 'failed', httpStatus: 202, duration: 11, failure: 'status' },
    ]);
  });

  it('marks a skipped step as neither passed nor failed, with its reason', () => {
    const record = stepRecord(haltedStep, SCENARIO_FILE);
    expect(record).toMatchObject({ passed: false, status: 'skipped', skipReason: haltedStep.skipReason });
    expect(record.error).toBeUndefined();
  });

  it('nests children in the same shape and names the file of a step from another scenario file', () => {
    const record = stepRecord(loopStep, SCENARIO_FILE);
    const pass = record.children?.[1];
    const used = pass?.children?.[0]?.children?.[0];
    expect(record.children?.map((child) => child.label)).toEqual(['for_each 1/2', 'for_each 2/2']);
    expect(pass?.file).toBeUndefined();
    expect(used).toMatchObject({
      label: 'Check item',
      file: '.runner/tests/common/check.yaml',
      line: 3,
      error: 'connect ECONNREFUSED 127.0.0.1:9',
      warnings: ['count(body.items): path not found; nothing saved'],
    });
  });

  it('gives a multipart upload its -F cURL and keeps the {fields, files} body', () => {
    const record = stepRecord(uploadStep, SCENARIO_FILE);
    expect(record.curl).toContain(`-F 'document=@"r7.pdf";type=application/pdf'`);
    expect(record.request?.body).toEqual(uploadStep.request?.body);
    expect(record.section).toBe('teardown');
  });
});

describe('stepErrors', () => {
  it('lists nothing for passed and skipped steps', () => {
    expect(stepErrors(loginStep)).toEqual([]);
    expect(stepErrors(haltedStep)).toEqual([]);
  });

  it('keeps a cache step’s question and reply and a spreadsheet step’s file, sheet and rows', () => {
    const cache = { connection: 'sessions', command: 'get', key: 'k', reply: { exists: false, value: null } };
    const spreadsheet = { file: 'out/users.xlsx', sheet: 'Users', rows: 3 };
    const record = stepRecord(stepResult({ kind: 'cache', cache }), SCENARIO_FILE);
    expect(record.cache).toEqual(cache);
    expect(record.curl).toBeNull();
    expect(stepRecord(stepResult({ kind: 'export', spreadsheet }), SCENARIO_FILE).spreadsheet).toEqual(
      spreadsheet,
    );
    expect(stepRecord(stepResult(), SCENARIO_FILE)).not.toHaveProperty('cache');
  });
});
