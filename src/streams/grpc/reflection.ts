import { Metadata, status, type Client } from '@grpc/grpc-js';
import { loadFileDescriptorSetFromBuffer, type PackageDefinition } from '@grpc/proto-loader';
import { GrpcError, isServiceError } from './grpcError.js';
import { LOADER_OPTIONS } from './loaderOptions.js';
import {
  reflectionProtocol,
  type ReflectionRequest,
  type ReflectionResponse,
  type ReflectionVersion,
} from './reflectionProtocol.js';

/** More files than any real service imports: a server that keeps naming new ones is not followed forever. */
const MAX_FILES = 500;

/** A FileDescriptorSet is its files, each as field 1 (length-delimited): the bytes proto-loader reads. */
function descriptorSet(files: Iterable<Buffer>): Buffer {
  const parts: Buffer[] = [];
  for (const file of files) {
    const length: number[] = [];
    let rest = file.length;
    while (rest > 0x7f) {
      length.push((rest & 0x7f) | 0x80);
      rest >>>= 7;
    }
    length.push(rest);
    parts.push(Buffer.from([0x0a, ...length]), file);
  }
  return Buffer.concat(parts);
}

interface Exchange {
  metadata: Metadata;
  deadline: Date;
  signal: AbortSignal;
}

/**
 * One reflection conversation: the file that defines `service`, then every file it imports that the server
 * did not send along, by name. Resolves with the files by name, or the services the server lists when it
 * does not know `service`.
 */
function converse(
  client: Client,
  version: ReflectionVersion,
  service: string,
  exchange: Exchange,
): Promise<{ files: Map<string, Buffer> } | { services: string[] }> {
  const protocol = reflectionProtocol();
  return new Promise((resolve, reject) => {
    const call = client.makeBidiStreamRequest<ReflectionRequest, ReflectionResponse>(
      protocol.path(version),
      (request) => protocol.serialize(request),
      (bytes) => protocol.deserialize(bytes),
      exchange.metadata,
      { deadline: exchange.deadline },
    );
    const files = new Map<string, Buffer>();
    const asked = new Set<string>();
    let outstanding = 0;
    let settled = false;
    const finish = (settle: () => void) => {
      if (settled) return;
      settled = true;
      exchange.signal.removeEventListener('abort', onAbort);
      call.end();
      call.cancel();
      settle();
    };
    const onAbort = () =>
      finish(() => reject(new GrpcError('aborted', 'stopped while asking for the descriptors')));
    const ask = (request: ReflectionRequest) => {
      outstanding += 1;
      call.write(request);
    };
    const take = (file: Buffer) => {
      const header = protocol.fileHeader(file);
      files.set(header.name, file);
      for (const dependency of header.dependency) {
        if (files.has(dependency) || asked.has(dependency) || asked.size >= MAX_FILES) continue;
        asked.add(dependency);
        ask({ file_by_filename: dependency });
      }
    };
    call.on('data', (response: ReflectionResponse) => {
      outstanding -= 1;
      if (response.list_services_response !== undefined) {
        const services = response.list_services_response.service.map((entry) => entry.name);
        return finish(() => resolve({ services }));
      }
      if (response.error_response !== undefined) {
        if (response.error_response.error_code === status.NOT_FOUND && files.size === 0) {
          ask({ list_services: '' });
          return;
        }
        const { error_code: code, error_message: message } = response.error_response;
        return finish(() =>
          reject(new GrpcError('descriptor', `the server's reflection answered ${code}: ${message}`)),
        );
      }
      // A later file may come with the first answer already: keep only ones not seen.
      for (const file of response.file_descriptor_response?.file_descriptor_proto ?? []) take(file);
      if (outstanding === 0) finish(() => resolve({ files }));
    });
    call.on('error', (error: unknown) => finish(() => reject(error)));
    call.on('end', () =>
      finish(() => reject(new GrpcError('descriptor', 'the server ended reflection early'))),
    );
    if (exchange.signal.aborted) return onAbort();
    exchange.signal.addEventListener('abort', onAbort, { once: true });
    ask({ file_containing_symbol: service });
  });
}

/**
 * The descriptor of `service` from the server's reflection service (v1, else the older v1alpha), for steps
 * without `proto:` files.
 */
export async function reflectDescriptor(
  client: Client,
  service: string,
  exchange: Exchange,
): Promise<PackageDefinition> {
  let answer: Awaited<ReturnType<typeof converse>> | undefined;
  for (const version of ['v1', 'v1alpha'] as const) {
    try {
      answer = await converse(client, version, service, exchange);
      break;
    } catch (error) {
      if (isServiceError(error) && error.code === status.UNIMPLEMENTED) continue;
      if (error instanceof GrpcError) throw error;
      const why = isServiceError(error) ? error.details : String(error);
      throw new GrpcError('descriptor', `server reflection failed: ${why}`, { cause: error });
    }
  }
  if (answer === undefined) {
    throw new GrpcError(
      'descriptor',
      'the server offers no reflection service: give the service its `proto:` files',
    );
  }
  if ('services' in answer) {
    const names = answer.services.map((name) => `\`${name}\``).join(', ');
    throw new GrpcError(
      'descriptor',
      `the server does not know service \`${service}\` (its services: ${names || 'none'})`,
    );
  }
  try {
    return loadFileDescriptorSetFromBuffer(descriptorSet(answer.files.values()), LOADER_OPTIONS);
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    throw new GrpcError('descriptor', `cannot read the server's descriptors: ${why}`, { cause: error });
  }
}
