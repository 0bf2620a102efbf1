import { typoDistance } from '../diagnostics/typoDistance.js';

/**
 * The gRPC status codes by number (grpc/doc/statuscodes.md). Kept here as data, not read from
 * `@grpc/grpc-js`, so `validate` and the `status` matcher never load the gRPC library.
 */
const STATUS_NAMES = [
  'OK',
  'CANCELLED',
  'UNKNOWN',
  'INVALID_ARGUMENT',
  'DEADLINE_EXCEEDED',
  'NOT_FOUND',
  'ALREADY_EXISTS',
  'PERMISSION_DENIED',
  'RESOURCE_EXHAUSTED',
  'FAILED_PRECONDITION',
  'ABORTED',
  'OUT_OF_RANGE',
  'UNIMPLEMENTED',
  'INTERNAL',
  'UNAVAILABLE',
  'DATA_LOSS',
  'UNAUTHENTICATED',
] as const;

export type GrpcStatusName = (typeof STATUS_NAMES)[number];

/** `NOT_FOUND` for 5; `undefined` for a number that is no gRPC status. */
export function grpcStatusName(code: number): GrpcStatusName | undefined {
  return STATUS_NAMES[code];
}

/**
 * The code a user wrote as `status:` (DECISIONS, "Finer points (wave 3)": the name or the number): `5`,
 * `"5"` or `NOT_FOUND`, the name spelt as gRPC spells it. `undefined` when it is neither.
 */
export function grpcStatusCode(written: unknown): number | undefined {
  if (typeof written === 'number')
    return Number.isInteger(written) && grpcStatusName(written) ? written : undefined;
  if (typeof written !== 'string') return undefined;
  const text = written.trim();
  if (/^\d+$/.test(text)) return grpcStatusCode(Number(text));
  const index = STATUS_NAMES.indexOf(text as GrpcStatusName);
  return index === -1 ? undefined : index;
}

/** The status name nearest a misspelt one (`NOT_FOUNDD`, `not_found`), for a hint. */
export function closestGrpcStatus(text: string): GrpcStatusName | undefined {
  const upper = text.toUpperCase();
  let best: { name: GrpcStatusName; distance: number } | undefined;
  for (const name of STATUS_NAMES) {
    const distance = typoDistance(upper, name);
    if (distance <= 2 && (best === undefined || distance < best.distance)) best = { name, distance };
  }
  return best?.name;
}
