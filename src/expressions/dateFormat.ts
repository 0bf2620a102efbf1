/**
 * Layouts for `${dateNow(layout)}`, always in UTC:
 * - `iso` (also the default when no layout is given): `2024-03-05T07:08:09.123Z`.
 * - Tokens: `YYYY` 2024, `YY` 24, `MM` 03, `DD` 05, `HH` 07 (24-hour), `mm` 08, `ss` 09, `SSS` 123,
 *   `X` Unix seconds, `x` Unix milliseconds, `Z` `+00:00`. Text in `[brackets]` is kept as is, so
 *   `YYYY-MM-DD[T]HH:mm` and `[at] HH:mm` work; other characters are copied.
 * - A layout containing `2006` is read as a Go reference layout instead: `2006` year, `01` month, `02` day,
 *   `15` hour, `04` minute, `05` second, `.000` milliseconds, `Z07:00` zone (`Z` in UTC).
 */
const TOKENS = /\[([^\]]*)\]|YYYY|YY|MM|DD|HH|mm|ss|SSS|X|x|Z/g;
const GO_TOKENS = /2006|Z07:00|\.000|01|02|15|04|05/g;

function pad(value: number, width = 2): string {
  return String(value).padStart(width, '0');
}

interface DateFields {
  year: string;
  month: string;
  day: string;
  hour: string;
  minute: string;
  second: string;
  millis: string;
}

function fields(date: Date): DateFields {
  return {
    year: String(date.getUTCFullYear()),
    month: pad(date.getUTCMonth() + 1),
    day: pad(date.getUTCDate()),
    hour: pad(date.getUTCHours()),
    minute: pad(date.getUTCMinutes()),
    second: pad(date.getUTCSeconds()),
    millis: pad(date.getUTCMilliseconds(), 3),
  };
}

function formatTokens(date: Date, layout: string): string {
  const f = fields(date);
  const values: Record<string, string> = {
    YYYY: f.year,
    YY: f.year.slice(-2),
    MM: f.month,
    DD: f.day,
    HH: f.hour,
    mm: f.minute,
    ss: f.second,
    SSS: f.millis,
    X: String(Math.floor(date.getTime() / 1000)),
    x: String(date.getTime()),
    Z: '+00:00',
  };
  return layout.replace(
    TOKENS,
    (token: string, escaped: string | undefined) => escaped ?? values[token] ?? token,
  );
}

function formatGo(date: Date, layout: string): string {
  const f = fields(date);
  const values: Record<string, string> = {
    '2006': f.year,
    '01': f.month,
    '02': f.day,
    '15': f.hour,
    '04': f.minute,
    '05': f.second,
    '.000': `.${f.millis}`,
    'Z07:00': 'Z',
  };
  return layout.replace(GO_TOKENS, (token: string) => values[token] ?? token);
}

export function formatDate(date: Date, layout: string): string {
  if (layout === '' || layout === 'iso') return date.toISOString();
  return layout.includes('2006') ? formatGo(date, layout) : formatTokens(date, layout);
}
