import { describe, expect, it } from 'vitest';
import { checkStatusExpected } from '../checkExpected.js';
import { matchExpected, parseExpected } from '../expected.js';

const check = (expected: string, actual: unknown) =>
  matchExpected(parseExpected(expected), actual, { textual: false });

describe('status classes', () => {
  it.each([
    ['2xx', 200, true],
    ['2xx', 299, true],
    ['2xx', 300, false],
    ['4xx', 404, true],
    ['1xx', 101, true],
    ['5xx', 499, false],
    ['not 5xx', 200, true],
    ['2xx', '204', true],
    ['2xx', 'ok', false],
  ])('%s on %j passes: %s', (expected, actual, passed) => {
    expect(check(expected, actual).passed).toBe(passed);
  });
});

describe('checkStatusExpected (validate)', () => {
  it.each([200, 599, '2xx', 'oneOf 200,201', 'not 5xx', '$expected', '201'])('accepts %j', (value) => {
    expect(checkStatusExpected(value)).toEqual([]);
  });

  it('rejects what can never be a status, suggesting a matcher when one is close', () => {
    expect(checkStatusExpected(700)[0]?.message).toBe('`status` 700 is not an HTTP status (100-599)');
    expect(checkStatusExpected('6xx')[0]?.message).toBe(
      '`status` takes an integer 100-599, a class such as `2xx`, or a matcher; got `6xx`',
    );
    expect(checkStatusExpected('ok')[0]?.message).toMatch(/takes an integer 100-599/);
    expect(checkStatusExpected('oneof 200,201')[0]?.hint).toBe('did you mean `oneOf 200,201`?');
    expect(checkStatusExpected('gt abc')[0]?.message).toMatch(/^invalid matcher `gt abc`/);
  });
});

describe('checkStatusExpected for gRPC calls', () => {
  it.each([0, 5, 16, 'NOT_FOUND', 'OK', '14', 'oneOf 0,5', '$expected'])('accepts %j', (value) => {
    expect(checkStatusExpected(value, 'grpc')).toEqual([]);
  });

  it('rejects what is no gRPC status, suggesting the nearest name', () => {
    expect(checkStatusExpected(200, 'grpc')[0]?.message).toBe('`status` 200 is not a gRPC status (0-16)');
    expect(checkStatusExpected('NOT_FOUNDD', 'grpc')[0]).toEqual({
      message:
        '`status` of a gRPC call is a status name such as `NOT_FOUND` or its number (0-16); got `NOT_FOUNDD`',
      hint: 'did you mean `NOT_FOUND`?',
    });
    expect(checkStatusExpected('2xx', 'grpc')).toHaveLength(1);
  });

  it('holds an HTTP step to HTTP statuses, and passes either kind when the kind is not known', () => {
    expect(checkStatusExpected('NOT_FOUND', 'http')).toHaveLength(1);
    expect(checkStatusExpected(5, 'http')[0]?.message).toBe('`status` 5 is not an HTTP status (100-599)');
    expect(checkStatusExpected('NOT_FOUND')).toEqual([]);
    expect(checkStatusExpected(5)).toEqual([]);
    expect(checkStatusExpected('NOT_FOUNDD')[0]?.hint).toBe('did you mean `NOT_FOUND` (a gRPC status)?');
  });
});
