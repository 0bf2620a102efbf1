import { describe, expect, it } from 'vitest';
import { SCHEMA_FORMATS } from './schemaFormats.js';

function check(format: string, text: string): boolean {
  const test = SCHEMA_FORMATS[format];
  if (test === undefined) throw new Error(`no format ${format}`);
  return test(text);
}

describe('SCHEMA_FORMATS', () => {
  it.each([
    ['email', 'ada.lovelace+tag@mail.example.com', true],
    ['email', 'ada@localhost', false],
    ['email', 'no at sign', false],
    ['uuid', '00000000-0000-0000-0000-000000000000', true],
    ['uuid', '123E4567-E89B-12D3-A456-426614174000', true],
    ['uuid', '123e4567-e89b-12d3-a456-42661417400', false],
    ['date-time', '2024-02-29T23:59:60.123+05:30', true],
    ['date-time', '2024-06-01 08:00:00z', true],
    ['date-time', '2024-06-01T08:00:00', false],
    ['date-time', '2024-13-01T08:00:00Z', false],
    ['date-time', '2024-06-01T24:00:00Z', false],
    ['date', '2000-02-29', true],
    ['date', '1900-02-29', false],
    ['date', '2024-04-31', false],
    ['time', '08:15:00Z', true],
    ['time', '08:15:00', false],
    ['time', '08:60:00Z', false],
    ['uri', 'urn:isbn:0451450523', true],
    ['uri', 'https://example.com/a%20b?q=1#top', true],
    ['uri', '/relative/path', false],
    ['uri', 'https://example.com/a b', false],
    ['ipv4', '192.168.0.1', true],
    ['ipv4', '256.1.1.1', false],
    ['ipv6', '2001:db8::1', true],
    ['ipv6', '2001:db8:::1', false],
  ])('%s %j → %s', (format, text, expected) => {
    expect(check(format, text)).toBe(expected);
  });
});
