import { createServer, type Socket } from 'node:net';

/** What a raw server does with one request, given its path: it writes bytes as it likes, or nothing at all. */
export type RawHandler = (path: string, socket: Socket) => void;

export interface RawServer {
  /** `http://localhost:<port>`. */
  url: string;
  close(): Promise<void>;
}

/**
 * A TCP server that speaks as much HTTP as a test wants and no more: a malformed status line, a body cut
 * short, headers without end, a slow drip. Node's own HTTP server refuses to send most of these, which is
 * why hostile-server tests need this one. It listens on the loopback address `localhost` resolves to.
 */
export async function startRawServer(handle: RawHandler): Promise<RawServer> {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    let head = '';
    const onData = (chunk: Buffer) => {
      head += chunk.toString('latin1');
      if (!head.includes('\r\n\r\n')) return;
      const path = head.split(' ')[1] ?? '/';
      head = head.slice(head.indexOf('\r\n\r\n') + 4);
      handle(path, socket);
    };
    socket.on('data', onData);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`, // TEMP-LOCALHOST
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
