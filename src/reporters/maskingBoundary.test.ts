import { describe, expect, it } from 'vitest';
import type { StepEnd } from '../engine/index.js';
import { Masker, SecretRegistry } from '../masking/index.js';
import { maskEvents } from './maskingBoundary.js';

describe('maskEvents', () => {
  it('masks the value of an assertion on a sensitive field, in `actual` and in the message', () => {
    const token = 'eyJhbGciOi.payload.sig';
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
        assertions: [
          {
            path: 'body.token',
            expected: 'x',
            actual: token,
            passed: false,
            message: `body.token = "x" (expected), got "${token}"`,
          },
        ],
        saved: { token },
        warnings: [],
        response: {
          status: 200,
          statusText: 'OK',
          httpVersion: '1.1',
          headers: {},
          body: { token },
          sizeBytes: 1,
        },
      },
    });
    expect(JSON.stringify(seen)).not.toContain(token);
    expect(seen?.result.assertions[0]).toMatchObject({
      actual: '[MASKED]',
      message: 'body.token = "x" (expected), got [MASKED]',
    });
    expect(seen?.result.saved).toEqual({ token: '[MASKED]' });
  });
});
