/** A parsed cURL command to the request of the scenario step: method, URL and query, headers, body. */
import { HTTP_METHODS, type HttpMethod } from '../language/model.js';
import { buildBody } from './curlBody.js';
import { joinData, urlEncodedPiece } from './curlData.js';
import { buildHeaders } from './curlHeaders.js';
import type { CurlInvocation } from './curlInvocation.js';
import { conversionError } from './conversionError.js';
import type { ConversionNotes, DraftRequest } from './draftRequest.js';
import { appendQueryText, splitQuery, splitUrl, withScheme } from './urlParts.js';

export function buildDraft(
  invocation: CurlInvocation,
  notes: ConversionNotes,
  assetsPrefix?: string,
): DraftRequest {
  const [first, ...others] = invocation.urls;
  if (first === undefined || first === '') {
    throw conversionError('missing-url', 'the cURL command has no URL', {
      hint: "give the URL as in `curl 'https://api.example.test/users'`",
    });
  }
  if (others.length > 0) {
    notes.warnings.push(`only the first URL is converted; ${others.length} more ignored`);
  }
  if (invocation.hasNextRequest) {
    notes.warnings.push('only the first request is converted; everything after `--next` is ignored');
  }

  const parts = splitUrl(withScheme(first));
  let queryText = parts.query;
  for (const piece of invocation.urlQueries) queryText = joinQuery(queryText, urlEncodedPiece(piece).text);
  if (invocation.get && invocation.data.length > 0) {
    queryText = joinQuery(queryText, joinData(invocation.data).text);
  }
  const { params, kept } = splitQuery(queryText);
  const url = appendQueryText(parts.base, kept.join('&'));

  const headers = buildHeaders(invocation, notes, parts.userInfo);
  const { body, multipart } = buildBody(invocation, headers, notes, assetsPrefix);
  const timeout = timeoutOf(invocation.maxTime, notes);
  return {
    method: methodOf(invocation),
    url,
    query: params,
    headers,
    ...(body ? { body } : {}),
    ...(multipart ? { multipart } : {}),
    ...(timeout !== undefined ? { timeout } : {}),
  };
}

function joinQuery(left: string, right: string): string {
  if (right === '') return left;
  return left === '' ? right : `${left}&${right}`;
}

/** curl: `-X` wins; else `-I` is HEAD, `-G` GET, data or a form POST, `-T` PUT, anything else GET. */
function methodOf(invocation: CurlInvocation): HttpMethod {
  if (invocation.method !== undefined) {
    const upper = invocation.method.toUpperCase();
    const known = HTTP_METHODS.find((method) => method === upper);
    if (!known) {
      throw conversionError(
        'unsupported-method',
        `the method \`${invocation.method}\` is not one runner sends`,
        {
          hint: `runner sends ${HTTP_METHODS.join(', ')}`,
        },
      );
    }
    return known;
  }
  if (invocation.head) return 'HEAD';
  if (invocation.get) return 'GET';
  if (invocation.data.length > 0 || invocation.form.length > 0) return 'POST';
  return invocation.upload ? 'PUT' : 'GET';
}

/** `-m 10` or `-m 2.5` (seconds) becomes the step's `timeout`. */
function timeoutOf(maxTime: string | undefined, notes: ConversionNotes): string | undefined {
  if (maxTime === undefined) return undefined;
  if (/^\d+(\.\d+)?$/.test(maxTime)) return `${maxTime.replace(/\.0+$/, '')}s`;
  notes.warnings.push(`\`--max-time ${maxTime}\` is not a number of seconds and was not converted`);
  return undefined;
}
