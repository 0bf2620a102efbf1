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

/** curl guesses `http://` for a URL without a scheme (or `--proto-default`'s scheme). */
export function withScheme(url: string, protoDefault = 'http'): string {
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(url) ? url : `${protoDefault}://${url}`;
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
  /** The query text left in the URL as written. */
  kept: string;
}

/**
 * The query goes into the `query` map only when runner would send it back byte for byte (issue 15): every
 * part `name=value`, no name repeated (the map holds one value per name, SPEC, request `query`), and
 * URLSearchParams' encoding giving the same text. Otherwise the whole query stays in `url`, order and all.
 */
export function splitQuery(query: string): SplitQuery {
  if (query === '') return { params: [], kept: '' };
  const pairs = query.split('&').map((part) => decodePair(part));
  const params = pairs.filter((pair): pair is [string, string] => pair !== undefined);
  const unique = new Set(params.map(([name]) => name)).size === pairs.length;
  if (params.length !== pairs.length || !unique || new URLSearchParams(params).toString() !== query) {
    return { params: [], kept: query };
  }
  return { params, kept: '' };
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

/**
 * curl's encoding for `--data-urlencode` (and, with lower-case hex, `--url-query`): letters, digits and
 * `-._~` stay, a space is `+`, every other byte of the UTF-8 text is `%XX`.
 */
export function curlUrlEncode(text: string, lowerHex = false): string {
  const encoded = encodeURIComponent(text)
    .replace(/[!'()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`)
    .replaceAll('%20', '+');
  return lowerHex ? encoded.replace(/%[0-9A-F]{2}/g, (escape) => escape.toLowerCase()) : encoded;
}

/** Appends encoded query text to a URL, after any query it already has. */
export function appendQueryText(url: string, query: string): string {
  if (query === '') return url;
  if (!url.includes('?')) return `${url}?${query}`;
  return url.endsWith('?') || url.endsWith('&') ? `${url}${query}` : `${url}&${query}`;
}
