/**
 * `-z <date>` (curl's `--time-cond`): `If-Modified-Since`, or `If-Unmodified-Since` when the date starts with
 * `-`, written as an HTTP date. A date without a zone is GMT, as curl reads it. A value that is not a date is a
 * file whose time curl would use, which a scenario cannot; that is refused by name.
 */
import { refuseOption } from './curlOptions.js';

export function timeCondition(value: string): { name: string; value: string } {
  const unmodified = value.startsWith('-');
  const text = value.replace(/^[-+=]/, '');
  const withZone = /(GMT|UTC|Z|[+-]\d{2}:?\d{2})\s*$/i.test(text) ? text : `${text} GMT`;
  const time = Date.parse(withZone);
  if (Number.isNaN(time))
    throw refuseOption('-z', `\`${text}\` is not a date (curl would read a file's time)`);
  return {
    name: unmodified ? 'If-Unmodified-Since' : 'If-Modified-Since',
    value: new Date(time).toUTCString(),
  };
}
