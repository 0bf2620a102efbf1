/**
 * A URL from a cURL command, taken apart as text (no `new URL`, which would re-encode and normalise what the
 * user wrote): scheme added when missing, user info and fragment taken off, query split out.
 */

export interface UrlParts {
  /** Scheme, host and path, without user info, query or fragment. */
  base: string;
  /** `user:password` from `https://user:password@host/`, undecoded, when present. */
  userInfo?: string;
  /** The query string without `?`, as written; empty when there is none. */
  query: string;
}

/** curl guesses `http://` for a URL without a scheme. */
export function withScheme(url: string): string {
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(url) ? url : `http://${url}`;
}

export function splitUrl(url: string): UrlParts {
  const hashAt = url.indexOf('#');
  // curl never sends the fragment.
  const withoutHash = hashAt < 0 ? url : url.slice(0, hashAt);
  const queryAt = withoutHash.indexOf('?');
  let base = queryAt < 0 ? withoutHash : withoutHash.slice(0, queryAt);
  const query = queryAt < 0 ? '' : withoutHash.slice(queryAt + 1);
  const authority = /^([a-z][a-z0-9+.-]*:\/\/)([^/]*)(.*)$/i.exec(base);
  let userInfo: string | undefined;
  if (authority) {
    const [, scheme = '', host = '', path = ''] = authority;
    const at = host.lastIndexOf('@');
    if (at >= 0) {
      userInfo = host.slice(0, at);
      base = `${scheme}${host.slice(at + 1)}${path}`;
    }
  }
  return { base, ...(userInfo !== undefined ? { userInfo } : {}), query };
}

export interface SplitQuery {
  /** Parameters for the `query` map, decoded, in order. */
  params: [string, string][];
  /** Parts left in the URL as written: repeated names (the `query` map holds one value per name), `flag`
   * without `=`, and text that does not decode. */
  kept: string[];
}

/**
 * The `query` map holds one value per name (SPEC, request `query`), so a name given twice stays in the URL
 * with all its values, in order; so does anything that would not come back the same from the map.
 */
export function splitQuery(query: string): SplitQuery {
  const parts = query.split('&').filter((part) => part !== '');
  const decoded = parts.map((part) => decodePair(part));
  const counts = new Map<string, number>();
  for (const pair of decoded) if (pair) counts.set(pair[0], (counts.get(pair[0]) ?? 0) + 1);
  const params: [string, string][] = [];
  const kept: string[] = [];
  parts.forEach((part, i) => {
    const pair = decoded[i];
    if (pair && counts.get(pair[0]) === 1) params.push(pair);
    else kept.push(part);
  });
  return { params, kept };
}

function decodePair(part: string): [string, string] | undefined {
  const eq = part.indexOf('=');
  if (eq <= 0) return undefined;
  const key = decodeFormComponent(part.slice(0, eq));
  const value = decodeFormComponent(part.slice(eq + 1));
  return key === undefined || value === undefined ? undefined : [key, value];
}

/** `application/x-www-form-urlencoded` decoding: `+` is a space. Undefined for broken `%` escapes. */
export function decodeFormComponent(text: string): string | undefined {
  try {
    return decodeURIComponent(text.replaceAll('+', ' '));
  } catch {
    return undefined;
  }
}

/** curl's URL encoding for `--data-urlencode`: everything but letters, digits and `-._~` as `%XX`. */
export function curlUrlEncode(text: string): string {
  return encodeURIComponent(text).replace(
    /[!'()*]/g,
    (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/** Appends encoded query text to a URL, after any query it already has. */
export function appendQueryText(url: string, query: string): string {
  if (query === '') return url;
  if (!url.includes('?')) return `${url}?${query}`;
  return url.endsWith('?') || url.endsWith('&') ? `${url}${query}` : `${url}&${query}`;
}
