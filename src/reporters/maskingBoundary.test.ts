import { describe, expect, it } from 'vitest';
import { evaluateExpectations, type AssertionResult } from '../assertions/index.js';
import type { StepEnd, StepResult } from '../engine/index.js';
import { quoteValue } from '../expressions/index.js';
import { MASK, Masker, SecretRegistry } from '../masking/index.js';
import { createResultMasker, maskEvents } from './maskingBoundary.js';

/** Sends one failed step through the boundary and returns what a reporter would see. */
function throughBoundary(assertion: AssertionResult, extra: Partial<StepResult> = {}): StepEnd {
  let seen: StepEnd | undefined;
  const listener = maskEvents(
    { onStepEnd: (event) => void (seen = event) },
    new Masker({ enabled: true, fields: [] }, new SecretRegistry()),
  );
  listener.onStepEnd?.({
    scenario: 's',
    depth: 0,
    result: {
      index: 0,
      section: 'steps',
      kind: 'request',
      label: 'login',
      status: 'failed',
      durationMs: 1,
      loc: { file: 'f', line: 1, col: 1 },
      assertions: [assertion],
      saved: {},
      warnings: [],
      ...extra,
    },
  });
  if (!seen) throw new Error('the boundary did not forward the event');
  return seen;
}

describe('maskEvents', () => {
  it('masks the value of an assertion on a sensitive field, in `actual` and in the message', () => {
    const token = 'eyJhbGciOi.payload.sig';
    const seen = throughBoundary(
      {
        path: 'body.token',
        expected: 'x',
        actual: token,
        passed: false,
        message: `body.token = "x" (expected), got "${token}"`,
      },
      {
        saved: { token },
        response: {
          status: 200,
          statusText: 'OK',
          httpVersion: '1.1',
          headers: {},
          body: { token },
          sizeBytes: 1,
        },
      },
    );
    expect(JSON.stringify(seen)).not.toContain(token);
    // What is expected of a masked field is masked too.
    expect(seen.result.assertions[0]).toMatchObject({
      expected: '[MASKED]',
      actual: '[MASKED]',
      message: 'body.token = [MASKED] (expected), got "[MASKED]"',
    });
    expect(seen.result.saved).toEqual({ token: '[MASKED]' });
  });

  it('masks a token inside the value shown by a failed assertion on a non-sensitive path', () => {
    const token = 'eyJhbGciOiJIUzI1NiJ9.' + 'x'.repeat(300);
    const actual = { token, tokenType: 'Bearer' };
    const seen = throughBoundary({
      path: 'body',
      expected: 'string',
      actual,
      passed: false,
      message: `body = string (expected), got ${quoteValue(actual)}`,
    });
    const assertion = seen.result.assertions[0]!;
    expect(assertion.actual).toEqual({ token: '[MASKED]', tokenType: 'Bearer' });
    expect(assertion.message).toBe('body = string (expected), got {"token":"[MASKED]","tokenType":"Bearer"}');
    expect(JSON.stringify(seen)).not.toContain('eyJhbGci');
  });

  it('keeps the matcher but masks its argument on a masked field', () => {
    const [assertion] = evaluateExpectations([{ path: 'body.password', expected: 'startsWith hunter2' }], {
      body: { password: 'hunter22' },
    });
    expect(assertion!.message).toContain('hunter2');
    const seen = throughBoundary(assertion!);
    expect(seen.result.assertions[0]).toMatchObject({
      expected: 'startsWith [MASKED]',
      actual: '[MASKED]',
      message: 'body.password startsWith [MASKED]',
    });
  });
});

