export type CacheErrorCode =
  /** The connection URL is not one `runner` can use. */
  | 'url'
  /** `security.sandboxing` refused the host; nothing was sent. */
  | 'sandbox'
  /** The host could not be resolved or reached, or the TLS handshake failed. */
  | 'connect'
  /** The server refused the credentials, or asked for some. */
  | 'auth'
  /** No connection or no reply within the timeout. */
  | 'timeout'
  /** The server answered a command with an error (`WRONGTYPE`, ...). */
  | 'command'
  /** The connections were closed at the end of the run. */
  | 'closed'
  /** The run was interrupted while the step waited. */
  | 'aborted';

/**
 * A cache step that got no usable reply. The message names the connection and is written for the console;
 * it never contains the connection's password (the URL is shown without it).
 */
export class CacheError extends Error {
  readonly code: CacheErrorCode;

  constructor(code: CacheErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'CacheError';
    this.code = code;
  }
}
