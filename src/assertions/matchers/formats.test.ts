import { describe, expect, it } from 'vitest';
import { matchExpected, parseExpected } from '../expected.js';
import { isDateTime } from './formats.js';

const check = (expected: string, actual: unknown) =>
  matchExpected(parseExpected(expected), actual, { textual: false });

describe('format matchers', () => {
  it.each([
    ['date', '2024-02-29', true],
    ['date', '2023-02-29', false],
    ['date', '2024-13-01', false],
    ['date', '2024-01-01T00:00:00Z', false],
    ['ipv4', '192.168.0.1', true],
    ['ipv4', '255.255.255.255', true],
    ['ipv4', '256.1.1.1', false],
    ['ipv4', '01.2.3.4', false],
    ['ipv4', '1.2.3', false],
    ['ipv6', '::1', true],
    ['ipv6', '2001:db8::8a2e:370:7334', true],
    ['ipv6', '::ffff:192.0.2.1', true],
    ['ipv6', '1:2:3:4:5:6:7:8', true],
    ['ipv6', '1:2:3:4:5:6:7', false],
    ['ipv6', '1::2::3', false],
    ['ipv6', '12345::1', false],
    ['ipv6', '192.168.0.1', false],
  ])('`%s` on %s passes: %s', (format, value, passed) => {
    expect(check(format, value).passed).toBe(passed);
  });

  it.each(['alice@example.com', 'a.b+tag@sub.example.co.uk', "o'hara@x.io"])(
    '`email` accepts %s',
    (value) => {
      expect(check('email', value).passed).toBe(true);
    },
  );

  it.each(['alice', 'alice@', '@example.com', 'a@b', 'a b@example.com', 'a@-x.com', 'a..b@example.com'])(
    '`email` rejects %s',
    (value) => {
      expect(check('email', value).passed).toBe(false);
    },
  );

  it('`uuid` accepts any version in either case, and nothing else', () => {
    expect(check('uuid', '123e4567-e89b-12d3-a456-426614174000').passed).toBe(true);
    expect(check('uuid', '123E4567-E89B-12D3-A456-426614174000').passed).toBe(true);
    expect(check('uuid', '00000000-0000-0000-0000-000000000000').passed).toBe(true);
    expect(check('uuid', '123e4567e89b12d3a456426614174000').passed).toBe(false);
    expect(check('uuid', '123e4567-e89b-12d3-a456-42661417400g').passed).toBe(false);
  });

  it.each([
    '2024-02-29T12:00:00Z',
    '2023-12-31t23:59:60.123+01:00',
    '2024-01-01 00:00:00-05:30',
    '1999-01-01T00:00:00.5z',
  ])('`date-time` accepts %s', (value) => {
    expect(isDateTime(value)).toBe(true);
  });

  it.each([
    '2023-02-29T12:00:00Z',
    '2024-04-31T12:00:00Z',
    '2024-13-01T00:00:00Z',
    '2024-01-01T24:00:00Z',
    '2024-01-01T00:60:00Z',
    '2024-01-01T00:00:00',
    '2024-01-01',
    '2024-01-01T00:00:00+24:00',
  ])('`date-time` rejects %s', (value) => {
    expect(check('date-time', value).passed).toBe(false);
  });

  it('`uri` needs a scheme and URI characters only', () => {
    expect(check('uri', 'https://example.com/a?b=c#d').passed).toBe(true);
    expect(check('uri', 'mailto:alice@example.com').passed).toBe(true);
    expect(check('uri', 'urn:isbn:0451450523').passed).toBe(true);
    expect(check('uri', '/relative/path').passed).toBe(false);
    expect(check('uri', 'example.com').passed).toBe(false);
    expect(check('uri', 'https://exa mple.com').passed).toBe(false);
    expect(check('uri', 'https:').passed).toBe(false);
  });

  it('rejects non-strings, and negates with `not`', () => {
    expect(check('email', 42).passed).toBe(false);
    expect(check('not uuid', 'nope').passed).toBe(true);
    expect(check('not email', 'a@example.com').passed).toBe(false);
  });
});
