/**
 * The URL a Postman request is sent to. A v2 URL object holds `raw` beside its parts, and Postman's runtime
 * (Newman) sends what the parts say, not `raw`: the query list without its disabled entries, `:name` path
 * segments replaced by the URL's variables that have a value. The two differ in exported collections (a
 * query kept only in the list, an unticked parameter still in `raw`), so the parts are read as Newman reads
 * them; `raw` only when there are no parts.
 */
import type { PostmanRequest } from './postmanTypes.js';

type UrlObject = Exclude<PostmanRequest['url'], string>;

interface QueryEntry {
  key?: string | null;
  value?: string | null;
  disabled?: boolean;
}

export function postmanUrl(url: PostmanRequest['url']): string {
  if (typeof url === 'string') return url;
  if (url.host === undefined && url.path === undefined) return (url as { raw?: string }).raw ?? '';
  const protocol = url.protocol ? `${url.protocol.replace(/:\/\/$/, '')}://` : '';
  const host = Array.isArray(url.host) ? url.host.join('.') : (url.host ?? '');
  const port = url.port !== undefined && url.port !== '' ? `:${String(url.port)}` : '';
  return `${protocol}${host}${port}${pathText(url)}${queryText(url)}`;
}

function pathText(url: UrlObject): string {
  if (url.path === undefined) return '';
  const segments = Array.isArray(url.path) ? url.path : url.path.replace(/^\//, '').split('/');
  const values = new Map<string, string>();
  for (const variable of url.variable ?? []) {
    const value: unknown = variable.value;
    if (variable.key && typeof value === 'string' && value !== '') values.set(variable.key, value);
  }
  const resolved = segments.map((segment) => {
    const name = /^:([^./]+)/.exec(segment)?.[1];
    const value = name === undefined ? undefined : values.get(name);
    return value === undefined || name === undefined ? segment : value + segment.slice(name.length + 1);
  });
  return `/${resolved.join('/')}`;
}

/** `key=value` as written (Postman encodes at send time, as runner does), `key` alone for a null value. */
function queryText(url: UrlObject): string {
  if (typeof url.query === 'string') return url.query === '' ? '' : `?${url.query}`;
  const entries = (Array.isArray(url.query) ? url.query : []) as QueryEntry[];
  const enabled = entries.filter((entry) => entry.disabled !== true);
  if (enabled.length === 0) return '';
  const pairs = enabled.map(
    (entry) => `${entry.key ?? ''}${typeof entry.value === 'string' ? `=${entry.value}` : ''}`,
  );
  return `?${pairs.join('&')}`;
}
