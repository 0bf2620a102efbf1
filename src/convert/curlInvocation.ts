/** What a cURL command asks for, option by option, before it is turned into a scenario request. */

/** `-d`/`--data`/`--data-ascii`, `--data-raw`, `--data-binary`, `--data-urlencode`, `--json`. */
export type DataKind = 'data' | 'raw' | 'binary' | 'urlencode' | 'json';

export interface DataArgument {
  kind: DataKind;
  value: string;
}

/** `-F name=...` (curl reads `@file`, `<file` and `;type=`) or `--form-string name=value` (literal). */
export interface FormArgument {
  literal: boolean;
  value: string;
}

/** An option that has no scenario equivalent, with what it means for runner (becomes a YAML comment). */
export interface OptionNote {
  option: string;
  note: string;
}

export interface CurlInvocation {
  urls: string[];
  /** `-X`/`--request`, as written. */
  method?: string;
  head: boolean;
  /** `-G`/`--get`: data goes into the query string. */
  get: boolean;
  /** `-T`/`--upload-file` files, one per URL in order (curl PUTs each to `<url>/<file name>`). */
  uploads: string[];
  /** `-C`/`--continue-at <offset>`: `Range: bytes=<offset>-`. */
  continueAt?: string;
  /** `-z`/`--time-cond <date>`: `If-Modified-Since` (or `If-Unmodified-Since` with a leading `-`). */
  timeCond?: string;
  /** `--etag-compare <file>`: `If-None-Match` with the file's first line. */
  etagCompare?: string;
  /** `--compressed`: curl asks for compressed responses. */
  compressed: boolean;
  /** `-j`: cookies without an expiry are not sent from a cookie file. */
  junkSessionCookies: boolean;
  /** `-O`/`--remote-name`: curl needs a file name in the URL. */
  remoteName: boolean;
  pathAsIs: boolean;
  /** `--request-target /path?query`: sent instead of the URL's path and query. */
  requestTarget?: string;
  /** `-g`/`--globoff`: `[]` and `{}` in URLs are literal. */
  globoff: boolean;
  /** `--form-escape`: multipart names escaped with backslashes instead of `%22`. */
  formEscape: boolean;
  /** `--proto-default <scheme>` for URLs without one. */
  protoDefault?: string;
  /** `--http2`: over `http://` curl asks to upgrade to h2c, which runner does not. */
  http2Upgrade: boolean;
  headers: string[];
  data: DataArgument[];
  form: FormArgument[];
  user?: string;
  bearer?: string;
  /** `--digest`: `--user` answers a Digest challenge instead of going as Basic. */
  digest?: boolean;
  /** `--aws-sigv4 <provider1[:provider2[:region[:service]]]>`: `--user` signs the request. */
  awsSigv4?: string;
  cookies: string[];
  userAgent?: string;
  referer?: string;
  /** `-r`/`--range`. */
  range?: string;
  /** `-m`/`--max-time`, in seconds as written. */
  maxTime?: string;
  /** `--url-query` parts, `--data-urlencode` syntax. */
  urlQueries: string[];
  /** Options mapped to a comment (`-k`, `-L`, `--compressed`, ...), in command order, once each. */
  notes: OptionNote[];
  /** Options that only change curl's own output (`-s`, `-v`, `-o file`): nothing to convert. */
  ignored: string[];
}

export function emptyInvocation(): CurlInvocation {
  return {
    urls: [],
    head: false,
    get: false,
    uploads: [],
    compressed: false,
    junkSessionCookies: false,
    remoteName: false,
    pathAsIs: false,
    globoff: false,
    formEscape: false,
    http2Upgrade: false,
    headers: [],
    data: [],
    form: [],
    cookies: [],
    urlQueries: [],
    notes: [],
    ignored: [],
  };
}

export function addNote(invocation: CurlInvocation, option: string, note: string): void {
  if (!invocation.notes.some((existing) => existing.note === note)) invocation.notes.push({ option, note });
}
