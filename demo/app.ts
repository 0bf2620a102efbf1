import { randomBytes, randomUUID } from 'node:crypto';
import {
  errorReply,
  headerValue,
  type DemoReply,
  type DemoRequest,
  type DemoResponse,
  type RouteContext,
} from './exchange.js';
import { matchRoute, type Route } from './router.js';
import { createTokenService } from './routes/auth.js';
import { diagnosticRoutes } from './routes/diagnostics.js';
import { productRoutes } from './routes/products.js';
import { userRoutes } from './routes/users.js';

export type { DemoRequest, DemoResponse } from './exchange.js';

const MAX_REQUEST_BYTES = 1024 * 1024;
const REQUEST_ID = /^[\w.:-]{1,128}$/;

export interface DemoAppOptions {
  /** HS256 key for login tokens; random per app by default, so tokens never outlive the server. */
  jwtSecret?: Uint8Array;
  /** Milliseconds since the epoch; tests pass a fixed clock. */
  now?: () => number;
}

export type DemoHandler = (request: DemoRequest, response: DemoResponse) => void;

class RequestTooLarge extends Error {}

async function readBody(request: DemoRequest): Promise<string> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of request) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    total += bytes.length;
    if (total > MAX_REQUEST_BYTES) throw new RequestTooLarge();
    chunks.push(bytes);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function writeReply(response: DemoResponse, reply: DemoReply, requestId: string): void {
  const headers: Record<string, string | number> = { ...reply.headers, 'x-request-id': requestId };
  if (reply.body === undefined || reply.status === 204 || reply.status === 304) {
    response.writeHead(reply.status, headers);
    response.end('');
    return;
  }
  const text = JSON.stringify(reply.body);
  headers['content-type'] = 'application/json; charset=utf-8';
  headers['content-length'] = Buffer.byteLength(text);
  response.writeHead(reply.status, headers);
  // node drops the body of a HEAD response itself, keeping the length header as HEAD requires.
  response.end(text);
}

async function dispatch(
  routes: readonly Route[],
  request: DemoRequest,
  signal: AbortSignal,
): Promise<DemoReply> {
  const method = (request.method ?? 'GET').toUpperCase();
  const url = new URL(request.url ?? '/', 'http://demo.invalid');
  const path = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, '') : url.pathname;
  const match = matchRoute(routes, method, path);
  if (match.kind === 'not-found') return errorReply(404, `no route for ${method} ${path}`);
  if (match.kind === 'options') return { status: 204, headers: { allow: match.allowed.join(', ') } };
  if (match.kind === 'method-not-allowed') {
    return {
      status: 405,
      body: { error: `method ${method} is not allowed on ${path}` },
      headers: { allow: match.allowed.join(', ') },
    };
  }
  let rawBody: string;
  try {
    rawBody = await readBody(request);
  } catch (error) {
    if (error instanceof RequestTooLarge) return errorReply(413, 'request body is larger than 1 MiB');
    throw error;
  }
  const context: RouteContext = {
    method,
    path,
    query: url.searchParams,
    headers: request.headers,
    params: match.params,
    rawBody,
    signal,
  };
  return match.handle(context);
}

/**
 * Endpoints (JSON everywhere, `x-request-id` on every response, HEAD and OPTIONS answered):
 *   GET /health · POST /auth/login {username, password} → {token (HS256 JWT), tokenType, expiresIn}
 *   GET /users ?limit ?role · POST /users · GET|PUT|PATCH|DELETE /users/:id (writes need `Bearer <token>`)
 *   GET /products ?tag ?inStock · GET /products/:id · ANY /echo[/:rest] · GET /status/:code
 *   GET /slow?ms=N (at most 5000) · GET /redirect?to=/path[&status=301|302|303|307|308]
 *
 * The demo API: users, products, login with a real JWT, and endpoints for exercising
 * a client. All data lives in memory and starts from the same seed for every app.
 */
export function createDemoApp(options: DemoAppOptions = {}): DemoHandler {
  const now = options.now ?? Date.now;
  const tokens = createTokenService(options.jwtSecret ?? randomBytes(32), now);
  const routes: Route[] = [
    ...diagnosticRoutes(now(), now),
    ...tokens.routes,
    ...userRoutes(tokens, now),
    ...productRoutes(),
  ];

  return (request, response) => {
    const given = headerValue(request.headers, 'x-request-id');
    const requestId = given !== undefined && REQUEST_ID.test(given) ? given : randomUUID();
    const gone = new AbortController();
    response.once('close', () => {
      if (!response.writableFinished) gone.abort();
    });
    dispatch(routes, request, gone.signal)
      .catch((error: unknown) =>
        errorReply(500, `internal error: ${error instanceof Error ? error.message : String(error)}`),
      )
      .then((reply) => {
        if (gone.signal.aborted) return;
        try {
          writeReply(response, reply, requestId);
        } catch (error) {
          // A reply that cannot be serialised (an echo nested thousands of levels deep) still gets an answer,
          // instead of a connection left hanging until the client's timeout. Serialising comes before the
          // head is written, so the head is still free; if writing fails, the catch below has it.
          const reason = error instanceof Error ? error.message : String(error);
          writeReply(response, errorReply(500, `cannot send the reply: ${reason}`), requestId);
        }
      })
      .catch(() => {
        // The connection broke while writing; there is nobody left to tell.
      });
  };
}
