import type { RecordedRequest } from '../../engine/index.js';

/** A recorded request, or one whose headers may hold several values (`convert --to curl`: one `-H` each). */
type CurlSource = Omit<RecordedRequest, 'headers'> & {
  headers: Readonly<Record<string, string | readonly string[]>>;
};

/**
 * A copy-pasteable POSIX-shell cURL command for a recorded request (SPEC, Reports: "a copyable cURL command
 * per step"). One option per line, joined by ` \` line continuations, no trailing newline.
 */
export function toCurl(request: CurlSource): string {
  const multipart = asMultipart(request);
  const hasBody = request.body !== undefined;
  const words = ['curl', ...methodOption(request.method, hasBody), shellQuote(request.url)];
  const lines = [words.join(' ')];
  if (request.proxy !== undefined) lines.push(`--proxy ${shellQuote(request.proxy)}`);
  for (const [name, values] of Object.entries(request.headers)) {
    if (!keepsHeader(name, multipart !== undefined)) continue;
    // An empty list sends no such header: `-H 'name:'` takes away the one curl would add.
    if (Array.isArray(values) && values.length === 0) lines.push(`-H ${shellQuote(`${name}:`)}`);
    for (const value of [values].flat()) lines.push(`-H ${shellQuote(headerArgument(name, value))}`);
  }
  // A body sent without a content type: curl would add `application/x-www-form-urlencoded` to `--data-raw`.
  if (hasBody && !multipart && !Object.keys(request.headers).some((n) => n.toLowerCase() === 'content-type'))
    lines.push(`-H ${shellQuote('Content-Type:')}`);
  if (multipart) lines.push(...multipartOptions(multipart));
  else if (hasBody) lines.push(`--data-raw ${shellQuote(bodyText(request.body))}`);
  return lines.join(' \\\n  ');
}

/**
 * Control characters a terminal would act on (ESC, CR, BEL, C1, line and paragraph separators, bidi
 * controls): a text holding one is written in ANSI-C quotes (issue 28). Line feeds and tabs alone stay in
 * single quotes, which a POSIX shell reads as they are.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const TERMINAL_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;
/** What `$'...'` writes as an escape: every control, the quote and the backslash. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const ANSI_C_ESCAPED = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069'\\]/g;

const ANSI_C_NAMED: Record<string, string> = {
  '\n': '\\n',
  '\t': '\\t',
  '\r': '\\r',
  "'": "\\'",
  '\\': '\\\\',
};

/**
 * Single quotes keep every character literal in a POSIX shell; a quote itself is closed, escaped, reopened.
 * A text holding a terminal control character is written `$'...'` instead (bash, zsh and ksh read it), with
 * every control escaped, so printing the command never moves the cursor or rewrites a CI log.
 */
export function shellQuote(text: string): string {
  if (!TERMINAL_CONTROL.test(text)) return `'${text.replaceAll("'", `'\\''`)}'`;
  const escaped = text.replace(ANSI_C_ESCAPED, (char) => {
    const code = char.charCodeAt(0);
    return (
      ANSI_C_NAMED[char] ??
      (code < 0x80 ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`)
    );
  });
  return `$'${escaped}'`;
}

/**
 * curl sends GET, or POST when it has data, unless told otherwise; `-X` is given only when the method
 * differs from that, and HEAD uses `--head`, since `-X HEAD` makes curl wait for a body that never comes.
 */
function methodOption(method: string, hasBody: boolean): string[] {
  const upper = method.toUpperCase();
  if (upper === 'HEAD' && !hasBody) return ['--head'];
  const implied = hasBody ? 'POST' : 'GET';
  return upper === implied ? [] : ['-X', upper];
}

/**
 * curl computes `content-length` itself, and for `-F` writes its own multipart content type with its own
 * boundary, so the recorded ones would contradict the body curl sends.
 */
function keepsHeader(name: string, multipart: boolean): boolean {
  const lower = name.toLowerCase();
  if (lower === 'content-length') return false;
  return !(multipart && lower === 'content-type');
}

/** `-H 'name:'` would remove the header; `-H 'name;'` is curl's way to send it with an empty value. */
export function headerArgument(name: string, value: string): string {
  return value === '' ? `${name};` : `${name}: ${value}`;
}

/** Text bodies are sent as they are; JSON values compactly, as the runner serialised them. */
function bodyText(body: unknown): string {
  return typeof body === 'string' ? body : JSON.stringify(body);
}

interface MultipartRecord {
  fields: Record<string, string>;
  files: Record<string, { filename: string; contentType: string }>;
}

/** The engine records a multipart body as `{ fields, files }` (src/engine/multipart.ts). */
function asMultipart(request: CurlSource): MultipartRecord | undefined {
  const contentType = Object.entries(request.headers).find(([name]) => name.toLowerCase() === 'content-type');
  if (!contentType || !/^\s*multipart\/form-data/i.test(String(contentType[1]))) return undefined;
  const body = request.body;
  if (typeof body !== 'object' || body === null) return undefined;
  const { fields, files } = body as Record<string, unknown>;
  if (!isRecord(fields) || !isRecord(files)) return undefined;
  return body as MultipartRecord;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Text fields use `--form-string`, which never reads `@file`, `<file>` or `;type=` out of a value. A file is
 * read from a local file of the name it was sent under (the report keeps no local path); names are
 * double-quoted, as curl's `-F` syntax allows, so `;` and `,` in them are not read as options.
 */
function multipartOptions(record: MultipartRecord): string[] {
  const fields = Object.entries(record.fields).map(
    ([name, value]) => `--form-string ${shellQuote(`${name}=${value}`)}`,
  );
  const files = Object.entries(record.files).map(([name, file]) => {
    const filename = formQuote(file.filename);
    return `-F ${shellQuote(`${name}=@${filename};type=${file.contentType}`)}`;
  });
  // The record lists fields and files in the order they were sent (src/engine/multipart.ts).
  return Object.keys(record)[0] === 'files' ? [...files, ...fields] : [...fields, ...files];
}

export function formQuote(text: string): string {
  return `"${text.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`;
}
