import { STATUS_CODES } from 'node:http';
import { setTimeout as delay } from 'node:timers/promises';
import { errorReply, headerValue, type DemoReply, type RouteContext } from '../exchange.js';
import type { Route } from '../router.js';

const MAX_SLOW_MS = 5000;
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/** Query parameters as an object; a repeated key becomes a list. */
function queryObject(query: URLSearchParams): Record<string, string | string[]> {
  const result: Record<string, string | string[]> = {};
  for (const key of new Set(query.keys())) {
    const values = query.getAll(key);
    result[key] = values.length === 1 ? (values[0] ?? '') : values;
  }
  return result;
}

function echoBody(context: RouteContext): unknown {
  if (context.rawBody === '') return null;
  const contentType = headerValue(context.headers, 'content-type') ?? '';
  if (/[/+]json\b/i.test(contentType)) {
    try {
      return JSON.parse(context.rawBody);
    } catch {
      // Not valid JSON after all: echo the text so the caller sees what arrived.
    }
  }
  return context.rawBody;
}

function echo(context: RouteContext): DemoReply {
  // HTTP/2 pseudo-headers (`:path`, ...) are transport details, not headers the caller sent.
  const headers = Object.fromEntries(
    Object.entries(context.headers).filter(([name]) => !name.startsWith(':')),
  );
  return {
    status: 200,
    body: {
      method: context.method,
      path: context.path,
      query: queryObject(context.query),
      headers,
      body: echoBody(context),
    },
  };
}

/** Endpoints for exercising a client: health, echo, chosen statuses, delays and redirects. */
export function diagnosticRoutes(startedAtMs: number, nowMs: () => number): Route[] {
  return [
    {
      method: 'GET',
      path: '/health',
      handle: () => ({
        status: 200,
        body: {
          status: 'ok',
          service: 'runner-demo',
          uptimeSeconds: Math.floor((nowMs() - startedAtMs) / 1000),
        },
      }),
    },
    { method: '*', path: '/echo', handle: echo },
    { method: '*', path: '/echo/:rest', handle: echo },
    {
      method: 'GET',
      path: '/status/:code',
      handle(context) {
        const code = Number(context.params.code);
        if (!Number.isInteger(code) || code < 200 || code > 599) {
          return errorReply(400, 'status code must be an integer from 200 to 599');
        }
        const statusText = STATUS_CODES[code] ?? 'Unknown';
        return code === 204 || code === 304
          ? { status: code }
          : { status: code, body: { status: code, statusText } };
      },
    },
    {
      method: 'GET',
      path: '/slow',
      async handle(context) {
        const ms = Number(context.query.get('ms') ?? '1000');
        if (!Number.isFinite(ms) || ms < 0) return errorReply(400, 'ms must be a number of milliseconds');
        const waited = Math.min(Math.round(ms), MAX_SLOW_MS);
        try {
          await delay(waited, undefined, { signal: context.signal });
        } catch {
          // The client went away; nobody will read the reply.
          return { status: 499 };
        }
        return { status: 200, body: { delayedMs: waited } };
      },
    },
    {
      method: 'GET',
      path: '/redirect',
      handle(context) {
        const to = context.query.get('to') ?? '/health';
        // Only paths on this server: the demo must not be an open redirect.
        if (!to.startsWith('/') || to.startsWith('//'))
          return errorReply(400, '`to` must be a path starting with /');
        const status = Number(context.query.get('status') ?? '302');
        if (!REDIRECT_STATUSES.has(status))
          return errorReply(400, 'status must be one of 301, 302, 303, 307, 308');
        return { status, body: { redirectTo: to }, headers: { location: to } };
      },
    },
  ];
}
