/** How every report shows a stream step's status, so console, HTML and JUnit agree (`5 NOT_FOUND`). */
import { grpcStatusName } from '../../assertions/index.js';
import type { StreamExchange } from '../../engine/index.js';

/** `200` for HTTP streams; `5 NOT_FOUND` for a gRPC status; '' when none came. */
export function streamStatusText(stream: Pick<StreamExchange, 'kind' | 'status'>): string {
  if (stream.status === undefined) return '';
  const name = stream.kind === 'grpc' ? grpcStatusName(stream.status) : undefined;
  return name === undefined ? String(stream.status) : `${stream.status} ${name}`;
}
