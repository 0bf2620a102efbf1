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
  /** `-T`/`--upload-file` was given (curl would PUT a file). */
  upload: boolean;
  headers: string[];
  data: DataArgument[];
  form: FormArgument[];
  user?: string;
  bearer?: string;
  cookies: string[];
  userAgent?: string;
  referer?: string;
  /** `-r`/`--range`. */
  range?: string;
  /** `-m`/`--max-time`, in seconds as written. */
  maxTime?: string;
  /** `--url-query` parts, `--data-urlencode` syntax. */
  urlQueries: string[];
  /** `--next` or `-:` started a second request, which is not converted. */
  hasNextRequest: boolean;
  /** Options mapped to a comment (`-k`, `-L`, `--compressed`, ...), in command order, once each. */
  notes: OptionNote[];
  /** Options that only change curl's own output (`-s`, `-v`, `-o file`): nothing to convert. */
  ignored: string[];
  /** Options runner cannot express, with why; reported as warnings. */
  unsupported: OptionNote[];
  /** Options curl would not know either (or this converter does not): reported as warnings. */
  unknown: string[];
}

export function emptyInvocation(): CurlInvocation {
  return {
    urls: [],
    head: false,
    get: false,
    upload: false,
    headers: [],
    data: [],
    form: [],
    cookies: [],
    urlQueries: [],
    hasNextRequest: false,
    notes: [],
    ignored: [],
    unsupported: [],
    unknown: [],
  };
}

export function addNote(invocation: CurlInvocation, option: string, note: string): void {
  if (!invocation.notes.some((existing) => existing.note === note)) invocation.notes.push({ option, note });
}
