import type { MatcherDefinition } from './definition.js';

// A pragmatic address check (the dot-atom form of RFC 5322 with a dotted domain), the kind JSON Schema
// validators use; quoted local parts and IP-literal domains are deliberately not accepted.
const EMAIL =
  /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

// Any version, including the nil UUID; either case.
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// RFC 3339 `date-time`: a time offset is required; `T`, `t` or (RFC 3339 §5.6 note) a space separates the parts.
const DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(?:\.(\d+))?(?:[Zz]|([+-])(\d{2}):(\d{2}))$/;

// RFC 3339 `full-date`.
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

// Dotted quad, each part 0-255 without leading zeros (RFC 2673 §3.2, as JSON Schema's `ipv4`).
const IPV4_PART = /^(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;

const IPV6_GROUP = /^[0-9A-Fa-f]{1,4}$/;

// RFC 3986 absolute URI: a scheme, a colon, then only characters a URI may hold (or %-escapes).
const URI = /^[A-Za-z][A-Za-z0-9+.-]*:(?:[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=]|%[0-9A-Fa-f]{2})+$/;

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

function validDate(year: number, month: number, day: number): boolean {
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

/**
 * An RFC 3339 date-time with real calendar ranges (no 2024-02-30, no 25:00; leap second allowed) as
 * milliseconds since the epoch, for chronological comparison; undefined when the text is not one.
 * A leap second counts as the last millisecond of its minute; digits below the millisecond are ignored.
 */
export function parseDateTime(text: string): number | undefined {
  const match = DATE_TIME.exec(text);
  if (!match) return undefined;
  const part = (index: number): number => Number(match[index] ?? 0);
  const [year, month, day, hour, minute, second] = [part(1), part(2), part(3), part(4), part(5), part(6)];
  const [offsetHour, offsetMinute] = [part(9), part(10)];
  const inRange =
    validDate(year, month, day) &&
    hour <= 23 &&
    minute <= 59 &&
    second <= 60 &&
    offsetHour <= 23 &&
    offsetMinute <= 59;
  if (!inRange) return undefined;
  const millis = second === 60 ? 999 : Number((match[7] ?? '').padEnd(3, '0').slice(0, 3));
  const offset = (match[8] === '-' ? -1 : 1) * (offsetHour * 60 + offsetMinute);
  const utc = Date.UTC(year, month - 1, day, hour, minute, Math.min(second, 59), millis);
  return utc - offset * 60_000;
}

export function isDateTime(text: string): boolean {
  return parseDateTime(text) !== undefined;
}

function isDate(text: string): boolean {
  const match = DATE.exec(text);
  return match !== null && validDate(Number(match[1]), Number(match[2]), Number(match[3]));
}

function isIPv4(text: string): boolean {
  const parts = text.split('.');
  return parts.length === 4 && parts.every((part) => IPV4_PART.test(part));
}

/** RFC 4291 §2.2 text forms: eight groups, one `::` for a run of zero groups, an optional dotted-quad tail. */
function isIPv6(text: string): boolean {
  const halves = text.split('::');
  if (halves.length > 2) return false;
  const groups = halves.flatMap((half) => (half === '' ? [] : half.split(':')));
  const last = groups.at(-1);
  let count = groups.length;
  if (last?.includes('.')) {
    if (!isIPv4(last)) return false;
    groups.pop();
    count += 1;
  }
  if (!groups.every((group) => IPV6_GROUP.test(group))) return false;
  return halves.length === 2 ? count <= 7 : count === 8;
}

function formatMatcher(
  name: string,
  description: string,
  test: (text: string) => boolean,
): MatcherDefinition {
  return {
    names: [name],
    description,
    takesArgument: false,
    test: (actual) => ({ passed: typeof actual === 'string' && test(actual) }),
  };
}

/** Format names test strings; any other value does not have the format. */
export const formatMatchers: readonly MatcherDefinition[] = [
  formatMatcher('email', 'A string that is an email address.', (text) => EMAIL.test(text)),
  formatMatcher('uuid', 'A string that is a UUID.', (text) => UUID.test(text)),
  formatMatcher('date-time', 'A string that is an RFC 3339 date-time.', isDateTime),
  formatMatcher('uri', 'A string that is an absolute URI.', (text) => URI.test(text)),
  formatMatcher('date', 'A string that is an RFC 3339 full date (`2024-01-15`).', isDate),
  formatMatcher('ipv4', 'A string that is an IPv4 address.', isIPv4),
  formatMatcher('ipv6', 'A string that is an IPv6 address.', isIPv6),
];
