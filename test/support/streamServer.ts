// A WebSocket and Server-Sent Events server on loopback for stream step tests (issue 25): a real `ws`
// server and real event streams over node:http, recording what each connection received.
import { createServer, type IncomingMessage, type RequestListener, type ServerResponse } from 'node:http';
import { createServer as createSecureServer, type ServerOptions } from 'node:https';
import type { AddressInfo } from 'node:net';
import { WebSocketServer } from 'ws';

export interface StreamServer {
  /** `localhost:<port>`. */
  host: string;
  /** Every WebSocket connection: its handshake headers and the text frames it received. */
  connections: { url: string; headers: IncomingMessage['headers']; received: string[] }[];
  /** Every SSE request's headers. */
  sseRequests: { url: string; headers: IncomingMessage['headers'] }[];
  close(): Promise<void>;
}

/**
 * `/events/fixed`: three JSON events, then the end; `/events/endless`: one every 20 ms, with ids;
 * `/events/unending`: one event, then a `data:` line that grows by 4 KiB every 20 ms and never ends.
 */
function serveEvents(request: IncomingMessage, response: ServerResponse, timers: Set<NodeJS.Timeout>): void {
  response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  if (request.url === '/events/fixed') {
    response.write('retry: 1000\n\n');
    response.write('id: 1\nevent: price\ndata: {"symbol":"ACME","price":10}\n\n');
    response.write('data: {"symbol":"ACME",\ndata: "price":11}\n\n');
    response.write('id: 3\ndata: plain text\n\n');
    response.end();
    return;
  }
  if (request.url === '/events/unending') response.write('data: first\n\ndata: ');
  let n = 0;
  const timer = setInterval(() => {
    n += 1;
    if (request.url === '/events/unending') {
      response.write('x'.repeat(4096));
      return;
    }
    response.write(
      `id: ${n}\ndata: ${JSON.stringify({ n, last: request.headers['last-event-id'] ?? null })}\n\n`,
    );
  }, 20);
  timers.add(timer);
  response.on('close', () => {
    clearInterval(timer);
    timers.delete(timer);
  });
}

/** `tls`: serve wss:// and https:// with these options (certificate, and a client CA for mutual TLS). */
export async function startStreamServer(options: { tls?: ServerOptions } = {}): Promise<StreamServer> {
  const connections: StreamServer['connections'] = [];
  const sseRequests: StreamServer['sseRequests'] = [];
  const timers = new Set<NodeJS.Timeout>();
  const handler: RequestListener = (request, response) => {
    if (request.url?.startsWith('/events/') === true) {
      sseRequests.push({ url: request.url, headers: request.headers });
      serveEvents(request, response, timers);
      return;
    }
    // `/api/token`: a plain JSON endpoint, for scenarios that mix HTTP and stream steps.
    if (request.url?.startsWith('/api/') === true) {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ token: 'tok-123', url: request.url }));
      return;
    }
    response.writeHead(404, { 'content-type': 'text/plain' });
    response.end('not found');
  };
  const server = options.tls === undefined ? createServer(handler) : createSecureServer(options.tls, handler);
  const sockets = new WebSocketServer({ server });
  sockets.on('connection', (socket, request) => {
    const connection = { url: request.url ?? '', headers: request.headers, received: [] as string[] };
    connections.push(connection);
    // `/echo`: greets with JSON, echoes every frame, closes with 4000 on `bye`.
    // `/ticker`: a JSON message every 20 ms until the client closes. `/silent`: says nothing.
    if (request.url === '/ticker') {
      let n = 0;
      const timer = setInterval(() => socket.send(JSON.stringify({ tick: ++n })), 20);
      timers.add(timer);
      socket.on('close', () => {
        clearInterval(timer);
        timers.delete(timer);
      });
      return;
    }
    if (request.url === '/echo') socket.send(JSON.stringify({ type: 'welcome', protocol: socket.protocol }));
    socket.on('message', (data, isBinary) => {
      const text = isBinary ? '' : data.toString();
      connection.received.push(text);
      if (request.url !== '/echo') return;
      if (text === 'bye') socket.close(4000, 'see you');
      else if (text === 'binary') socket.send(Buffer.from([1, 2, 3]));
      else socket.send(text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    host: `localhost:${port}`,
    connections,
    sseRequests,
    async close() {
      for (const timer of timers) clearInterval(timer);
      for (const client of sockets.clients) client.terminate();
      sockets.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
