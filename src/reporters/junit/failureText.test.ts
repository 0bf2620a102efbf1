import { describe, expect, it } from 'vitest';
import { failedRequest, mixedRun, stepResult } from '../../../test/fixtures/junit/sampleResults.js';
import { failureText } from './failureText.js';

describe('failureText', () => {
  it('holds every failed check with its location, the exchange, the body and where the step is', () => {
    expect(failureText(failedRequest).split('\n')).toEqual([
      '✗ status = 201 (expected), got 500',
      '✗ body.id exists: missing (tests/users.yaml:16:9)',
      '✗ latency 1.5s exceeds timing.max 500ms',
      'Request: POST http://127.0.0.1:8080/users',
      'Response: 500 Internal Server Error (HTTP/1.1)',
      'Request id: req-42',
      'Response body:',
      '  {',
      '    "error": "boom"',
      '  }',
      'At: tests/users.yaml:12:5',
    ]);
  });

  it('lists retry attempts and redirects, and cuts a huge body', () => {
    const text = failureText(
      stepResult({
        status: 'failed',
        error: 'failed after 2 attempts (retry.attempts)',
        request: { method: 'GET', url: 'http://127.0.0.1/a', headers: {} },
        redirects: [{ status: 302, from: 'http://127.0.0.1/a', to: 'http://127.0.0.1/b' }],
        response: {
          status: 503,
          statusText: '',
          httpVersion: '2',
          headers: {},
          body: 'x'.repeat(5000),
          sizeBytes: 5000,
        },
        attempts: [
          {
            attempt: 1,
            status: 'failed',
            httpStatus: 503,
            durationMs: 5,
            failure: 'status = 200 (expected), got 503',
            waitMs: 100,
          },
          {
            attempt: 2,
            status: 'failed',
            httpStatus: 503,
            durationMs: 6,
            failure: 'status = 200 (expected), got 503',
          },
        ],
      }),
    );
    expect(text).toContain('✗ failed after 2 attempts (retry.attempts)');
    expect(text).toContain('Redirect: 302 http://127.0.0.1/a → http://127.0.0.1/b');
    expect(text).toContain('Response: 503 (HTTP/2)');
    expect(text).toContain('  1/2: 503 failed · status = 200 (expected), got 503 · then waited 100ms');
    expect(text).toContain('  2/2: 503 failed · status = 200 (expected), got 503\n');
    expect(text).toContain('… 3000 more characters');
    expect(text).not.toContain('x'.repeat(2001));
  });

  it('summarises nested executions: counts, then only the failed branches', () => {
    const loop = mixedRun().scenarios[0]?.steps[3];
    if (!loop) throw new Error('fixture changed');
    expect(failureText(loop).split('\n')).toEqual([
      '✗ for_each stopped: a step failed for item 2 of 2',
      'Nested executions: 2 (1 passed, 1 failed, 0 skipped)',
      '  ✗ for_each 2/2',
      '    ✗ GET /items/2',
      '      ✗ status = 200 (expected), got 404',
      '      Response: 404',
      'At: tests/users.yaml:24:5',
    ]);
  });
});
