/**
 * What the demo needs from a request and a response. Both node:http and the HTTP/2 compatibility API
 * (test/support's TLS server) satisfy these, so one app serves both.
 */
export interface DemoRequest extends AsyncIterable<Buffer | string> {
  readonly method?: string | undefined;
  readonly url?: string | undefined;
  readonly headers: Record<string, string | string[] | undefined>;
}

export interface DemoResponse {
  writeHead(status: number, headers: Record<string, string | number>): unknown;
  end(body: string): unknown;
  once(event: 'close', listener: () => void): unknown;
  readonly writableFinished: boolean;
}

/** What a route answers: JSON everywhere, so a body is any JSON value; none for 204 and HEAD. */
export interface DemoReply {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface RouteContext {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Record<string, string | string[] | undefined>;
  params: Record<string, string>;
  /** The request body as text ('' when none). */
  rawBody: string;
  /** Aborted when the client goes away, so slow routes stop waiting. */
  signal: AbortSignal;
}

export type RouteHandler = (context: RouteContext) => DemoReply | Promise<DemoReply>;

export function errorReply(status: number, error: string, headers?: Record<string, string>): DemoReply {
  return headers === undefined ? { status, body: { error } } : { status, body: { error }, headers };
}

export function headerValue(headers: RouteContext['headers'], name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}

/** The body as a JSON object, or the 400 reply that explains what is wrong with it. */
export function jsonObjectBody(
  context: RouteContext,
): { ok: true; value: Record<string, unknown> } | { ok: false; reply: DemoReply } {
  if (context.rawBody.trim() === '')
    return { ok: false, reply: errorReply(400, 'request body must be a JSON object') };
  let value: unknown;
  try {
    value = JSON.parse(context.rawBody);
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    return { ok: false, reply: errorReply(400, `request body is not valid JSON: ${detail}`) };
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return { ok: false, reply: errorReply(400, 'request body must be a JSON object') };
  }
  return { ok: true, value: Object.fromEntries(Object.entries(value)) };
}
