import { realpathSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { Socket } from 'node:net';
import { fileURLToPath } from 'node:url';
import { createDemoApp, type DemoAppOptions } from './app.js';

export interface DemoServer {
  /**
   * `http://localhost:<port>` when listening on 127.0.0.1 (users name their APIs), no trailing slash: ready
   * to use as an environment's baseUrl.
   */
  url: string;
  port: number;
  close(): Promise<void>;
}

export interface DemoServerOptions extends DemoAppOptions {
  host?: string;
  /** 0 (the default) picks a free port. */
  port?: number;
}

function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      const address = server.address();
      resolve(typeof address === 'object' && address !== null ? address.port : port);
    });
  });
}

/** Starts the demo API on a real socket (127.0.0.1 unless told otherwise). */
export async function startDemoServer(options: DemoServerOptions = {}): Promise<DemoServer> {
  const host = options.host ?? '127.0.0.1';
  const server = createServer(createDemoApp(options));
  const sockets = new Set<Socket>();
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  const port = await listen(server, options.port ?? 0, host);
  const urlHost = host === '127.0.0.1' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return {
    url: `http://${urlHost}:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // Keep-alive connections would hold close() open until they time out.
        for (const socket of sockets) socket.destroy();
      }),
  };
}

/** True when this file is the program (`node dist/demo.cjs`, `tsx demo/server.ts`), not an import. */
function isEntryPoint(): boolean {
  const entry = process.argv[1];
  if (entry === undefined) return false;
  try {
    return realpathSync(entry) === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
}

async function main(): Promise<void> {
  const port = Number(process.env.PORT ?? '4010');
  const host = process.env.HOST ?? '127.0.0.1';
  let server: DemoServer;
  try {
    server = await startDemoServer({ host, port });
  } catch (error) {
    const code = error instanceof Error && 'code' in error ? error.code : undefined;
    const reason =
      code === 'EADDRINUSE' ? `port ${port} is already in use (set PORT to use another)` : String(error);
    console.error(`runner demo API: cannot listen on ${host}:${port}: ${reason}`);
    process.exitCode = 1;
    return;
  }
  const stop = (): void => {
    void server.close().then(() => process.exit(0));
  };
  // Handlers first: whoever reads the "listening" line may signal at once.
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  console.log(`runner demo API listening on ${server.url} (demo-admin / demo-password; Ctrl-C to stop)`);
}

if (isEntryPoint()) void main();
