import type { RouteHandler } from './exchange.js';

export interface Route {
  /** An HTTP method, or `*` for any. */
  method: string;
  /** `/users/:id` style; `:name` matches one path segment. */
  path: string;
  handle: RouteHandler;
}

export type RouteMatch =
  | { kind: 'found'; handle: RouteHandler; params: Record<string, string> }
  | { kind: 'method-not-allowed'; allowed: string[] }
  | { kind: 'options'; allowed: string[] }
  | { kind: 'not-found' };

function decodeSegment(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

function matchPath(pattern: string, path: string): Record<string, string> | undefined {
  const want = pattern.split('/');
  const got = path.split('/');
  if (want.length !== got.length) return undefined;
  const params: Record<string, string> = {};
  for (const [index, segment] of want.entries()) {
    const actual = got[index] ?? '';
    if (segment.startsWith(':')) {
      const decoded = decodeSegment(actual);
      if (decoded === undefined || decoded === '') return undefined;
      params[segment.slice(1)] = decoded;
    } else if (segment !== actual) {
      return undefined;
    }
  }
  return params;
}

function allowedMethods(methods: Set<string>): string[] {
  if (methods.has('*')) return ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];
  if (methods.has('GET')) methods.add('HEAD');
  methods.add('OPTIONS');
  return [...methods];
}

/** HEAD is served by the GET route (node drops the body); OPTIONS lists what the path allows. */
export function matchRoute(routes: readonly Route[], method: string, path: string): RouteMatch {
  const methods = new Set<string>();
  for (const route of routes) {
    const params = matchPath(route.path, path);
    if (params === undefined) continue;
    if (route.method === method || route.method === '*' || (method === 'HEAD' && route.method === 'GET')) {
      return { kind: 'found', handle: route.handle, params };
    }
    methods.add(route.method);
  }
  if (methods.size === 0) return { kind: 'not-found' };
  const allowed = allowedMethods(methods);
  return method === 'OPTIONS' ? { kind: 'options', allowed } : { kind: 'method-not-allowed', allowed };
}
