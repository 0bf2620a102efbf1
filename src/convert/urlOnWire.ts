/**
 * runner sends a URL through the WHATWG URL parser, which percent-encodes some characters that curl sends as
 * written (`'` and `"` in a query, `{` in a path, ...) and always removes `.` and `..` segments. A URL whose
 * request target would come out differently is refused, naming it, rather than sent changed (issue 15).
 */
import { conversionError } from './conversionError.js';
import { refuseOption } from './curlOptions.js';

/** `verbatimBy` names the option that makes curl send the path as written (`--path-as-is`, `--request-target`). */
export function checkUrlOnWire(url: string, verbatimBy: string | undefined): void {
  const written = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*([^#]*)/i.exec(url)?.[1] ?? '';
  const queryAt = written.indexOf('?');
  const path = (queryAt < 0 ? written : written.slice(0, queryAt)) || '/';
  const query = queryAt < 0 ? '' : written.slice(queryAt);
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw conversionError(
      'invalid-url',
      `the URL \`${url}\` cannot be converted: it does not parse as an absolute URL, so runner cannot send it`,
    );
  }
  if (!/^https?:$/.test(parsed.protocol)) {
    throw conversionError(
      'unsupported-scheme',
      `the URL \`${url}\` cannot be converted: its scheme is not http or https, and runner sends HTTP requests only`,
    );
  }
  const curlPath = verbatimBy !== undefined ? path : removeDotSegments(path);
  if (verbatimBy !== undefined && curlPath !== removeDotSegments(path)) {
    throw refuseOption(verbatimBy, 'runner removes `.` and `..` segments from the path');
  }
  const curlTarget = `${curlPath}${query}`.replaceAll(' ', '%20');
  const runnerTarget = `${parsed.pathname}${parsed.search}`;
  if (curlTarget !== runnerTarget) {
    throw conversionError(
      'url-changed',
      `the URL \`${url}\` would be sent as \`${runnerTarget}\` by runner, not as \`${curlTarget}\``,
      {
        hint: 'percent-encode the characters that differ in the command, then convert it again',
      },
    );
  }
}

/** RFC 3986, 5.2.4. */
function removeDotSegments(path: string): string {
  const out: string[] = [];
  const segments = path.split('/');
  segments.forEach((segment, i) => {
    const last = i === segments.length - 1;
    if (segment === '.' || segment === '..') {
      if (segment === '..' && out.length > 1) out.pop();
      if (last) out.push('');
    } else {
      out.push(segment);
    }
  });
  return out.join('/') || '/';
}
