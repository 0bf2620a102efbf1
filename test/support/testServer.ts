import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import {
  createSecureServer,
  type Http2SecureServer,
  type Http2ServerRequest,
  type Http2ServerResponse,
} from 'node:http2';
import type { Socket } from 'node:net';
import { createDemoApp } from '../../demo/app.js';
import { selfSignedCertificate, type CertificatePair } from './selfSignedCertificate.js';

export type TestRequest = IncomingMessage | Http2ServerRequest;
export type TestResponse = ServerResponse | Http2ServerResponse;
/** A handler for a plain HTTP/1.1 server. */
export type TestHandler = (request: IncomingMessage, response: ServerResponse) => void;
/** A handler for the TLS server, which serves HTTP/2 and, for clients that do not offer it, HTTP/1.1. */
export type SecureTestHandler = (request: TestRequest, response: TestResponse) => void;

/** A request as it reached the server. `body` fills in as the handler reads it (fully, once answered). */
export interface ReceivedRequest {
  method: string;
  url: string;
  httpVersion: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export interface TestServer {
  /** `http://localhost:<port>` (or `https://` with `http2`): no trailing slash, usable as a baseUrl. */
  url: string;
  origin: string;
  /** Every request received, in order. */
  requests: ReceivedRequest[];
  /** TCP connections accepted so far: proves keep-alive reuse. */
  connectionCount(): number;
  /** With `http2`: the self-signed certificate (PEM), to pass to a client as its `ca`. */
  certificate?: string;
  close(): Promise<void>;
}

/** `handler` defaults to the demo API (demo/app.ts) with fresh data. */
export type TestServerOptions =
  | { http2?: false; handler?: TestHandler }
  /** HTTPS with HTTP/2 offered by ALPN (HTTP/1.1 still allowed) and a certificate made at test time. */
  | { http2: true; handler?: SecureTestHandler };

function record(requests: ReceivedRequest[], request: TestRequest): void {
  const entry: ReceivedRequest = {
    method: request.method ?? '',
    url: request.url ?? '',
    httpVersion: request.httpVersion,
    headers: { ...request.headers },
    body: '',
  };
  requests.push(entry);
  // 'data' sees each chunk whoever consumes the stream, so recording never steals the handler's body.
  request.on('data', (chunk: Buffer | string) => {
    entry.body += typeof chunk === 'string' ? chunk : chunk.toString('utf8');
  });
}

function listen(server: Server | Http2SecureServer): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      const address = server.address();
      if (address === null || typeof address === 'string')
        reject(new Error('test server has no TCP address'));
      else resolve(address.port);
    });
  });
}

/** A real server on 127.0.0.1 and a free port, for tests that need the network (never anything else). */
export function startTestServer(options?: { http2?: false; handler?: TestHandler }): Promise<TestServer>;
export function startTestServer(options: { http2: true; handler?: SecureTestHandler }): Promise<TestServer>;
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const requests: ReceivedRequest[] = [];
  let server: Server | Http2SecureServer;
  let certificate: CertificatePair | undefined;
  if (options.http2) {
    const handler = options.handler ?? createDemoApp();
    certificate = await selfSignedCertificate();
    server = createSecureServer(
      { allowHTTP1: true, key: certificate.key, cert: certificate.cert },
      (request, response) => {
        record(requests, request);
        handler(request, response);
      },
    );
  } else {
    const handler = options.handler ?? createDemoApp();
    server = createServer((request, response) => {
      record(requests, request);
      handler(request, response);
    });
  }

  const sockets = new Set<Socket>();
  let connections = 0;
  server.on('connection', (socket: Socket) => {
    connections++;
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });

  const port = await listen(server);
  // Reached by name, as users reach their APIs (issue 11): `localhost` is often ::1 first, and the server
  // listens on 127.0.0.1 only, so every request also proves the client tries each address in turn.
  const origin = `${certificate ? 'https' : 'http'}://localhost:${port}`;
  return {
    url: origin,
    origin,
    requests,
    connectionCount: () => connections,
    ...(certificate ? { certificate: certificate.cert } : {}),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        for (const socket of sockets) socket.destroy();
      }),
  };
}
