/**
 * Request headers from `-H`, `-A`, `-e`, `-b`, `-u`, `--oauth2-bearer` and `-r`, in command order, one
 * entry per name (the `headers` map holds one value per name; repeated headers are joined with `, `, cookies
 * with `; `). Headers runner computes itself are left out, with a comment saying so.
 */
import type { CurlInvocation } from './curlInvocation.js';
import { addComment, findHeader, type ConversionNotes, type DraftText } from './draftRequest.js';

/** Set by the HTTP client from the body or the connection; a copied value would contradict it. */
const COMPUTED = new Set([
  'content-length',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'upgrade',
  'expect',
  'te',
]);

export function buildHeaders(
  invocation: CurlInvocation,
  notes: ConversionNotes,
  userInfo: string | undefined,
): [string, DraftText][] {
  const headers: [string, string][] = [];
  const left: string[] = [];
  const add = (name: string, value: string) => {
    const at = findHeader(headers, name);
    const existing = headers[at];
    if (existing === undefined) headers.push([name, value]);
    else existing[1] = `${existing[1]}${name.toLowerCase() === 'cookie' ? '; ' : ', '}${value}`;
  };
  const addDefault = (name: string, value: string | undefined) => {
    if (value !== undefined && findHeader(headers, name) < 0) add(name, value);
  };

  for (const raw of invocation.headers) {
    const header = parseHeader(raw);
    if (header === 'file') {
      notes.warnings.push('`-H @file` reads headers from a file, which is not converted');
    } else if (header === undefined) {
      notes.warnings.push('a `-H` value without `name: value` was not converted');
    } else if (header.value === undefined || header.name.startsWith(':')) {
      // `-H 'Name:'` only removes a header curl would add; `:authority` is HTTP/2 framing.
      continue;
    } else if (header.name.toLowerCase() === 'accept-encoding') {
      if (!invocation.notes.some((note) => note.option === '--compressed')) {
        addComment(notes, 'runner does not ask for compressed responses, so `Accept-Encoding` is left out');
      }
    } else if (COMPUTED.has(header.name.toLowerCase())) {
      if (!left.includes(header.name)) left.push(header.name);
    } else {
      add(header.name, header.value);
    }
  }
  if (left.length > 0) addComment(notes, `headers runner sets itself were left out: ${left.join(', ')}`);

  addDefault('User-Agent', invocation.userAgent);
  addDefault('Referer', invocation.referer?.replace(/;auto$/, ''));
  if (invocation.range !== undefined) addDefault('Range', `bytes=${invocation.range}`);
  for (const cookie of invocation.cookies) {
    if (cookie.includes('=')) add('Cookie', cookie);
    else notes.warnings.push('`-b <file>` reads cookies from a file, which is not converted');
  }
  const user = invocation.user ?? (userInfo !== undefined ? decodeUserInfo(userInfo) : undefined);
  if (invocation.bearer !== undefined) addDefault('Authorization', `Bearer ${invocation.bearer}`);
  if (user !== undefined) {
    const withPassword = user.includes(':') ? user : `${user}:`;
    addDefault('Authorization', `Basic ${Buffer.from(withPassword, 'utf8').toString('base64')}`);
  }
  return headers;
}

/** `Name: value`, `Name;` (empty value), `Name:` (removal: value undefined), or `@file`. */
function parseHeader(raw: string): { name: string; value?: string } | 'file' | undefined {
  if (raw.startsWith('@')) return 'file';
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
