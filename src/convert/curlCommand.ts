/**
 * Prints one request as a cURL command. Requests without files go through the reports' printer
 * (src/reporters/shared/curl.ts), so `convert --to curl` and the HTML report write the same command; a
 * multipart request here knows its file paths, which a report does not.
 */
import { formQuote, headerArgument, shellQuote, toCurl } from '../reporters/shared/curl.js';

export interface CurlFile {
  path: string;
  filename?: string;
  contentType?: string;
}

export interface CurlRequest {
  method: string;
  url: string;
  /** A list value is sent as one `-H` per item. */
  headers: Record<string, string | string[]>;
  /** A JSON value or text; absent when there is no body. */
  body?: unknown;
  multipart?: { fields: Record<string, string>; files: Record<string, CurlFile> };
  /** The request's `timeout`, as `--max-time`. */
  maxTimeSeconds?: number;
  /** Options that send the step's `auth:` (authToCurl.ts), one per line. */
  authOptions?: string[];
}

export function printCurlCommand(request: CurlRequest): string {
  const { multipart, maxTimeSeconds, authOptions = [], ...rest } = request;
  const maxTime = [...authOptions, ...(maxTimeSeconds === undefined ? [] : [`--max-time ${maxTimeSeconds}`])];
  // curl adds `Accept: */*` by itself; a step without an Accept header sends none (issue 15, round trip).
  const hasAccept = Object.keys(request.headers).some((name) => name.toLowerCase() === 'accept');
  const noAccept = hasAccept ? [] : [`-H 'Accept:'`];
  // Without `-g` curl would read `[]` and `{}` in the URL as a pattern of several URLs.
  const globoff = /[[\]{}]/.test(request.url);
  if (!multipart) {
    const command = toCurl(rest);
    return [globoff ? command.replace(/^curl /, 'curl -g ') : command, ...noAccept, ...maxTime].join(
      ' \\\n  ',
    );
  }
  // `-F` implies POST; curl writes the multipart content type with its own boundary and the length.
  const method = request.method.toUpperCase();
  const lines = [
    [
      'curl',
      ...(globoff ? ['-g'] : []),
      ...(method === 'POST' ? [] : ['-X', method]),
      shellQuote(request.url),
    ].join(' '),
  ];
  for (const [name, values] of Object.entries(request.headers)) {
    const lower = name.toLowerCase();
    if (lower === 'content-type' || lower === 'content-length') continue;
    // An empty list sends no such header: `-H 'name:'` takes away the one curl would add.
    if (Array.isArray(values) && values.length === 0) lines.push(`-H ${shellQuote(`${name}:`)}`);
    for (const value of [values].flat()) lines.push(`-H ${shellQuote(headerArgument(name, value))}`);
  }
  const fields = Object.entries(multipart.fields).map(([name, value]) => {
    // runner's multipart encoder sends every line break as CRLF; curl sends the text as given.
    const crlf = value.replace(/\r\n|\r|\n/g, '\r\n');
    return `--form-string ${shellQuote(`${name}=${crlf}`)}`;
  });
  const files = Object.entries(multipart.files).map(([name, file]) => {
    const parameters = [
      ...(file.filename !== undefined ? [`filename=${formQuote(file.filename)}`] : []),
      ...(file.contentType !== undefined ? [`type=${file.contentType}`] : []),
    ];
    return `-F ${shellQuote([`${name}=@${formQuote(file.path)}`, ...parameters].join(';'))}`;
  });
  // In the order runner sends the parts (resolveRequest.ts keeps it in the record's keys).
  lines.push(...(Object.keys(multipart)[0] === 'files' ? [...files, ...fields] : [...fields, ...files]));
  lines.push(...noAccept, ...maxTime);
  return lines.join(' \\\n  ');
}
