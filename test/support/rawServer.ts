import { createServer, type Socket } from 'node:net';

/** One request as it arrived: the head (request line and headers) and the body its content-length covers. */
export interface RawRequest {
  head: string;
  body: string;
}

/** What a raw server does with one request, given its path: it writes bytes as it likes, or nothing at all. */
export type RawHandler = (path: string, socket: Socket, request: RawRequest) => void;

export interface RawServer {
  /** `http://localhost:<port>`. */
  url: string;
  close(): Promise<void>;
}

/**
 * A TCP server that speaks as much HTTP as a test wants and no more: a malformed status line, a body cut
 * short, headers without end, a slow drip. Node's own HTTP server refuses to send most of these, which is
 * why hostile-server tests need this one. It listens on 127.0.0.1 and is reached as `localhost`, as users
 * reach their APIs (the client tries each address `localhost` resolves to).
 */
export async function startRawServer(handle: RawHandler): Promise<RawServer> {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    let received = Buffer.alloc(0);
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      const end = received.indexOf('\r\n\r\n');
      if (end < 0) return;
      const head = received.subarray(0, end).toString('utf8');
      const length = Number(/^content-length:\s*(\d+)/im.exec(head)?.[1] ?? 0);
      if (received.length < end + 4 + length) return;
      const body = received.subarray(end + 4, end + 4 + length).toString('utf8');
      received = received.subarray(end + 4 + length);
      handle(head.split(' ')[1] ?? '/', socket, { head, body });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  return {
    url: `http://localhost:${port}`,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A complete response with a body, its length counted in bytes. */
export function rawResponse(socket: Socket, head: string, body: string): void {
  socket.write(`${head}\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
}

/** Writes `piece` every `everyMs` until the client goes away. */
export function drip(socket: Socket, piece: string, everyMs: number): void {
  const timer = setInterval(() => {
    if (socket.destroyed) clearInterval(timer);
    else socket.write(piece);
  }, everyMs);
  socket.on('close', () => clearInterval(timer));
}