describe('createResultMasker', () => {
  const step = (body: unknown): StepResult => ({
    index: 0,
    section: 'steps',
    kind: 'request',
    label: 'read the profile',
    status: 'passed',
    durationMs: 1,
    loc: { file: 'f', line: 1, col: 1 },
    assertions: [],
    saved: {},
    warnings: [],
    response: { status: 200, statusText: 'OK', httpVersion: '1.1', headers: {}, body, sizeBytes: 1 },
  });

  it('masks a body when it is read, with every secret known by then', () => {
    const secrets = new SecretRegistry();
    const results = createResultMasker(new Masker({ enabled: true, fields: [] }, secrets));
    const masked = results.step(step({ note: 'key sk-live-0123456789 issued' }));
    // A secret saved by a later step, before any reporter looked at this step's body.
    secrets.add('sk-live-0123456789');
    expect(JSON.stringify(masked)).not.toContain('sk-live-0123456789');
    expect(masked.response?.body).toEqual({ note: `key ${MASK} issued` });
  });

  it('gives every reader of a masked step the values of the step it came from', () => {
    const results = createResultMasker(new Masker({ enabled: true, fields: [] }, new SecretRegistry()));
    const raw = step({ id: 7 });
    const masked = results.step(raw);
    // A field the step lacks reads as undefined (the masked step has a fixed shape), so it is not written.
    const present = Object.keys(masked).filter((key) => masked[key as keyof StepResult] !== undefined);
    expect(present.sort()).toEqual(Object.keys(raw).sort());
    expect({ ...masked }).toEqual(raw);
    expect(JSON.parse(JSON.stringify(masked))).toEqual(raw);
    expect(JSON.stringify(masked.response)).toBe(JSON.stringify(raw.response));
  });

  it('passes on an assertion with nothing to mask as it is, and masks a copy of one with a secret', () => {
    const secrets = new SecretRegistry();
    const results = createResultMasker(new Masker({ enabled: true, fields: [] }, secrets));
    const plain: AssertionResult = {
      path: 'body.id',
      expected: 7,
      actual: 7,
      passed: true,
      message: 'body.id == 7',
    };
    const leaky: AssertionResult = {
      path: 'body.note',
      expected: 'string',
      actual: 'uses sk-live-0123456789',
      passed: true,
      message: 'body.note is string',
    };
    secrets.add('sk-live-0123456789');
    const masked = results.step({ ...step({}), assertions: [plain, leaky] });
    expect(masked.assertions[0]).toBe(plain);
    expect(masked.assertions[1]).toEqual({ ...leaky, actual: `uses ${MASK}` });
    expect(leaky.actual).toBe('uses sk-live-0123456789');
  });
});

describe('nested records at the boundary (issue 14, flat memory)', () => {
  const secrets = new SecretRegistry();
  secrets.add({ token: 's3cr3t-token-value' });
  const record = (label: string, children?: StepResult[]): StepResult => ({
    index: 0,
    section: 'steps',
    kind: 'request',
    label,
    status: 'passed',
    durationMs: 1,
    loc: { file: 'f', line: 1, col: 1 },
    assertions: [],
    saved: {},
    warnings: [],
    ...(children ? { children } : {}),
  });

  it('masks a nested record once as it ends, and a loop record without touching its passes until read', () => {
    const masker = new Masker({ enabled: true, fields: [] }, secrets);
    const results = createResultMasker(masker);
    const nested = record('GET /items?token=s3cr3t-token-value');
    expect(results.once(nested).label).toBe(`GET /items?token=${MASK}`);
    // `once` is not remembered: each call is a fresh copy (nothing kept per record printed).
    expect(results.once(nested)).not.toBe(results.once(nested));

    let read = 0;
    const counted = new Masker({ enabled: true, fields: [] }, secrets);
    const maskValue = counted.maskValue.bind(counted);
    counted.maskValue = (value, path) => {
      if (value === 'GET /items?token=s3cr3t-token-value') read++;
      return maskValue(value, path);
    };
    const loop = createResultMasker(counted).step(record('Loop', [nested, nested]));
    expect(read).toBe(0);
    expect([...(loop.children ?? [])].map((child) => child.label)).toEqual([
      `GET /items?token=${MASK}`,
      `GET /items?token=${MASK}`,
    ]);
    expect(read).toBe(1);
  });
});
