import { describe, expect, it } from 'vitest';
import { HttpError } from './httpError.js';
import { toHttpError, type FailureContext } from './transportErrors.js';

const context: FailureContext = {
  target: 'api.test:443',
  hostname: 'api.test',
  timeoutMs: 30_000,
  timedOut: false,
  headersReceived: false,
};

function coded(code: string, message = code): Error {
  return Object.assign(new Error(message), { code });
}

describe('toHttpError', () => {
  it('reports the request deadline by its limit, before or after the headers', () => {
    const before = toHttpError(new Error('aborted'), { ...context, timedOut: true });
    expect(before.code).toBe('timeout');
    expect(before.message).toBe('no response from api.test:443 within 30s (request timeout)');
    const after = toHttpError(new Error('aborted'), { ...context, timedOut: true, headersReceived: true });
    expect(after.message).toBe('response body from api.test:443 not complete within 30s (request timeout)');
  });

  it('names host and port when the connection is refused, also inside an AggregateError', () => {
    const direct = toHttpError(coded('ECONNREFUSED'), context);
    expect([direct.code, direct.message]).toEqual([
      'connect',
      'connection refused by api.test:443 (is the server running?)',
    ]);
    const aggregate = toHttpError(new AggregateError([coded('ECONNREFUSED')], 'connect failed'), context);
    expect(aggregate.code).toBe('connect');
  });

  it('says when a host name does not resolve', () => {
    expect(toHttpError(coded('ENOTFOUND'), context).message).toBe('cannot resolve host api.test (ENOTFOUND)');
  });

  it('classifies certificate problems as tls with a hint at the settings', () => {
    const error = toHttpError(coded('DEPTH_ZERO_SELF_SIGNED_CERT', 'self-signed certificate'), context);
    expect(error.code).toBe('tls');
    expect(error.message).toContain(
      'TLS handshake with api.test:443 failed: the server certificate is self-signed',
    );
    expect(error.message).toContain('http.insecure: true');
    const mismatch = toHttpError(coded('ERR_TLS_CERT_ALTNAME_INVALID'), context);
    expect(mismatch.code).toBe('tls');
    expect(mismatch.message).toContain('does not match the host name api.test');
    expect(toHttpError(coded('CERT_HAS_EXPIRED'), context).message).toContain('has expired');
    expect(toHttpError(coded('UNABLE_TO_GET_ISSUER_CERT_LOCALLY'), context).message).toContain(
      'signed by an unknown authority',
    );
    expect(toHttpError(coded('ERR_SSL_TLSV13_ALERT_CERTIFICATE_REQUIRED'), context).message).toContain(
      'requires a client certificate',
    );
    // A code without words of its own keeps the library's text.
    expect(
      toHttpError(coded('ERR_SSL_WRONG_VERSION_NUMBER', 'wrong version number'), context).message,
    ).toContain('wrong version number');
  });

  it('classifies closed clients and aborts as aborted', () => {
    const abort = new Error('This operation was aborted');
    abort.name = 'AbortError';
    expect(toHttpError(abort, context).code).toBe('aborted');
  });

  it('classifies resets and parser errors as protocol errors', () => {
    expect(toHttpError(coded('ECONNRESET'), context).message).toBe(
      'connection to api.test:443 closed before the response was complete',
    );
    const parser = coded('HPE_INVALID_CONSTANT', 'Parse Error: Expected HTTP/, RTSP/ or ICE/');
    expect(toHttpError(parser, context).message).toBe(
      'invalid HTTP response from api.test:443: expected HTTP/, RTSP/ or ICE/',
    );
  });

  it("names the parser's reason, and a header overflow by the limit", () => {
    const token = coded('HPE_INVALID_HEADER_TOKEN', 'Parse Error: Invalid header token');
    expect(toHttpError(token, context).message).toBe(
      'invalid HTTP response from api.test:443: invalid header token',
    );
    const duplicate = coded('HPE_UNEXPECTED_CONTENT_LENGTH', 'Parse Error: Duplicate Content-Length');
    expect(toHttpError(duplicate, context).message).toBe(
      'invalid HTTP response from api.test:443: duplicate Content-Length',
    );
    expect(toHttpError(coded('HPE_HEADER_OVERFLOW', 'Parse Error: Header overflow'), context).message).toBe(
      'invalid HTTP response from api.test:443: its headers exceed the size limit of the HTTP parser (headers overflow)',
    );
  });

  it('passes an HttpError through unchanged', () => {
    const original = new HttpError('response-too-large', 'too big');
    expect(toHttpError(original, { ...context, timedOut: true })).toBe(original);
  });
});
