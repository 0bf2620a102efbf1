import type { Client, Metadata, StatusObject } from '@grpc/grpc-js';
import type { PackageDefinition } from '@grpc/proto-loader';
import type { DialTargets } from '../../http/dialTargets.js';
import type { TlsConnectOptions } from '../../http/tlsTrust.js';
import { connectClient } from './grpcChannel.js';
import { GrpcError, isServiceError } from './grpcError.js';
import { metadataRecord, requestMetadata } from './grpcMetadata.js';
import { findMethod, type GrpcMethod } from './grpcMethod.js';
import { parseGrpcUrl } from './grpcUrl.js';
import { loadProtoFiles } from './protoFiles.js';
import type { GrpcOpen, StreamDriver, StreamFacts, StreamSession } from '../types.js';
import { reflectDescriptor } from './reflection.js';
import { requestMessage } from './requestMessage.js';

/** What the call needs from outside: where it may dial, what TLS trusts, and its bounds. */
export interface GrpcIo {
  signal: AbortSignal;
  /** Bound for connecting and reading the descriptors; collection has its own bound. */
  timeoutMs: number;
  /**
   * The sandbox gate and the pins (src/http): the only addresses the URL's host may be dialled at, and
   * what TLS trusts there.
   */
  dial(url: string): Promise<DialTargets & { tls: TlsConnectOptions }>;
  /** `http.maxResponseBytes`: the largest response message accepted. */
  maxMessageBytes?: number;
}

/** One call in flight: what has come so far, and a promise for its status. */
interface CallState {
  headers?: Metadata;
  status?: StatusObject;
  ended: Promise<void>;
}

async function descriptorFor(
  spec: GrpcOpen,
  client: Client,
  io: GrpcIo,
  metadata: Metadata,
): Promise<PackageDefinition> {
  if (spec.proto.length > 0) return loadProtoFiles(spec.proto, spec.projectRoot);
  return reflectDescriptor(client, spec.service, {
    metadata,
    deadline: new Date(Date.now() + io.timeoutMs),
    signal: io.signal,
  });
}

function trailersOf(status: StatusObject | undefined): Record<string, string> {
  if (status === undefined) return {};
  return {
    ...metadataRecord(status.metadata),
    'grpc-status': String(status.code),
    ...(status.details === '' ? {} : { 'grpc-message': status.details }),
  };
}

function watchCall(call: NodeJS.EventEmitter, state: CallState): Promise<void> {
  return new Promise((resolve) => {
    call.on('metadata', (headers: Metadata) => {
      state.headers = headers;
    });
    call.on('status', (status: StatusObject) => {
      state.status = status;
      resolve();
    });
  });
}

function startCall(client: Client, method: GrpcMethod, message: unknown, metadata: Metadata) {
  const state: CallState = { ended: Promise.resolve() };
  if (method.responseStream) {
    const call = client.makeServerStreamRequest(
      method.path,
      method.serialize,
      method.deserialize,
      message,
      metadata,
    );
    state.ended = watchCall(call, state);
    async function* messages(): AsyncGenerator<unknown> {
      try {
        for await (const item of call) yield item;
      } catch (error) {
        // A non-OK status is the call's outcome, judged by `expect`, not a failure to run.
        if (!isServiceError(error)) throw error;
      }
      await state.ended;
    }
    return { state, cancel: () => call.cancel(), items: messages(), peer: () => call.getPeer() };
  }
  let reply: Promise<unknown> = Promise.resolve(undefined);
  const call = client.makeUnaryRequest(
    method.path,
    method.serialize,
    method.deserialize,
    message,
    metadata,
    (error, value) => {
      replied(error === null ? value : undefined);
    },
  );
  let replied: (value: unknown) => void = () => undefined;
  reply = new Promise((resolve) => {
    replied = resolve;
  });
  state.ended = watchCall(call, state);
  async function* single(): AsyncGenerator<unknown> {
    const value = await reply;
    await state.ended;
    if (value !== undefined) yield value;
  }
  return { state, cancel: () => call.cancel(), items: single(), peer: () => call.getPeer() };
}

/**
 * Opens a `grpc` step's call: the URL, the sandbox and pins (before anything is dialled), a connection to
 * the checked addresses, the descriptor (proto files or reflection), the request checked against its type,
 * then the call. Its messages come as `items`; status, headers and trailers as `facts()`.
 */
export async function openGrpcCall(spec: GrpcOpen, io: GrpcIo): Promise<StreamSession> {
  const parsed = parseGrpcUrl(spec.url);
  if ('problem' in parsed) throw new GrpcError('url', `invalid gRPC URL: ${parsed.problem}`);
  const target = parsed.target;
  const dial = await io.dial(spec.url);
  const metadata = requestMetadata(spec.metadata);
  const client = await connectClient(target, dial, {
    tls: dial.tls,
    timeoutMs: io.timeoutMs,
    signal: io.signal,
    ...(spec.userAgent === undefined ? {} : { userAgent: spec.userAgent }),
    ...(io.maxMessageBytes === undefined ? {} : { maxMessageBytes: io.maxMessageBytes }),
  });
  try {
    const definition = await descriptorFor(spec, client, io, metadata);
    const source = spec.proto.length > 0 ? 'the proto files' : "the server's reflection";
    const method = findMethod(definition, spec.service, spec.method, source);
    const message = requestMessage(definition, method.requestTypeName, spec.message);
    const call = startCall(client, method, message, metadata);
    const onAbort = () => call.cancel();
    io.signal.addEventListener('abort', onAbort, { once: true });
    return {
      items: call.items,
      async close() {
        io.signal.removeEventListener('abort', onAbort);
        if (call.state.status === undefined) {
          call.cancel();
          // The cancel's own status (CANCELLED) comes on the next turns of the event loop.
          await Promise.race([call.state.ended, new Promise((resolve) => setTimeout(resolve, 1000).unref())]);
        }
        client.close();
      },
      facts(): StreamFacts {
        const code = call.state.status?.code;
        const peer = call.peer();
        return {
          ...(code === undefined ? {} : { status: code }),
          headers: metadataRecord(call.state.headers),
          trailers: trailersOf(call.state.status),
          httpVersion: '2',
          unary: !method.responseStream,
          ...(peer === '' ? {} : { remoteAddress: peer }),
        };
      },
    };
  } catch (error) {
    client.close();
    throw error;
  }
}

/**
 * The grpc step's driver for the stream executor: it dials through the run's HTTP client (the sandbox, the
 * `http.resolve` pins and TLS trust of every other connection) and reads messages as items.
 */
export const grpcDriver: StreamDriver<GrpcOpen> = {
  open: (spec, io) =>
    openGrpcCall(spec, {
      signal: io.signal,
      timeoutMs: io.connectTimeoutMs,
      maxMessageBytes: io.maxItemBytes,
      dial: (url) => io.http.dialPlan(url),
    }),
};
