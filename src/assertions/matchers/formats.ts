import type { MatcherDefinition } from './definition.js';

// A pragmatic address check (the dot-atom form of RFC 5322 with a dotted domain), the kind JSON Schema
// validators use; quoted local parts and IP-literal domains are deliberately not accepted.
const EMAIL =
  /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

// Any version, including the nil UUID; either case.
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// RFC 3339 `date-time`: a time offset is required; `T`, `t` or (RFC 3339 §5.6 note) a space separates the parts.
const DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(?:\.\d+)?(?:[Zz]|[+-](\d{2}):(\d{2}))$/;

// RFC 3986 absolute URI: a scheme, a colon, then only characters a URI may hold (or %-escapes).
const URI = /^[A-Za-z][A-Za-z0-9+.-]*:(?:[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=]|%[0-9A-Fa-f]{2})+$/;

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** RFC 3339 date-time with real calendar ranges (no 2024-02-30, no 25:00), leap second allowed. */
export function isDateTime(text: string): boolean {
  const match = DATE_TIME.exec(text);
  if (!match) return false;
  const part = (index: number): number => Number(match[index] ?? 0);
  const [year, month, day, hour, minute, second] = [part(1), part(2), part(3), part(4), part(5), part(6)];
  const [offsetHour, offsetMinute] = [part(7), part(8)];
  return (
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    day <= daysInMonth(year, month) &&
    hour <= 23 &&
    minute <= 59 &&
    second <= 60 &&
    offsetHour <= 23 &&
    offsetMinute <= 59
  );
}

function formatMatcher(name: string, test: (text: string) => boolean): MatcherDefinition {
  return {
    names: [name],
    takesArgument: false,
    test: (actual) => ({ passed: typeof actual === 'string' && test(actual) }),
  };
}

/** Format names test strings; any other value does not have the format. */
export const formatMatchers: readonly MatcherDefinition[] = [
  formatMatcher('email', (text) => EMAIL.test(text)),
  formatMatcher('uuid', (text) => UUID.test(text)),
  formatMatcher('date-time', isDateTime),
  formatMatcher('uri', (text) => URI.test(text)),
];
