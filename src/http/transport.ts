import type { Agent } from 'node:http';
import type { Socket } from 'node:net';
import type { Abort, StartExchange } from './collectResponse.js';
import { createConnector, type Endpoint } from './connector.js';
import { http1Exchange, type Http1Route, type OutgoingRequest } from './http1Exchange.js';
import { http2Exchange, openHttp2, usable, type Http2Connection } from './http2Exchange.js';
import { HttpError } from './httpError.js';
import { systemResolver } from './hostResolver.js';
import { proxyEndpoint, proxySocket, proxyUri, tunnelThroughProxy } from './proxyTunnel.js';
import { proxyFor } from './proxyRoute.js';
import { tlsConnectOptions, type TlsConnectOptions } from './tlsTrust.js';
import type { HttpClientOptions } from './types.js';
import { nodeHttp } from './nodeModules.js';

/** One request as the client hands it over, with the route it takes. */
export interface Exchange extends OutgoingRequest {
  url: URL;
  /** The proxy that carries it (`Transport.proxyFor`), if any. */
  proxy: string | undefined;
}

/** The connections of one client (STYLE.md: one factory turns the `http:` settings into them). */
export interface Transport {
  /** The proxy a request to `url` goes through, if any. */
  proxyFor(url: URL): string | undefined;
  start(exchange: Exchange): StartExchange;
  /** The TLS options every connection uses, for sockets opened outside the client (HttpClient.dialPlan). */
  readonly tls: TlsConnectOptions;
  readonly closed: boolean;
  close(): Promise<void>;
}

type Open = (endpoint: Endpoint, alpn: readonly string[]) => Promise<Socket>;

const HTTP1 = ['http/1.1'] as const;
/** HTTP/2 offered next to HTTP/1.1: the server picks by its own preference. */
const HTTP1_OR_2 = ['http/1.1', 'h2'] as const;

function endpointOf(url: URL): Endpoint {
  const protocol = url.protocol === 'https:' ? 'https:' : 'http:';
  const hostname = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  return { protocol, hostname, port: Number(url.port || (protocol === 'https:' ? 443 : 80)) };
}

/** The request target: origin form, or absolute form for plain http through a proxy, as curl sends it. */
function requestTarget(url: URL, proxy: string | undefined): string {
  const path = `${url.pathname}${url.search}`;
  return proxy !== undefined && url.protocol !== 'https:' ? `${url.origin}${path}` : path;
}

/** One https origin, reached directly or through one proxy: the key of its HTTP/2 session or spare connection. */
function originKey(endpoint: Endpoint, proxy: string | undefined): string {
  return `${proxy ?? 'direct'} ${endpoint.hostname}:${endpoint.port}`;
}

/** What a parked spare does on an error: it leaves the pool (an 'error' without a listener ends Node). */
const spareErrorListeners = new WeakMap<Socket, () => void>();

/** Parks a connection that negotiated HTTP/1.1 until its origin's agent takes it (see `takeSpare`). */
function parkSpare(spares: Map<string, Socket>, key: string, socket: Socket): void {
  const onError = () => {
    if (spares.get(key) === socket) spares.delete(key);
    socket.destroy();
  };
  spareErrorListeners.set(socket, onError);
  socket.once('error', onError);
  spares.set(key, socket);
}

/** The parked connection for `key`, if any, handed over with its error handling back to its new owner. */
function takeSpare(spares: Map<string, Socket>, key: string): Socket | undefined {
  const socket = spares.get(key);
  if (socket === undefined) return undefined;
  spares.delete(key);
  const onError = spareErrorListeners.get(socket);
  if (onError !== undefined) socket.removeListener('error', onError);
  return socket.destroyed ? undefined : socket;
}

