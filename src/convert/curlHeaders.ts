/**
 * Request headers from `-H`, `-A`, `-e`, `-b`, `-u`, `--oauth2-bearer`, `-r`, `-C`, `-z`, `--etag-compare` and
 * `--compressed`, in command order, plus curl's own `Accept: *\/*`, so the step sends the headers curl sends
 * (issue 15). A repeated header stays repeated (a list in `headers`); `-b` cookies join into one `Cookie` line
 * as curl writes them. Headers runner cannot send as curl does refuse the conversion by name.
 */
import { readCommandText, type CommandInput } from './commandFiles.js';
import { cookieFileHeader } from './cookieFile.js';
import { refuseOption } from './curlOptions.js';
import type { CurlInvocation } from './curlInvocation.js';
import { findHeader, type DraftText } from './draftRequest.js';
import { hasShellVariable } from './shellVariables.js';
import { timeCondition } from './timeCondition.js';

/** Set by runner's HTTP client (undici) from the body or the connection; it refuses another value. */
const COMPUTED = new Set(['content-length', 'transfer-encoding', 'keep-alive', 'upgrade', 'expect']);

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

  for (const raw of headerLines(invocation, input)) {
    const header = parseHeader(raw);
    if (header === undefined) {
      throw refuseOption('-H', `\`${raw.split(':')[0] ?? ''}\` is not a \`name: value\` header`);
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
    } else if (header.name.startsWith(':')) {
      throw refuseOption(`-H '${header.name}'`, 'HTTP/2 pseudo-headers are not sent as headers');
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
  const user =
    invocation.user ?? (target.userInfo !== undefined ? decodeUserInfo(target.userInfo) : undefined);
  if (invocation.bearer !== undefined) addDefault('Authorization', `Bearer ${invocation.bearer}`);
  if (user !== undefined) {
    if (hasShellVariable(user))
      throw refuseOption('-u', 'a shell variable in the credentials cannot be encoded');
    const withPassword = user.includes(':') ? user : `${user}:`;
    addDefault('Authorization', `Basic ${Buffer.from(withPassword, 'utf8').toString('base64')}`);
  }
  if (invocation.compressed) addDefault('Accept-Encoding', CURL_COMPRESSED);
  addDefault('Accept', '*/*');
  return headers;
}

/** `-H` values, with `-H @file` read line by line as curl does. */
function headerLines(invocation: CurlInvocation, input: CommandInput): string[] {
  return invocation.headers.flatMap((raw) => {
    if (!raw.startsWith('@')) return [raw];
    const text = readCommandText(input, raw.slice(1), `-H ${raw}`);
    return text.split(/\r?\n/).filter((line) => line.trim() !== '');
  });
}

/** `Name: value`, `Name;` (empty value), `Name:` (removal: value undefined). */
function parseHeader(raw: string): { name: string; value?: string } | undefined {
  const colon = raw.indexOf(':');
  if (colon === 0 && /^:[\w-]+:/.test(raw)) {
    return { name: raw.slice(0, raw.indexOf(':', 1)), value: '' };
  }
  if (colon > 0) {
    const name = raw.slice(0, colon).trim();
    const value = raw
      .slice(colon + 1)
      .replace(/^[ \t]+/, '')
      .replace(/[\r\n]+$/, '');
    return value === '' ? { name } : { name, value };
  }
  const semicolon = /^([^\s;]+);\s*$/.exec(raw);
  return semicolon?.[1] !== undefined ? { name: semicolon[1], value: '' } : undefined;
}

function decodeUserInfo(userInfo: string): string {
  try {
    return decodeURIComponent(userInfo);
  } catch {
    return userInfo;
  }
}
