import type { MethodDefinition, PackageDefinition, ServiceDefinition } from '@grpc/proto-loader';
import { GrpcError } from './grpcError.js';
import { isMessageType } from './requestMessage.js';

/** One method of a service, ready to call: its HTTP/2 path and how its messages cross the wire. */
export interface GrpcMethod {
  /** `/pkg.Service/Method`. */
  path: string;
  /** `pkg.Service/Method`, for messages. */
  name: string;
  /** Server streaming: the response is a list of messages. */
  responseStream: boolean;
  /** The request type's full name (`pkg.HelloRequest`), where its fields are checked. */
  requestTypeName: string;
  serialize(value: unknown): Buffer;
  deserialize(bytes: Buffer): object;
}

function isService(entry: PackageDefinition[string] | undefined): entry is ServiceDefinition {
  return entry !== undefined && !('format' in entry);
}

function listed(names: readonly string[]): string {
  const shown = names.slice(0, 8).map((name) => `\`${name}\``);
  if (shown.length === 0) return 'none';
  return names.length > shown.length
    ? `${shown.join(', ')} and ${names.length - shown.length} more`
    : shown.join(', ');
}

/**
 * The request type's full name. proto-loader gives only its short name, so the package's own type of that
 * name comes first (where protobuf looks first), else the one type anywhere that has it.
 */
function requestTypeName(
  definition: PackageDefinition,
  service: string,
  method: MethodDefinition<object, object>,
): string {
  const short = (method.requestType.type as { name?: string }).name ?? '';
  const inPackage = `${service.split('.').slice(0, -1).join('.')}.${short}`.replace(/^\./, '');
  if (isMessageType(definition[inPackage])) return inPackage;
  const matches = Object.keys(definition).filter(
    (name) => (name === short || name.endsWith(`.${short}`)) && isMessageType(definition[name]),
  );
  return matches.length === 1 && matches[0] !== undefined ? matches[0] : '';
}

/**
 * `service` (fully qualified, DECISIONS) and `method` in the descriptor. Client-streaming and bidirectional
 * methods are refused by name: a step sends one `message`.
 */
export function findMethod(
  definition: PackageDefinition,
  service: string,
  method: string,
  source: string,
): GrpcMethod {
  const found = definition[service];
  if (!isService(found)) {
    const services = Object.keys(definition).filter((name) => isService(definition[name]));
    throw new GrpcError(
      'descriptor',
      `service \`${service}\` is not in ${source} (services: ${listed(services)})`,
    );
  }
  const call = found[method];
  if (call === undefined) {
    throw new GrpcError(
      'descriptor',
      `service \`${service}\` has no method \`${method}\` (methods: ${listed(Object.keys(found))})`,
    );
  }
  if (call.requestStream) {
    const kind = call.responseStream ? 'bidirectional streaming' : 'client streaming';
    throw new GrpcError(
      'descriptor',
      `\`${service}/${method}\` is a ${kind} method; grpc steps call unary and server-streaming methods`,
    );
  }
  return {
    path: call.path,
    name: `${service}/${method}`,
    responseStream: call.responseStream,
    requestTypeName: requestTypeName(definition, service, call),
    serialize: (value) => call.requestSerialize(value as object),
    deserialize: (bytes) => call.responseDeserialize(bytes),
  };
}
