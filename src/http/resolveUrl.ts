import { RunnerError } from '../diagnostics/errors.js';
import { didYouMeanHint } from '../diagnostics/didYouMean.js';

export interface UrlTargets {
  baseUrl: string;
  services: Record<string, { baseUrl: string }>;
}

const ABSOLUTE_URL = /^[a-z][a-z0-9+.-]*:\/\//i;

/** `http://h/api` + `users` and `http://h/api/` + `/users` both give `http://h/api/users`. */
function joinUrl(base: string, relative: string): string {
  if (relative === '') return base;
  if (relative.startsWith('?') || relative.startsWith('#')) return `${base}${relative}`;
  return `${base.replace(/\/+$/, '')}/${relative.replace(/^\/+/, '')}`;
}

/**
 * SPEC, URL resolution: an absolute `url` is used as it is; with `service`, a relative url resolves through
 * `services.<name>.baseUrl`; otherwise through the environment's root `baseUrl`. The base's path is kept.
 */
export function resolveUrl(url: string, service: string | undefined, environment: UrlTargets): string {
  if (ABSOLUTE_URL.test(url)) return url;
  if (service === undefined) return joinUrl(environment.baseUrl, url);
  const target = environment.services[service];
  if (target !== undefined) return joinUrl(target.baseUrl, url);
  const known = Object.keys(environment.services);
  const listing =
    known.length === 0 ? 'the environment defines no services' : `known services: ${known.join(', ')}`;
  const hint = didYouMeanHint(service, known);
  // The hint goes into the message too: at run time the engine reports `message`, not diagnostics.
  const message = `unknown service \`${service}\`${hint === undefined ? '' : ` (${hint})`}; ${listing}`;
  throw new RunnerError('http.unknown-service', message);
}

/**
 * Appends query parameters (URLSearchParams encoding) after any the URL already has, before a fragment; a
 * name may repeat (`tag=a&tag=b`).
 */
export function applyQuery(url: string, query: readonly (readonly [string, string])[]): string {
  const encoded = new URLSearchParams(
    query.map(([name, value]): [string, string] => [name, value]),
  ).toString();
  if (encoded === '') return url;
  const hashAt = url.indexOf('#');
  const beforeHash = hashAt < 0 ? url : url.slice(0, hashAt);
  const hash = hashAt < 0 ? '' : url.slice(hashAt);
  const separator = !beforeHash.includes('?')
    ? '?'
    : beforeHash.endsWith('?') || beforeHash.endsWith('&')
      ? ''
      : '&';
  return `${beforeHash}${separator}${encoded}${hash}`;
}
