import type { Options } from '@grpc/proto-loader';

/**
 * How messages become values, for proto files and reflection alike: field names as the .proto writes
 * them, int64 as text (DECISIONS, "Finer points (wave 3)": JSON numbers lose digits past 2^53), enums by
 * name, bytes as base64, and every field present with its default so `expect` can name a zero or `false`.
 */
export const LOADER_OPTIONS: Options = {
  keepCase: true,
  longs: String,
  enums: String,
  bytes: String,
  defaults: true,
  oneofs: true,
};
