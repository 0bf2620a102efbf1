/**
 * Request headers from `-H`, `-A`, `-e`, `-b`, a URL's `user:pass@`, `-r`, `-C`, `-z`, `--etag-compare` and
 * `--compressed`, in command order, plus curl's own `Accept: *\/*`, so the step sends the headers curl sends
 * (issue 15). A repeated header stays repeated (a list in `headers`); `-b` cookies join into one `Cookie` line
 * as curl writes them. Headers runner cannot send as curl does refuse the conversion by name.
 */
import { readCommandText, type CommandInput } from './commandFiles.js';
import { cookieFileHeader } from './cookieFile.js';
import { refuseOption } from './curlOptions.js';
import type { CurlInvocation } from './curlInvocation.js';
import { addComment, findHeader, type ConversionNotes, type DraftText } from './draftRequest.js';
import { hasShellVariable } from './shellVariables.js';
import { timeCondition } from './timeCondition.js';

/**
 * Set by runner's HTTP client from the body or the connection; it refuses another value. `Content-Length` is
 * kept here and settled against the body (contentLength.ts).
 */
const COMPUTED = new Set(['transfer-encoding', 'keep-alive', 'upgrade', 'expect']);

/** What curl 7.88 (with brotli and zstd) asks for with `--compressed`. */
const CURL_COMPRESSED = 'deflate, gzip, br, zstd';

export interface RequestTarget {
  /** `host` of the URL, for cookie files. */
  host: string;
  path: string;
  https: boolean;
  userInfo?: string;
}

export function buildHeaders(
  invocation: CurlInvocation,
  target: RequestTarget,
  input: CommandInput,
  notes: ConversionNotes,
): [string, DraftText][] {
  const headers: [string, string][] = [];
  const removed = new Set<string>();
  // A header given twice is sent twice, as curl does (a list in `headers`); `-b` cookies join into one line.
  const add = (name: string, value: string, joinCookies = false) => {
    const existing = headers[findHeader(headers, name)];
    if (existing !== undefined && joinCookies) existing[1] = `${existing[1]}; ${value}`;
    else headers.push([existing?.[0] ?? name, value]);
  };
  const addDefault = (name: string, value: string | undefined) => {
    if (value !== undefined && findHeader(headers, name) < 0 && !removed.has(name.toLowerCase())) {
      add(name, value);
    }
  };

  const ignored: string[] = [];
  for (const { raw, from } of headerLines(invocation, input)) {
    const header = parseHeader(raw);
    if (header === 'ignored') {
      ignored.push(from);
      continue;
    }
    if (!HEADER_NAME.test(header.name)) {
      throw refuseOption(
        `-H '${header.name.slice(0, 40)}: ...'`,
        'curl sends this name as written, and it is not a valid header name (a token without spaces)',
      );
    }
    const lower = header.name.toLowerCase();
    // curl writes such a value as it is, which breaks the request; runner's client refuses to send it.
    if (header.value !== undefined && /[\r\n]/.test(header.value)) {
      throw refuseOption(
        `-H '${header.name}: ...'`,
        'a header value with a line break is not a valid header',
      );
    }
    if (header.value === undefined) {
      // `-H 'Name:'` takes away a header curl would add.
      if (lower === 'host' || lower === 'content-type') {
        throw refuseOption(`-H '${header.name}:'`, `runner always sends a \`${header.name}\` header`);
      }
      removed.add(lower);
    } else if (lower === 'connection' && header.value.toLowerCase() === 'keep-alive') {
      // What runner's HTTP client sends on every HTTP/1.1 request anyway.
    } else if (COMPUTED.has(lower) || (lower === 'connection' && header.value.toLowerCase() !== 'close')) {
      throw refuseOption(
        `-H '${header.name}: ...'`,
        'runner sets this header itself from the body and the connection',
      );
    } else {
      add(header.name, header.value);
    }
  }

  if (ignored.length > 0) {
    // The text is not shown: `-H "Bearer $TOKEN"` (a header without its name) is a common slip.
    addComment(
      notes,
      ignored.length === 1
        ? `curl -H: the ${listed(ignored)} is not a \`Name: value\` header, so curl sends nothing for it and neither does the step (its text is not shown here: it may hold a secret)`
        : `curl -H: the ${listed(ignored)} are not \`Name: value\` headers, so curl sends nothing for them and neither does the step (their text is not shown here: it may hold a secret)`,
    );
  }
  addDefault('User-Agent', invocation.userAgent);
  const referer = invocation.referer?.replace(/;auto$/, '');
  if (referer !== '') addDefault('Referer', referer);
  // curl's manual: a lone offset (`-r 600`) is sent as an open range, `bytes=600-`.
  if (invocation.range !== undefined) {
    addDefault(
      'Range',
      `bytes=${/^\d+$/.test(invocation.range) ? `${invocation.range}-` : invocation.range}`,
    );
  }
  if (invocation.continueAt !== undefined) addDefault('Range', `bytes=${invocation.continueAt}-`);
  if (invocation.timeCond !== undefined) {
    const condition = timeCondition(invocation.timeCond);
    addDefault(condition.name, condition.value);
  }
  if (invocation.etagCompare !== undefined) {
    const etag = readCommandText(input, invocation.etagCompare, `--etag-compare ${invocation.etagCompare}`);
    addDefault('If-None-Match', etag.split(/\r?\n/)[0] ?? '');
  }
  for (const cookie of invocation.cookies) {
    if (cookie.includes('=')) {
      if (/[\r\n]/.test(cookie)) throw refuseOption('-b', 'a cookie value with a line break is not a header');
      add('Cookie', cookie, true);
    } else if (cookie !== '') {
      const text = readCommandText(input, cookie, `-b ${cookie}`);
      const line = cookieFileHeader(text, target, { junkSession: invocation.junkSessionCookies });
      if (line !== '') add('Cookie', line, true);
    }
  }
  // `-u` and `--oauth2-bearer` become the step's `auth:` (curlAuth.ts); a URL's `user:pass@` stays Basic.
  const user =
    invocation.user === undefined && invocation.bearer === undefined && target.userInfo !== undefined
      ? decodeUserInfo(target.userInfo)
      : undefined;
  if (user !== undefined) {
    if (hasShellVariable(user))
      throw refuseOption(
        '-u',
        'the credentials hold a shell variable, and curl sends them base64-encoded, which cannot be written as a reference',
      );
    const withPassword = user.includes(':') ? user : `${user}:`;
    addDefault('Authorization', `Basic ${Buffer.from(withPassword, 'utf8').toString('base64')}`);
  }
  if (invocation.compressed) addDefault('Accept-Encoding', CURL_COMPRESSED);
  addDefault('Accept', '*/*');
  return headers;
}

