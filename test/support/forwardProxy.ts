import { createServer, request as forward, type Server } from 'node:http';
import { createServer as createTlsServer, type ServerOptions } from 'node:https';
import { connect, type AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';

/** What reached the proxy: `CONNECT localhost:8443`, or `GET http://localhost:8080/x` in absolute form. */
export interface ProxiedRequest {
  method: string;
  target: string;
  proxyAuthorization?: string;
}

export interface ForwardProxy {
  /** `http://localhost:<port>`, or `https://` when it listens with TLS. */
  url: string;
  port: number;
  requests: ProxiedRequest[];
  close(): Promise<void>;
}

/**
 * A tiny forwarding proxy for tests, on loopback: plain http requests in absolute form are forwarded,
 * `CONNECT host:port` opens a tunnel (node:http's 'connect' event). It records what it was asked for and
 * only ever connects to loopback targets.
 */
export async function startForwardProxy(options: { tls?: ServerOptions } = {}): Promise<ForwardProxy> {
  const requests: ProxiedRequest[] = [];
  const sockets = new Set<Duplex>();
  const handler: Parameters<typeof createServer>[1] = (incoming, outgoing) => {
    requests.push({
      method: incoming.method ?? '',
      target: incoming.url ?? '',
      ...(incoming.headers['proxy-authorization'] === undefined
        ? {}
        : { proxyAuthorization: incoming.headers['proxy-authorization'] }),
    });
    const target = new URL(incoming.url ?? '');
    const headers = { ...incoming.headers };
    delete headers['proxy-authorization'];
    delete headers['proxy-connection'];
    const upstream = forward(
      {
        host: target.hostname === 'localhost' ? '127.0.0.1' : target.hostname,
        port: target.port,
        path: `${target.pathname}${target.search}`,
        method: incoming.method,
        headers,
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    upstream.on('error', () => outgoing.writeHead(502).end());
    incoming.pipe(upstream);
  };
  const server: Server =
    options.tls === undefined ? createServer(handler) : createTlsServer(options.tls, handler);
  server.on('connect', (incoming, client, head) => {
    requests.push({
      method: 'CONNECT',
      target: incoming.url ?? '',
      ...(incoming.headers['proxy-authorization'] === undefined
        ? {}
        : { proxyAuthorization: incoming.headers['proxy-authorization'] }),
    });
    const [host, port] = (incoming.url ?? '').split(/:(?=\d+$)/);
    const upstream = connect(Number(port), host === 'localhost' ? '127.0.0.1' : (host ?? ''), () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    sockets.add(upstream);
    sockets.add(client);
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `${options.tls === undefined ? 'http' : 'https'}://localhost:${port}`,
    port,
    requests,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