/** A keep-alive agent whose connections `open` makes (an Agent may hand a socket to its callback later). */
function pooledAgent(
  connections: number,
  protocol: Endpoint['protocol'],
  open: Open,
  spares: Map<string, Socket>,
  spareKey: (endpoint: Endpoint) => string,
): Agent {
  const { Agent: NodeAgent } = nodeHttp();
  const agent = new NodeAgent({ keepAlive: true, maxSockets: connections });
  const create = (
    options: { host?: string | null; port?: number | string | null },
    callback: (error: Error | null, socket?: Socket) => void,
  ): undefined => {
    const endpoint: Endpoint = {
      protocol,
      hostname: options.host ?? 'localhost',
      port: Number(options.port),
    };
    const spare = takeSpare(spares, spareKey(endpoint));
    if (spare !== undefined) callback(null, spare);
    else open(endpoint, HTTP1).then((socket) => callback(null, socket), callback);
    return undefined;
  };
  Object.assign(agent, { createConnection: create });
  return agent;
}

/**
 * Node's own HTTP clients (node:http, node:http2 by ALPN) behind one factory: keep-alive agents per origin,
 * one HTTP/2 session per origin, proxies in absolute form (http) and through `CONNECT` tunnels (https).
 * Connections are opened by the connector (pins, DNS, sandbox at connect time) or through the proxy.
 */
