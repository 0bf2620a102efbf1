export type HttpErrorCode =
  | 'timeout'
  | 'connect'
  | 'response-too-large'
  | 'tls'
  | 'protocol'
  | 'aborted'
  /** SPEC phase 4: the sandbox refused the destination; nothing was sent. */
  | 'sandbox';

/**
 * A request that produced no usable response. The message is written for the user's console, so it names
 * the host, the limit or the setting involved; `code` is stable for programs.
 */
export class HttpError extends Error {
  readonly code: HttpErrorCode;

  constructor(code: HttpErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'HttpError';
    this.code = code;
  }
}

/** `30s`, `1.5s`, `500ms`, `2m`: how limits read in messages, matching the duration syntax users write. */
export function describeDuration(ms: number): string {
  if (ms < 1000) return `${ms}ms`;
  if (ms % 60_000 === 0) return `${ms / 60_000}m`;
  return `${Number((ms / 1000).toFixed(3))}s`;
}

/** `10 MiB`, `1.5 KiB`, `900 bytes`. */
export function describeBytes(bytes: number): string {
  const units = ['GiB', 'MiB', 'KiB'] as const;
  for (const [index, unit] of units.entries()) {
    const size = 1024 ** (units.length - index);
    if (bytes >= size) return `${Number((bytes / size).toFixed(2))} ${unit}`;
  }
  return `${bytes} bytes`;
}
