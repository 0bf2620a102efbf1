import type { LookupFunction, Socket } from 'node:net';
import type { ConnectionOptions, TLSSocket } from 'node:tls';
import { dialTargets } from './dialTargets.js';
import { HttpError } from './httpError.js';
import type { HostResolver, ResolvedAddress } from './hostResolver.js';
import { findPin, type PinnedHosts } from './pinnedHosts.js';
import type { SandboxPolicy } from './sandbox/policy.js';
import type { TlsConnectOptions } from './tlsTrust.js';
import { nodeNet, nodeTls } from './nodeModules.js';

export interface ConnectorOptions {
  tls: TlsConnectOptions;
  sandbox?: SandboxPolicy;
  resolve: HostResolver;
  pinnedHosts?: PinnedHosts;
}

/** Where a connection goes: the URL's protocol, its host name without IPv6 brackets, and its port. */
export interface Endpoint {
  protocol: 'http:' | 'https:';
  hostname: string;
  port: number;
}

/** Opens the direct connections of one client (a proxy's are opened by proxyTunnel.ts). */
export interface Connector {
  /**
   * A connected socket to `endpoint`, TLS for https offering `alpn` (`['http/1.1']`, or `h2` too). Pins,
   * DNS and the sandbox are applied first, on every new connection.
   */
  open(endpoint: Endpoint, alpn: readonly string[]): Promise<Socket>;
  /** Stops connections still resolving or connecting, which would otherwise keep the process alive. */
  close(): void;
}

/**
 * A socket lookup that answers only with addresses already checked, whatever name it is asked for. Both
 * shapes are served: one address, and `all` for Node's happy-eyeballs connect across several answers.
 */
export function lookupReturning(addresses: readonly ResolvedAddress[]): LookupFunction {
  return (hostname, options, callback) => {
    const family =
      options.family === 4 || options.family === 'IPv4'
        ? 4
        : options.family === 6 || options.family === 'IPv6'
          ? 6
          : 0;
    const usable = family === 0 ? addresses : addresses.filter((address) => address.family === family);
    const first = usable[0];
    if (first === undefined) {
      callback(
        Object.assign(new Error(`no IPv${family} address for ${hostname}`), { code: 'ENOTFOUND' }),
        '',
      );
    } else if (options.all === true) {
      callback(null, [...usable]);
    } else {
      callback(null, first.address, first.family);
    }
  };
}

/** Resolves once the socket is connected (TLS: after the handshake), rejects with its first error. */
export function whenConnected(socket: Socket, event: 'connect' | 'secureConnect'): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const onError = (error: Error) => {
      socket.off(event, onReady);
      socket.destroy();
      reject(error);
    };
    const onReady = () => {
      socket.off('error', onError);
      resolve(socket);
    };
    socket.once('error', onError);
    socket.once(event, onReady);
  });
}

/**
 * TLS options for one connection: SNI and the certificate check use the host name (never the dialled
 * address), and a session from the last handshake with that name is offered for resumption.
 */
export function tlsOptions(
  tls: TlsConnectOptions,
  hostname: string,
  alpn: readonly string[],
  sessions: Map<string, Buffer>,
): ConnectionOptions {
  const { isIP } = nodeNet();
  const session = sessions.get(hostname);
  return {
    ...tls,
    ...(isIP(hostname) === 0 ? { servername: hostname } : {}),
    ALPNProtocols: [...alpn],
    ...(session === undefined ? {} : { session }),
  };
}

/** Remembers the latest TLS session of each host name, so later connections resume rather than handshake. */
export function keepSessions(socket: TLSSocket, hostname: string, sessions: Map<string, Buffer>): void {
  socket.on('session', (session: Buffer) => void sessions.set(hostname, session));
}

export function createConnector(options: ConnectorOptions): Connector {
  const connecting = new Set<Socket>();
  const sessions = new Map<string, Buffer>();
  let closed = false;

  const dial = (
    endpoint: Endpoint,
    host: string,
    addresses: readonly ResolvedAddress[],
    alpn: readonly string[],
  ) => {
    // Loaded on the first connection: `--version` and `validate` need neither (see client.ts on node:http).
    const lookup = addresses.length === 0 ? {} : { lookup: lookupReturning(addresses) };
    if (endpoint.protocol === 'http:') {
      const { connect } = nodeNet();
      const socket = connect({ host, port: endpoint.port, noDelay: true, ...lookup });
      return { socket, ready: whenConnected(socket, 'connect') };
    }
    const { connect } = nodeTls();
    // The host name itself stays the socket's host: TLS SNI and certificate checks use it.
    const socket = connect({
      host,
      port: endpoint.port,
      ...lookup,
      ...tlsOptions(options.tls, endpoint.hostname, alpn, sessions),
    });
    socket.setNoDelay(true);
    keepSessions(socket, endpoint.hostname, sessions);
    return { socket, ready: whenConnected(socket, 'secureConnect') };
  };

  return {
    async open(endpoint, alpn) {
      // A pinned host (`http.resolve`) is dialled at its address, still checked by the sandbox like any
      // answer from DNS, and still named by its host for TLS.
      const pinned = findPin(options.pinnedHosts, endpoint.hostname, endpoint.port);
      const resolver: HostResolver = pinned === undefined ? options.resolve : () => Promise.resolve([pinned]);
      const { host, addresses } = await dialTargets(endpoint.hostname, resolver, options.sandbox);
      if (closed) {
        throw new HttpError(
          'aborted',
          `connection to ${endpoint.hostname} aborted: the HTTP client was closed`,
        );
      }
      const { socket, ready } = dial(endpoint, host, addresses, alpn);
      connecting.add(socket);
      try {
        return await ready;
      } finally {
        connecting.delete(socket);
      }
    },
    close() {
      closed = true;
      for (const socket of connecting) socket.destroy();
      connecting.clear();
    },
  };
}
