/**
 * Which operation a request is (DECISIONS.md, "Authoring": server URL + path template + method). Tests rarely
 * run against the documented servers, so a server's path also counts under each base URL of the environment:
 * with `servers: [{ url: https://api.example.com/v1 }]` and `baseUrl: http://localhost:8080`, a request to
 * `http://localhost:8080/v1/pets/7` is `GET /pets/{petId}`.
 */
import { isObject, type JsonObject } from './document.js';
import type { Operation } from './operations.js';

export interface OperationIndex {
  /** The operation a request is, or why none is (for the warning). */
  match(method: string, url: string): { operation: Operation } | { unmatched: string };
}

interface Template {
  path: string;
  pattern: RegExp;
  /** Templated segments: concrete paths win over templated ones (OpenAPI, "Paths Object"). */
  parameters: number;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `{name}` matches within one segment; everything else literally. */
function templatePattern(template: string, wholeMatch: boolean): RegExp {
  const source = template
    .split(/(\{[^}]*\})/)
    .map((part) => (/^\{[^}]*\}$/.test(part) ? '[^/]+' : escapeRegExp(part)))
    .join('');
  return new RegExp(wholeMatch ? `^${source}$` : `^${source}`);
}

function withoutTrailingSlash(text: string): string {
  return text.length > 1 && text.endsWith('/') ? text.slice(0, -1) : text;
}

/** Server URLs as written (variables become wildcards); a relative one is only a path. */
function serverUrls(data: JsonObject): string[] {
  const servers = Array.isArray(data.servers) ? data.servers : [];
  const urls = servers
    .map((server) => (isObject(server) && typeof server.url === 'string' ? server.url : undefined))
    .filter((url): url is string => url !== undefined);
  // OpenAPI: without `servers`, the server is `/`.
  return urls.length > 0 ? urls : ['/'];
}

/** The path part of a server URL: `https://api.example.com/v1` → `/v1`, `/v1` → `/v1`. */
function serverPath(url: string): string {
  const path = url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, '');
  return withoutTrailingSlash(path === '' ? '/' : path);
}

/** Prefixes a request URL may start with before the path template, longest first. */
function prefixPatterns(data: JsonObject, baseUrls: readonly string[]): RegExp[] {
  const prefixes = new Set<string>();
  for (const server of serverUrls(data)) {
    const path = serverPath(server);
    if (/^[a-z][a-z0-9+.-]*:\/\//i.test(server)) prefixes.add(withoutTrailingSlash(server));
    for (const base of baseUrls) {
      let parsed: URL;
      try {
        parsed = new URL(base);
      } catch {
        continue;
      }
      const basePath = withoutTrailingSlash(parsed.pathname);
      prefixes.add(parsed.origin + (path === '/' ? '' : path));
      if (basePath !== '/') prefixes.add(parsed.origin + basePath + (path === '/' ? '' : path));
      // The base URL may already be the server (`baseUrl: http://localhost:8080/v1`).
      prefixes.add(parsed.origin + (basePath === '/' ? '' : basePath));
    }
  }
  return [...prefixes]
    .sort((a, b) => b.length - a.length)
    .map((prefix) => templatePattern(prefix.replace(/\/$/, ''), false));
}

export function indexOperations(
  data: JsonObject,
  operations: readonly Operation[],
  baseUrls: readonly string[],
): OperationIndex {
  const prefixes = prefixPatterns(data, baseUrls);
  const templates: Template[] = [...new Set(operations.map((operation) => operation.path))]
    .map((path) => ({
      path,
      pattern: templatePattern(withoutTrailingSlash(path), true),
      parameters: (path.match(/\{[^}]*\}/g) ?? []).length,
    }))
    .sort((a, b) => a.parameters - b.parameters);

  return {
    match(method, url) {
      let parsed: URL;
      try {
        parsed = new URL(url);
      } catch {
        return { unmatched: `${url} is not a URL` };
      }
      const target = parsed.origin + parsed.pathname;
      for (const prefix of prefixes) {
        const found = prefix.exec(target);
        if (!found) continue;
        const rest = withoutTrailingSlash(target.slice(found[0].length) || '/');
        if (!rest.startsWith('/')) continue;
        const matching = templates.filter((candidate) => candidate.pattern.test(rest));
        const first = matching[0];
        if (first === undefined) continue;
        const upper = method.toUpperCase();
        for (const template of matching) {
          const operation = operations.find((op) => op.path === template.path && op.method === upper);
          if (operation) return { operation };
        }
        const documented = operations.filter((op) => op.path === first.path).map((op) => op.method);
        return {
          unmatched: `${upper} ${first.path} is not in the OpenAPI document (documented: ${documented.join(', ')})`,
        };
      }
      return {
        unmatched: `${method.toUpperCase()} ${parsed.pathname} matches no path of the OpenAPI document`,
      };
    },
  };
}
