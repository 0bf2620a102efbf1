/**
 * A scenario's request as curl would send it, as far as it is known before a run: environment variables and
 * `$accounts` filled in, the URL resolved against `baseUrl` or the service's (SPEC, URL resolution), query
 * appended, and the content type runner would add. Secrets are masked unless the caller passes no masker
 * (`--raw`).
 */
import { valueAsText, type VariableScope } from '../expressions/index.js';
import { encodeForm, expandLists, FORM_CONTENT_TYPE, graphqlPayload } from '../language/index.js';
import type { RequestSpec } from '../language/model.js';
import type { Masker } from '../masking/index.js';
import type { CurlFile, CurlRequest } from './curlCommand.js';
import type { UrlTargets } from './relativeUrl.js';
import {
  resolveKnown,
  resolveKnownDeep,
  resolveKnownText,
  UNRESOLVED_CLOSE,
  UNRESOLVED_OPEN,
} from './resolveKnown.js';

export interface ResolveContext {
  scope: VariableScope;
  targets?: UrlTargets;
  /** Absent with `--raw`. */
  masker?: Masker;
  /** The assets folder relative to the current directory (multipart files are read from there). */
  assetsPrefix?: string;
}

const ABSOLUTE_URL = /^[a-z][a-z0-9+.-]*:\/\//i;

export function resolveRequest(
  spec: RequestSpec,
  context: ResolveContext,
): { request: CurlRequest; notes: string[] } {
  const { scope, masker } = context;
  const notes: string[] = [];
  const text = (template: string) => resolveKnownText(template, scope);
  const mask = <T>(value: T): T => (masker ? masker.maskValue(value) : value);

  const url = absoluteUrl(
    text(spec.url),
    spec.service === undefined ? undefined : text(spec.service),
    context,
    notes,
  );
  // A masked value is shown as [MASKED] but keeps its place, so repeated parameters stay repeated.
  const query = expandLists(spec.query).map(([key, value]): [string, string] => [
    key,
    mask({ [key]: valueAsText(resolveKnown(value, scope, true)) })[key] ?? '',
  ]);
  const headers: CurlRequest['headers'] = mask(
    Object.fromEntries(
      Object.entries(spec.headers).map(([key, value]) => [
        key,
        typeof value === 'string' ? text(value) : value.map(text),
      ]),
    ),
  );
  const request: CurlRequest = {
    method: spec.method,
    url: appendQuery(masker ? masker.maskText(urlAsSent(url)) : urlAsSent(url), query),
    headers,
    ...(spec.timeoutMs !== undefined ? { maxTimeSeconds: spec.timeoutMs / 1000 } : {}),
  };
  if (spec.multipart) {
    const files: Record<string, CurlFile> = {};
    for (const [name, file] of Object.entries(spec.multipart.files)) {
      const path = text(file.path);
      files[name] = { ...file, path: context.assetsPrefix ? `${context.assetsPrefix}/${path}` : path };
    }
    const fields = Object.fromEntries(
      Object.entries(spec.multipart.fields).map(([key, value]) => [key, text(value)]),
    );
    // In the order runner sends them (src/engine/multipart.ts), which toCurl follows.
    request.multipart = spec.multipart.filesFirst
      ? { files, fields: mask(fields) }
      : { fields: mask(fields), files };
  } else if (spec.form) {
    // The exact text runner sends, given to curl as `--data-raw` with the form content type curl uses for -d.
    const fields = spec.form.map(([name, value]): [string, string] => [
      name,
      mask({ [name]: text(value) })[name] ?? '',
    ]);
    request.body = encodeForm(fields);
    setContentType(headers, FORM_CONTENT_TYPE);
  } else if (spec.graphql) {
    const { query: document, variables, operationName } = spec.graphql;
    request.body = mask(
      graphqlPayload(
        text(document),
        variables === undefined ? undefined : resolveKnownDeep(variables, scope),
        operationName === undefined ? undefined : text(operationName),
      ),
    );
    setContentType(headers, 'application/json');
  } else if (spec.hasBody) {
    request.body = mask(resolveKnownDeep(spec.body, scope));
    if (!Object.keys(headers).some((name) => name.toLowerCase() === 'content-type')) {
      // What runner sends when the scenario names no content type (src/http/body.ts).
      headers['content-type'] =
        typeof request.body === 'string' ? 'text/plain; charset=utf-8' : 'application/json';
    }
  }
  if (spec.transform) {
    notes.push('`transform` reshapes the body at run time; the body shown is the one before it');
  }
  return { request, notes };
}

/** What runner sends when the scenario names no content type of its own. */
function setContentType(headers: CurlRequest['headers'], type: string): void {
  if (!Object.keys(headers).some((name) => name.toLowerCase() === 'content-type'))
    headers['content-type'] = type;
}

const UNRESOLVED = new RegExp(`${UNRESOLVED_OPEN}([^${UNRESOLVED_CLOSE}]*)${UNRESOLVED_CLOSE}`);

function encodeKeepingReferences(text: string): string {
  return text
    .split(UNRESOLVED)
    .map((piece, i) => (i % 2 === 1 ? piece : new URLSearchParams([['', piece]]).toString().slice(1)))
    .join('');
}

/**
 * The URL as runner's URL parser sends it (`{` in a path becomes `%7B`, dot segments go), so curl sends the
 * same target; a URL with unresolved references or that does not parse is shown as written.
 */
function urlAsSent(url: string): string {
  if (url.includes('$') || !ABSOLUTE_URL.test(url)) return url;
  try {
    return new URL(url).href;
  } catch {
    return url;
  }
}

function absoluteUrl(
  url: string,
  service: string | undefined,
  context: ResolveContext,
  notes: string[],
): string {
  if (ABSOLUTE_URL.test(url)) return url;
  const { targets } = context;
  if (!targets) {
    notes.push('relative URL: run with `--env <name>` in a workspace to resolve it against `baseUrl`');
    return url;
  }
  const base = service === undefined ? targets.baseUrl : targets.services[service]?.baseUrl;
  if (base === undefined) {
    notes.push(`the environment has no service \`${service ?? ''}\`; the URL stays relative`);
    return url;
  }
  return joinUrl(base, url);
}

/** As runner joins them (src/http/resolveUrl.ts): one slash between base and path. */
function joinUrl(base: string, relative: string): string {
  if (relative === '') return base;
  if (relative.startsWith('?') || relative.startsWith('#')) return `${base}${relative}`;
  return `${base.replace(/\/+$/, '')}/${relative.replace(/^\/+/, '')}`;
}

/**
 * As runner appends `query` (src/http/resolveUrl.ts, applyQuery): URLSearchParams encoding, before a fragment.
 * A reference left unresolved (`$token`) is shown as written, not as `%24token` (issue 15).
 */
function appendQuery(url: string, query: readonly [string, string][]): string {
  const encoded = query
    .map(([key, value]) => `${encodeKeepingReferences(key)}=${encodeKeepingReferences(value)}`)
    .join('&');
  if (encoded === '') return url;
  const hashAt = url.indexOf('#');
  const beforeHash = hashAt < 0 ? url : url.slice(0, hashAt);
  const hash = hashAt < 0 ? '' : url.slice(hashAt);
  const separator = !beforeHash.includes('?') ? '?' : /[?&]$/.test(beforeHash) ? '' : '&';
  return `${beforeHash}${separator}${encoded}${hash}`;
}
