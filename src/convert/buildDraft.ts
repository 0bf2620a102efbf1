/** One request of a parsed cURL command to a scenario request: method, URL and query, headers, body. */
import { HTTP_METHODS, type HttpMethod } from '../language/model.js';
import type { CommandInput } from './commandFiles.js';
import { settleContentLength } from './contentLength.js';
import { buildBody } from './curlBody.js';
import { joinData, urlEncodedPiece } from './curlData.js';
import { curlAuth } from './curlAuth.js';
import { buildHeaders } from './curlHeaders.js';
import type { CurlInvocation } from './curlInvocation.js';
import { refuseOption } from './curlOptions.js';
import { conversionError } from './conversionError.js';
import type { ConversionNotes, DraftRequest } from './draftRequest.js';
import { checkUrlOnWire } from './urlOnWire.js';
import { appendQueryText, splitQuery, splitUrl, withScheme, type UrlParts } from './urlParts.js';

export interface DraftContext {
  notes: ConversionNotes;
  input: CommandInput;
  assetsPrefix?: string;
}

/** `url` is one of the invocation's URLs; `upload` the `-T` file curl sends to it. */
export function buildDraft(
  invocation: CurlInvocation,
  url: string,
  upload: string | undefined,
  context: DraftContext,
): DraftRequest {
  if (url === '') {
    throw conversionError('missing-url', 'the cURL command has no URL', {
      hint: "give the URL as in `curl 'https://api.example.test/users'`",
    });
  }
  if (!invocation.globoff && /[[\]{}]/.test(url)) {
    throw refuseOption('-g', 'without `-g`, curl expands `[]` and `{}` in the URL into several requests');
  }
  if (upload !== undefined && (invocation.data.length > 0 || invocation.form.length > 0)) {
    throw refuseOption('-T', 'curl itself refuses an upload together with `-d` or `-F` data');
  }
  if (invocation.remoteName && /\/([?#].*)?$/.test(url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*$/i, '$&/'))) {
    throw refuseOption('-O', 'the URL has no file name, so curl stops before sending the request');
  }
  const written = splitUrl(uploadUrl(withScheme(url, invocation.protoDefault), upload));
  const parts = withRequestTarget(written, invocation.requestTarget);
  if (invocation.http2Upgrade && parts.base.toLowerCase().startsWith('http://')) {
    throw refuseOption(
      '--http2',
      'over http:// curl asks the server to upgrade to HTTP/2, which runner does not',
    );
  }
  let queryText = parts.query;
  // `--request-target` replaces the whole path and query, `--url-query` and `-G` data included.
  const retargeted = invocation.requestTarget !== undefined;
  for (const piece of retargeted ? [] : invocation.urlQueries) {
    queryText = joinQuery(queryText, urlEncodedPiece(piece, context.input, '--url-query'));
  }
  if (invocation.get && invocation.data.length > 0 && !retargeted) {
    queryText = joinQuery(queryText, joinData(invocation.data, context.input));
  }
  const fullUrl = appendQueryText(parts.base, queryText);
  checkUrlOnWire(fullUrl, retargeted ? '--request-target' : invocation.pathAsIs ? '--path-as-is' : undefined);
  const { params, kept } = splitQuery(queryText);
  const draftUrl = appendQueryText(parts.base, kept);

  const pathAndAfter = /^[a-z][a-z0-9+.-]*:\/\/[^/]*(.*)$/i.exec(parts.base)?.[1] ?? '/';
  const host = /^[a-z][a-z0-9+.-]*:\/\/([^/:]*)/i.exec(parts.base)?.[1] ?? '';
  const headers = buildHeaders(
    invocation,
    {
      host,
      path: pathAndAfter === '' ? '/' : pathAndAfter,
      https: /^https:/i.test(parts.base),
      ...(parts.userInfo !== undefined ? { userInfo: parts.userInfo } : {}),
    },
    context.input,
    context.notes,
  );
  const { body, multipart, curlLength, withoutContentType } = buildBody(invocation, headers, {
    notes: context.notes,
    input: context.input,
    ...(context.assetsPrefix !== undefined ? { assetsPrefix: context.assetsPrefix } : {}),
    ...(upload !== undefined ? { upload } : {}),
  });
  settleContentLength(headers, curlLength, context.notes);
  const auth = curlAuth(invocation, host, headers);
  const timeout = timeoutOf(invocation.maxTime, context.notes);
  return {
    method: methodOf(invocation, upload !== undefined),
    url: draftUrl,
    query: params,
    headers,
    ...(body ? { body } : {}),
    ...(multipart ? { multipart } : {}),
    ...(withoutContentType ? { suppressedHeaders: ['Content-Type'] } : {}),
    ...(timeout !== undefined ? { timeout } : {}),
    ...(auth !== undefined ? { auth } : {}),
  };
}

/** `--request-target /path?query`: curl sends that instead of the URL's path and query, as written. */
function withRequestTarget(parts: UrlParts, target: string | undefined): UrlParts {
  if (target === undefined) return parts;
  const origin = /^[a-z][a-z0-9+.-]*:\/\/[^/]*/i.exec(parts.base)?.[0] ?? parts.base;
  const queryAt = target.indexOf('?');
  return {
    ...parts,
    base: `${origin}${queryAt < 0 ? target : target.slice(0, queryAt)}`,
    query: queryAt < 0 ? '' : target.slice(queryAt + 1),
  };
}

/** curl's manual: with `-T`, a URL without a file part gets the local file's name appended. */
function uploadUrl(url: string, upload: string | undefined): string {
  if (upload === undefined || upload === '-' || upload === '.') return url;
  const pathStart = url.indexOf('/', url.indexOf('//') + 2);
  const name = upload.replaceAll('\\', '/').split('/').pop() ?? upload;
  if (pathStart < 0) return `${url}/${name}`;
  const path = url.slice(pathStart).replace(/[?#].*$/, '');
  return path.endsWith('/')
    ? `${url.slice(0, pathStart)}${path}${name}${url.slice(pathStart + path.length)}`
    : url;
}

/** As curl appends `--url-query` and `-G` data: after a `&` the URL already ends with, or after a new one. */
function joinQuery(left: string, right: string): string {
  if (right === '') return left;
  return left === '' || left.endsWith('&') ? `${left}${right}` : `${left}&${right}`;
}

/** curl: `-X` wins; else `-I` is HEAD, `-G` GET, data or a form POST, `-T` PUT, anything else GET. */
function methodOf(invocation: CurlInvocation, upload: boolean): HttpMethod {
  if (invocation.method !== undefined) {
    const upper = invocation.method.toUpperCase();
    const known = HTTP_METHODS.find((method) => method === invocation.method);
    if (!known) {
      throw conversionError(
        'unsupported-method',
        upper === invocation.method
          ? `the method \`${invocation.method}\` (\`-X\`) is not one runner sends`
          : `the method \`${invocation.method}\` (\`-X\`) is sent as written by curl; runner sends methods in capitals`,
        { hint: `runner sends ${HTTP_METHODS.join(', ')}` },
      );
    }
    return known;
  }
  if (invocation.head) return 'HEAD';
  if (invocation.get) return 'GET';
  if (upload) return 'PUT';
  if (invocation.data.length > 0 || invocation.form.length > 0) return 'POST';
  return 'GET';
}

/** `-m 10` or `-m 2.5` (seconds) becomes the step's `timeout`. */
function timeoutOf(maxTime: string | undefined, notes: ConversionNotes): string | undefined {
  if (maxTime === undefined) return undefined;
  if (/^\d+(\.\d+)?$/.test(maxTime)) return `${maxTime.replace(/\.0+$/, '')}s`;
  notes.warnings.push(`\`--max-time ${maxTime}\` is not a number of seconds and was not converted`);
  return undefined;
}
