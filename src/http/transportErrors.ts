import { HttpError, describeDuration } from './httpError.js';
import { describeTlsFailure } from './tlsFailures.js';

/** What the client knew when the request failed, so the message can say where and why. */
export interface FailureContext {
  /** `host:port` of the target, as the user would type it. */
  target: string;
  hostname: string;
  timeoutMs: number;
  /** The request deadline fired (our timer), as opposed to any other abort. */
  timedOut: boolean;
  /** Response headers had arrived; only the body was still coming. */
  headersReceived: boolean;
}

const CONNECT_CODES = new Set([
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EADDRNOTAVAIL',
  'ETIMEDOUT',
  'ECONNABORTED',
  'EACCES',
]);
const RESET_CODES = new Set(['ECONNRESET', 'EPIPE', 'ERR_HTTP2_STREAM_ERROR', 'ERR_HTTP2_SESSION_ERROR']);
/** A request header Node refuses to write (a name that is no token, a control character in a value). */
const INVALID_REQUEST_CODES = new Set([
  'ERR_INVALID_HTTP_TOKEN',
  'ERR_INVALID_CHAR',
  'ERR_HTTP2_INVALID_HEADER_VALUE',
]);
/** Node's HTTP parser words its reasons `Parse Error: Invalid header token` (code `HPE_...`). */
const PARSER_MESSAGE = /^Parse Error: (.*)$/s;

const TLS_HINT =
  'if the server uses a self-signed or private certificate, set `http.caFile` or `http.insecure: true`';

function errorCode(error: unknown): string | undefined {
  if (error === null || typeof error !== 'object') return undefined;
  if ('code' in error && typeof error.code === 'string') return error.code;
  // Happy-eyeballs connects (several addresses tried) fail with an AggregateError holding the real causes.
  if (error instanceof AggregateError) return errorCode(error.errors[0]);
  return undefined;
}

function errorMessage(error: unknown): string {
  if (error instanceof AggregateError && error.errors.length > 0) return errorMessage(error.errors[0]);
  return error instanceof Error ? error.message : String(error);
}

function isTlsCode(code: string): boolean {
  return (
    code.startsWith('ERR_TLS_') ||
    code.startsWith('ERR_SSL_') ||
    code === 'EPROTO' ||
    /CERT|SIGNATURE|ISSUER/.test(code)
  );
}

function timeoutError(context: FailureContext, cause: unknown): HttpError {
  const limit = `${describeDuration(context.timeoutMs)} (request timeout)`;
  const message = context.headersReceived
    ? `response body from ${context.target} not complete within ${limit}`
    : `no response from ${context.target} within ${limit}`;
  return new HttpError('timeout', message, { cause });
}

/** Turns whatever Node's HTTP client or the socket threw into an HttpError whose message a user can act on. */
export function toHttpError(error: unknown, context: FailureContext): HttpError {
  if (error instanceof HttpError) return error;
  if (context.timedOut) return timeoutError(context, error);
  const code = errorCode(error) ?? '';
  const detail = errorMessage(error);
  if (code === 'ECONNREFUSED') {
    return new HttpError('connect', `connection refused by ${context.target} (is the server running?)`, {
      cause: error,
    });
  }
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') {
    return new HttpError('connect', `cannot resolve host ${context.hostname} (${code})`, { cause: error });
  }
  if (CONNECT_CODES.has(code)) {
    return new HttpError('connect', `cannot connect to ${context.target} (${code})`, { cause: error });
  }
  if (code === 'ABORT_ERR' || (error instanceof Error && error.name === 'AbortError')) {
    return new HttpError('aborted', `request to ${context.target} aborted`, { cause: error });
  }
  if (isTlsCode(code)) {
    const cause = describeTlsFailure(code, context.hostname);
    const hint = cause?.hint ?? TLS_HINT;
    return new HttpError(
      'tls',
      `TLS handshake with ${context.target} failed: ${cause?.words ?? detail} (${hint})`,
      { cause: error },
    );
  }
  if (RESET_CODES.has(code)) {
    return new HttpError(
      'protocol',
      `connection to ${context.target} closed before the response was complete`,
      {
        cause: error,
      },
    );
  }
  const rejected = parserFailure(code, detail, context);
  if (rejected !== undefined) return new HttpError('protocol', rejected, { cause: error });
  if (INVALID_REQUEST_CODES.has(code)) {
    return new HttpError('protocol', `invalid request to ${context.target}: ${detail}`, { cause: error });
  }
  return new HttpError('protocol', `invalid HTTP exchange with ${context.target}: ${detail}`, {
    cause: error,
  });
}

/**
 * What the HTTP/1.1 parser rejected, in its words with a lower-case start (`invalid header token`,
 * `invalid character in chunk size`), as DECISIONS asks: never a guess about the body length.
 */
function parserFailure(code: string, detail: string, context: FailureContext): string | undefined {
  if (!code.startsWith('HPE_')) return undefined;
  const invalid = (reason: string) => `invalid HTTP response from ${context.target}: ${reason}`;
  if (code === 'HPE_HEADER_OVERFLOW')
    return invalid('its headers exceed the size limit of the HTTP parser (headers overflow)');
  // `Invalid header token` reads `invalid header token`; `Content-Length overflow` keeps its header name.
  const reason = PARSER_MESSAGE.exec(detail)?.[1] ?? detail;
  return invalid(reason.replace(/^[A-Z][a-z]+(?=[ ,]|$)/, (word) => word.toLowerCase()));
}
