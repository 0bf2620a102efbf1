import { fromJSON, type MessageTypeDefinition, type PackageDefinition } from '@grpc/proto-loader';

/**
 * The parts of grpc/reflection/v1/reflection.proto that a client needs (the field numbers are the
 * protocol's), written as protobuf.js JSON so no .proto file has to travel with the bundle. Only the messages: the
 * method's path is all a call needs of the service. v1alpha has the
 * same messages under another package; old servers offer only that one.
 */
const MESSAGES = {
  ServerReflectionRequest: {
    oneofs: { message_request: { oneof: ['file_by_filename', 'file_containing_symbol', 'list_services'] } },
    fields: {
      host: { type: 'string', id: 1 },
      file_by_filename: { type: 'string', id: 3 },
      file_containing_symbol: { type: 'string', id: 4 },
      list_services: { type: 'string', id: 7 },
    },
  },
  ServerReflectionResponse: {
    oneofs: {
      message_response: { oneof: ['file_descriptor_response', 'list_services_response', 'error_response'] },
    },
    fields: {
      valid_host: { type: 'string', id: 1 },
      file_descriptor_response: { type: 'FileDescriptorResponse', id: 4 },
      list_services_response: { type: 'ListServiceResponse', id: 6 },
      error_response: { type: 'ErrorResponse', id: 7 },
    },
  },
  FileDescriptorResponse: { fields: { file_descriptor_proto: { rule: 'repeated', type: 'bytes', id: 1 } } },
  ListServiceResponse: { fields: { service: { rule: 'repeated', type: 'ServiceResponse', id: 1 } } },
  ServiceResponse: { fields: { name: { type: 'string', id: 1 } } },
  ErrorResponse: {
    fields: { error_code: { type: 'int32', id: 1 }, error_message: { type: 'string', id: 2 } },
  },
};

/** google/protobuf/descriptor.proto's FileDescriptorProto, only its name and imports (fields 1 and 3). */
const FILE_HEADER = {
  fields: { name: { type: 'string', id: 1 }, dependency: { rule: 'repeated', type: 'string', id: 3 } },
};

export type ReflectionVersion = 'v1' | 'v1alpha';

export type ReflectionRequest =
  { file_containing_symbol: string } | { file_by_filename: string } | { list_services: string };

export interface ReflectionResponse {
  file_descriptor_response?: { file_descriptor_proto: Buffer[] };
  list_services_response?: { service: { name: string }[] };
  error_response?: { error_code: number; error_message: string };
}

export interface FileHeader {
  name: string;
  dependency: string[];
}

export interface ReflectionProtocol {
  path(version: ReflectionVersion): string;
  serialize(request: ReflectionRequest): Buffer;
  deserialize(bytes: Buffer): ReflectionResponse;
  fileHeader(bytes: Buffer): FileHeader;
}

let protocol: ReflectionProtocol | undefined;

function messageType(definition: PackageDefinition, name: string): MessageTypeDefinition<object, object> {
  const entry = definition[name];
  if (entry === undefined || !('deserialize' in entry)) throw new Error(`reflection protocol: no ${name}`);
  return entry as MessageTypeDefinition<object, object>;
}

/** Built once, on the first step that asks a server for its descriptors. */
export function reflectionProtocol(): ReflectionProtocol {
  if (protocol !== undefined) return protocol;
  const definition = fromJSON(
    {
      nested: {
        grpc: { nested: { reflection: { nested: { v1: { nested: MESSAGES } } } } },
        runner: { nested: { reflection: { nested: { FileHeader: FILE_HEADER } } } },
      },
    },
    { keepCase: true, defaults: true, arrays: true },
  );
  const request = messageType(definition, 'grpc.reflection.v1.ServerReflectionRequest');
  const response = messageType(definition, 'grpc.reflection.v1.ServerReflectionResponse');
  const header = messageType(definition, 'runner.reflection.FileHeader');
  protocol = {
    path: (version) => `/grpc.reflection.${version}.ServerReflection/ServerReflectionInfo`,
    serialize: (value) => request.serialize(value),
    deserialize: (bytes) => response.deserialize(bytes) as ReflectionResponse,
    fileHeader: (bytes) => header.deserialize(bytes) as FileHeader,
  };
  return protocol;
}