export function createTransport(options: HttpClientOptions): Transport {
  const tls = tlsConnectOptions({
    ...options.tls,
    insecure: options.insecure,
    ...(options.ca === undefined ? {} : { extraCa: Buffer.from(options.ca) }),
  });
  const connector = createConnector({
    tls,
    sandbox: options.sandbox,
    resolve: options.resolve ?? systemResolver,
    pinnedHosts: options.pinnedHosts,
  });
  // One connection per scenario running at once (--jobs): with one, steps run one after another and a
  // single connection is enough.
  const connections = Math.max(1, options.connections ?? 1);
  const tunnelSessions = new Map<string, Buffer>();
  /** Connections that negotiated HTTP/1.1 while HTTP/2 was offered, waiting for their agent. */
  const spares = new Map<string, Socket>();
  const agents = new Map<string, Agent>();
  const routes = new Map<string, Http1Route>();
  const http2 = new Map<string, Http2Connection>();
  const opening = new Map<string, Promise<Http2Connection | undefined>>();
  /** Origins known to answer HTTP/1.1 when HTTP/2 is offered: they go straight to their agent. */
  const http1Only = new Set<string>();
  let closed = false;

  const tunnelOpen =
    (proxy: string): Open =>
    (endpoint, alpn) =>
      tunnelThroughProxy(proxy, endpoint, tls, alpn, tunnelSessions);

  const agentFor = (name: string, make: () => Agent): Agent => {
    let agent = agents.get(name);
    if (agent === undefined) agents.set(name, (agent = make()));
    return agent;
  };

  /** A request with `Expect` gets a connection of its own (see http1Exchange); the rest share their agent's. */
  const http1Route = (exchange: Exchange): Http1Route => {
    if (!exchange.headers.expect) return pooledRoute(exchange.url, exchange.proxy);
    const { url, proxy } = exchange;
    const endpoint = endpointOf(url);
    if (proxy !== undefined && endpoint.protocol === 'http:') {
      const uri = proxyUri(proxy);
      const target = proxyEndpoint(uri);
      return {
        host: target.host,
        port: target.port,
        tunnelled: true,
        createConnection: proxySocket(uri, tls),
        ...(target.authorization && { extraHeaders: { 'proxy-authorization': target.authorization } }),
      };
    }
    const open: Open = proxy === undefined ? connector.open : tunnelOpen(proxy);
    return {
      host: endpoint.hostname,
      port: endpoint.port,
      tunnelled: proxy !== undefined,
      createConnection: (_options, ready) => {
        // Node reads no socket when the connection failed (node:http docs, agent.createConnection).
        open(endpoint, HTTP1).then(
          (socket) => ready(null, socket),
          (error: Error) => ready(error, null as never),
        );
        return undefined;
      },
    };
  };

  /** The route of an origin's pooled requests, made once: it is the same for every request to it. */
  const pooledRoute = (url: URL, proxy: string | undefined): Http1Route => {
    const key = `${proxy ?? 'direct'} ${url.protocol}//${url.host}`;
    let route = routes.get(key);
    if (route === undefined) routes.set(key, (route = newPooledRoute(url, proxy)));
    return route;
  };

  const newPooledRoute = (url: URL, proxy: string | undefined): Http1Route => {
    const endpoint = endpointOf(url);
    if (proxy !== undefined && endpoint.protocol === 'http:') {
      // Plain http goes to the proxy in absolute form, as curl sends it.
      const uri = proxyUri(proxy);
      const target = proxyEndpoint(uri);
      const connect = proxySocket(uri, tls);
      const agent = agentFor(`proxy ${uri}`, () => {
        const { Agent: NodeAgent } = nodeHttp();
        const made = new NodeAgent({ keepAlive: true, maxSockets: connections });
        Object.assign(made, { createConnection: connect });
        return made;
      });
      return {
        host: target.host,
        port: target.port,
        tunnelled: true,
        agent,
        ...(target.authorization && { extraHeaders: { 'proxy-authorization': target.authorization } }),
      };
    }
    const open: Open = proxy === undefined ? connector.open : tunnelOpen(proxy);
    const name = `${proxy ?? 'direct'} ${endpoint.protocol}`;
    const spareKey = (of: Endpoint) => originKey(of, proxy);
    return {
      host: endpoint.hostname,
      port: endpoint.port,
      tunnelled: proxy !== undefined,
      agent: agentFor(name, () => pooledAgent(connections, endpoint.protocol, open, spares, spareKey)),
    };
  };

  /** The HTTP/2 session for an https origin, or undefined when the server chose HTTP/1.1 by ALPN. */
  const http2For = (url: URL, proxy: string | undefined): Promise<Http2Connection | undefined> => {
    const endpoint = endpointOf(url);
    const key = originKey(endpoint, proxy);
    const pending = opening.get(key);
    if (pending !== undefined) return pending;
    const open: Open = proxy === undefined ? connector.open : tunnelOpen(proxy);
    const probe = open(endpoint, HTTP1_OR_2).then((socket) => {
      if ((socket as Socket & { alpnProtocol?: string | false }).alpnProtocol !== 'h2') {
        // The connection is not wasted: the origin's HTTP/1.1 agent takes it for its first request.
        http1Only.add(key);
        parkSpare(spares, key, socket);
        return undefined;
      }
      const connection = openHttp2(socket, url.origin, proxy !== undefined, () => {
        if (http2.get(key) === connection) http2.delete(key);
      });
      http2.set(key, connection);
      return connection;
    });
    opening.set(key, probe);
    const forget = () => void opening.delete(key);
    probe.then(forget, forget);
    return probe;
  };

  return {
    tls,
    proxyFor: (url) => proxyFor(options.proxy, url),
    get closed() {
      return closed;
    },
    start(exchange) {
      if (closed)
        throw new HttpError('aborted', `request to ${exchange.url.host} aborted: the HTTP client was closed`);
      const { url, proxy } = exchange;
      const path = requestTarget(url, proxy);
      const viaHttp1: StartExchange = (events) => http1Exchange(http1Route(exchange), path, exchange, events);
      if (url.protocol !== 'https:' || !options.http2 || exchange.headers.expect) return viaHttp1;
      const key = originKey(endpointOf(url), proxy);
      const live = http2.get(key);
      if (usable(live)) return (events) => http2Exchange(live, path, exchange, events);
      if (http1Only.has(key)) return viaHttp1;
      return (events) => {
        let abort: Abort | undefined;
        let reason: Error | undefined;
        http2For(url, proxy).then(
          (connection) => {
            if (reason !== undefined) return;
            abort =
              connection === undefined
                ? http1Exchange(http1Route(exchange), path, exchange, events)
                : http2Exchange(connection, path, exchange, events);
          },
          (error: unknown) => events.onError(error),
        );
        return (why) => {
          reason = why;
          abort?.(why);
        };
      };
    },
    async close() {
      closed = true;
      connector.close();
      for (const agent of agents.values()) agent.destroy();
      for (const connection of http2.values()) connection.session.destroy();
      for (const socket of spares.values()) socket.destroy();
      agents.clear();
      routes.clear();
      http2.clear();
      spares.clear();
    },
  };
}
