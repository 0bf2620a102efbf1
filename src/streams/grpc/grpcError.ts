export type GrpcErrorCode =
  /** The URL is no `grpc://` or `grpcs://` URL. */
  | 'url'
  /** The proto files or the server's reflection did not give the service and method. */
  | 'descriptor'
  /** `message` does not fit the request type. */
  | 'message'
  /** No connection: refused, unreachable, TLS not trusted, or not within the step's time. */
  | 'connect'
  | 'aborted';

/**
 * A gRPC step that could not make its call. A call that the server answered with a non-OK status is no
 * error: its status is the step's `status`, judged by `expect`.
 */
export class GrpcError extends Error {
  readonly code: GrpcErrorCode;

  constructor(code: GrpcErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'GrpcError';
    this.code = code;
  }
}

/** A call's error from `@grpc/grpc-js`: it carries the status `code` and `details` the server sent. */
export function isServiceError(error: unknown): error is Error & { code: number; details: string } {
  return error instanceof Error && 'code' in error && typeof error.code === 'number' && 'details' in error;
}
