/**
 * The `format` values response schemas may use. Written here instead of adding ajv-formats: the common
 * formats are a few lines each, and they agree with the `email`, `uuid`, `date-time` and `uri` matchers of
 * `expect` (src/assertions/matchers/formats.ts), so a value passes both or neither.
 */
import { isIPv4, isIPv6 } from 'node:net';

// The dot-atom form of RFC 5322 with a dotted domain; quoted local parts and IP-literal domains are refused.
const EMAIL =
  /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

// Any version, the nil UUID too, either case.
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// RFC 3986 absolute URI: a scheme, a colon, then characters a URI may hold or %-escapes.
const URI = /^[A-Za-z][A-Za-z0-9+.-]*:(?:[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=]|%[0-9A-Fa-f]{2})+$/;

// RFC 3339 full-date and full-time; the calendar and clock ranges are checked below.
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^(\d{2}):(\d{2}):(\d{2})(?:\.\d+)?(?:[Zz]|[+-](\d{2}):(\d{2}))$/;

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

function numbers(match: RegExpExecArray): number[] {
  return match.slice(1).map((part) => Number(part ?? 0));
}

function isDate(text: string): boolean {
  const match = DATE.exec(text);
  if (!match) return false;
  const [year = 0, month = 0, day = 0] = numbers(match);
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

/** A leap second (`:60`) is allowed, as RFC 3339 allows it. */
function isTime(text: string): boolean {
  const match = TIME.exec(text);
  if (!match) return false;
  const [hour = 0, minute = 0, second = 0, offsetHour = 0, offsetMinute = 0] = numbers(match);
  return hour <= 23 && minute <= 59 && second <= 60 && offsetHour <= 23 && offsetMinute <= 59;
}

/** RFC 3339 date-time: `T`, `t` or a space between date and time; the offset is required. */
function isDateTime(text: string): boolean {
  const [date, time, ...rest] = text.split(/[Tt ]/);
  return rest.length === 0 && date !== undefined && time !== undefined && isDate(date) && isTime(time);
}

/** Format name → test of a string; ajv applies formats to strings only, other types pass. */
export const SCHEMA_FORMATS: Readonly<Record<string, (text: string) => boolean>> = {
  email: (text) => EMAIL.test(text),
  uuid: (text) => UUID.test(text),
  'date-time': isDateTime,
  date: isDate,
  time: isTime,
  uri: (text) => URI.test(text),
  ipv4: (text) => isIPv4(text),
  ipv6: (text) => isIPv6(text),
};
