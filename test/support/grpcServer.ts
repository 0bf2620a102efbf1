import { fileURLToPath } from 'node:url';
import * as grpc from '@grpc/grpc-js';
import { loadSync, type PackageDefinition } from '@grpc/proto-loader';
import { ReflectionService } from '@grpc/reflection';

/** The fixture's proto folder, and the one file that defines the Greeter (it imports mood.proto). */
export const GRPC_PROTO_DIR = fileURLToPath(new URL('../fixtures/grpc/protos/', import.meta.url));
export const GREETER_PROTO = 'greeter.proto';

/** 2^53 + 1: a JSON number cannot hold it, so the reply's `visits` shows whether int64 stayed text. */
export const BIG_VISITS = '9007199254740993';

export interface GrpcServerOptions {
  /** Serve grpc.reflection v1 and v1alpha (the default), or no reflection at all. */
  reflection?: boolean;
  /** Serve TLS with this certificate instead of plain HTTP/2. */
  tls?: { key: string; cert: string };
}

export interface GrpcTestServer {
  port: number;
  /** `grpc://localhost:<port>` or `grpcs://...`. */
  url: string;
  /** Request metadata of every call, in order (`authorization` and all). */
  received: Record<string, string>[];
  /** Calls the server saw, as `Service/Method`. */
  calls: string[];
  stop(): Promise<void>;
}

function loadGreeter(): PackageDefinition {
  return loadSync(GREETER_PROTO, {
    includeDirs: [GRPC_PROTO_DIR],
    keepCase: true,
    longs: String,
    enums: String,
  });
}

function plainMetadata(metadata: grpc.Metadata): Record<string, string> {
  const record: Record<string, string> = {};
  for (const [key, value] of Object.entries(metadata.getMap())) record[key] = value.toString();
  return record;
}

interface HelloRequest {
  user_name: string;
  mood: string;
  tags?: { values: string[] };
}

/**
 * A real `@grpc/grpc-js` server on 127.0.0.1, reached as `localhost` (often `::1` first: the client must
 * try each address), serving test/fixtures/grpc/protos/greeter.proto.
 */
export async function startGrpcServer(options: GrpcServerOptions = {}): Promise<GrpcTestServer> {
  const definition = loadGreeter();
  const greeter = (
    grpc.loadPackageDefinition(definition) as unknown as {
      runner: { test: { Greeter: grpc.ServiceClientConstructor } };
    }
  ).runner.test.Greeter;
  const server = new grpc.Server();
  const received: Record<string, string>[] = [];
  const calls: string[] = [];
  const note = (method: string, metadata: grpc.Metadata) => {
    calls.push(`runner.test.Greeter/${method}`);
    received.push(plainMetadata(metadata));
  };
  server.addService(greeter.service, {
    SayHello(call: grpc.ServerUnaryCall<HelloRequest, unknown>, callback: grpc.sendUnaryData<unknown>) {
      note('SayHello', call.metadata);
      const { user_name: name, mood, tags } = call.request;
      const echo = call.metadata.get('x-echo')[0];
      const headers = new grpc.Metadata();
      headers.set('x-served-by', 'greeter');
      if (echo !== undefined) headers.set('x-echo', echo.toString());
      call.sendMetadata(headers);
      if (name === 'missing') {
        const trailers = new grpc.Metadata();
        trailers.set('x-reason', 'no such user');
        callback({ code: grpc.status.NOT_FOUND, details: `user ${name} not found`, metadata: trailers });
        return;
      }
      const trailers = new grpc.Metadata();
      trailers.set('x-trace', 'trace-1');
      const suffix = tags === undefined ? '' : ` [${tags.values.join(',')}]`;
      callback(
        null,
        { message: `Hello, ${name}!${suffix}`, visits: BIG_VISITS, mood, vip: name === 'ada' },
        trailers,
      );
    },
    CountTo(call: grpc.ServerWritableStream<{ to: number; endless: boolean; interval_ms: number }, unknown>) {
      note('CountTo', call.metadata);
      const { to, endless, interval_ms: interval } = call.request;
      let n = 0;
      const next = () => {
        if (call.cancelled) return;
        if (!endless && n >= to) {
          call.end();
          return;
        }
        n += 1;
        call.write({ n });
        setTimeout(next, interval);
      };
      next();
    },
    Chat(call: grpc.ServerDuplexStream<HelloRequest, unknown>) {
      note('Chat', call.metadata);
      call.end();
    },
  });
  if (options.reflection !== false) new ReflectionService(definition).addToServer(server);
  const credentials =
    options.tls === undefined
      ? grpc.ServerCredentials.createInsecure()
      : grpc.ServerCredentials.createSsl(null, [
          { private_key: Buffer.from(options.tls.key), cert_chain: Buffer.from(options.tls.cert) },
        ]);
  const port = await new Promise<number>((resolve, reject) => {
    server.bindAsync('127.0.0.1:0', credentials, (error, bound) => (error ? reject(error) : resolve(bound)));
  });
  return {
    port,
    url: `${options.tls === undefined ? 'grpc' : 'grpcs'}://localhost:${port}`,
    received,
    calls,
    stop: () =>
      new Promise((resolve) => {
        server.tryShutdown(() => resolve());
        // Streams that never end (CountTo endless) would hold a graceful shutdown open.
        setTimeout(() => server.forceShutdown(), 500).unref();
      }),
  };
}
