import { Metadata } from '@grpc/grpc-js';
import { GrpcError } from './grpcError.js';

/**
 * The step's `metadata` as request metadata. Keys are lower-cased as HTTP/2 sends them; a `-bin` key takes
 * base64 text, the form grpcurl and the gRPC spec show binary values in.
 */
export function requestMetadata(entries: Record<string, string> | undefined): Metadata {
  const metadata = new Metadata();
  for (const [name, value] of Object.entries(entries ?? {})) {
    const key = name.toLowerCase();
    try {
      if (key.endsWith('-bin')) metadata.add(key, Buffer.from(value, 'base64'));
      else metadata.add(key, value);
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      throw new GrpcError('message', `metadata \`${name}\`: ${why}`, { cause: error });
    }
  }
  return metadata;
}

/** Response headers or trailers as `headers.<name>` / `trailers.<name>` read them: text, values joined. */
export function metadataRecord(metadata: Metadata | undefined): Record<string, string> {
  const record: Record<string, string> = {};
  for (const [key, values] of Object.entries(metadata?.toJSON() ?? {})) {
    record[key] = values
      .map((value) => (typeof value === 'string' ? value : value.toString('base64')))
      .join(', ');
  }
  return record;
}