/** `-H` values with where each came from, `-H @file` read line by line as curl does. */
function headerLines(invocation: CurlInvocation, input: CommandInput): { raw: string; from: string }[] {
  return invocation.headers.flatMap((raw, index) => {
    const from = ordinal(index + 1);
    if (!raw.startsWith('@')) return [{ raw, from }];
    const text = readCommandText(input, raw.slice(1), `-H ${raw}`);
    const lines = text.split(/\r?\n/).filter((line) => line.trim() !== '');
    return lines.map((line, at) => ({ raw: line, from: `line ${at + 1} of ${raw}` }));
  });
}

function listed(items: readonly string[]): string {
  return items.length < 2 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1) ?? ''}`;
}

function ordinal(n: number): string {
  const suffix = n % 100 >= 11 && n % 100 <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${suffix}`;
}

/** RFC 9110's token: what runner's HTTP client accepts as a header name. */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/**
 * What curl 7.88 makes of a `-H` value (lib/http.c, custom headers): `Name: value` is sent; `Name:` (nothing
 * but blanks after the colon) removes a header curl adds; `Name;` with nothing after the semicolon sends an
 * empty value; anything else (no colon, a colon first, text after the semicolon) is ignored. An HTTP/2
 * pseudo-header (`:authority: x`) starts with its colon, so curl ignores it too.
 */
function parseHeader(raw: string): { name: string; value?: string } | 'ignored' {
  const colon = raw.indexOf(':');
  if (colon === 0) return 'ignored';
  if (colon > 0) {
    const name = raw.slice(0, colon);
    const value = raw
      .slice(colon + 1)
      .replace(/^[ \t]+/, '')
      .replace(/[\r\n]+$/, '');
    return value === '' ? { name } : { name, value };
  }
  const semicolon = raw.indexOf(';');
  return semicolon > 0 && semicolon === raw.length - 1 ? { name: raw.slice(0, -1), value: '' } : 'ignored';
}

function decodeUserInfo(userInfo: string): string {
  try {
    return decodeURIComponent(userInfo);
  } catch {
    return userInfo;
  }
}
