import type { LookupFunction } from 'node:net';
import { Socket } from 'node:net';
import { TLSSocket } from 'node:tls';
import { buildConnector } from 'undici';
import { dialTargets } from './dialTargets.js';
import { endpointKey } from './endpoint.js';
import { HttpError } from './httpError.js';
import type { HostResolver, ResolvedAddress } from './hostResolver.js';
import { findPin, type PinnedHosts } from './pinnedHosts.js';
import type { SandboxPolicy } from './sandbox/policy.js';
import { peerCertificate } from './peerCertificate.js';
import { keepRejectedHeads } from './responseHeads.js';
import type { TlsConnectOptions } from './tlsTrust.js';
import type { HttpVersion, PeerCertificate } from './types.js';
import { watchHttp1Version } from './versionSniffer.js';

export interface ConnectorOptions {
  http2: boolean;
  tls: TlsConnectOptions;
  sandbox?: SandboxPolicy;
  resolve: HostResolver;
  pinnedHosts?: PinnedHosts;
}

/** What the latest connection to an endpoint was: its ALPN protocol, peer address and certificate. */
export interface ConnectionFacts {
  /** `h2` or `http/1.1`. */
  protocol: string;
  /**
   * The HTTP version it speaks: `2` by ALPN, else read from its first status line (a server answering
   * `HTTP/1.0` must not be shown as 1.1); `1.1` until that line arrives.
   */
  httpVersion: HttpVersion;
  remoteAddress?: string;
  certificate?: PeerCertificate;
}

/** Opens the connections of one client's pool, and remembers what it needs to report and to close. */
export interface Connector {
  connect: buildConnector.connector;
  /**
   * The latest connection to an endpoint (see endpointKey). The client keeps one connection per origin, so
   * this is the connection that served the endpoint's latest response.
   */
  connection(key: string): ConnectionFacts | undefined;
  /**
   * `connect` of a proxy's CONNECT tunnels, watched like a direct connection: TLS runs end to end with the
   * target through the tunnel, so its certificate and HTTP version are the target's. The address is the
   * proxy's and is left out.
   */
  watchTunnels(connect: buildConnector.connector): buildConnector.connector;
  /** The latest tunnel to an endpoint through a proxy (see watchTunnels). */
  tunnel(key: string): ConnectionFacts | undefined;
  /**
   * The TLS alert that ended the latest connection to an endpoint after its handshake, taken once. With
   * TLS 1.3 a server refuses a missing client certificate only then, and undici reports just "other side
   * closed".
   */
  takeTlsAlert(key: string): Error | undefined;
  /**
   * The head of the response whose parse failure undici reported as a body length mismatch (see
   * responseHeads.ts), to learn the parser's reason; undefined for any other error.
   */
  rejectedHead(error: unknown): Buffer | undefined;
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

function connectionFacts(socket: Socket, tunnelled: boolean): ConnectionFacts {
  const certificate = socket instanceof TLSSocket ? peerCertificate(socket) : undefined;
  const protocol = socket instanceof TLSSocket && socket.alpnProtocol ? socket.alpnProtocol : 'http/1.1';
  const facts: ConnectionFacts = {
    protocol,
    httpVersion: protocol === 'h2' ? '2' : '1.1',
    ...(socket.remoteAddress === undefined || tunnelled ? {} : { remoteAddress: socket.remoteAddress }),
    ...(certificate === undefined ? {} : { certificate }),
  };
  if (facts.httpVersion !== '2') watchHttp1Version(socket, (version) => void (facts.httpVersion = version));
  return facts;
}

export function createConnector(options: ConnectorOptions): Connector {
  // undici does not say which connection served a response, so remember what each endpoint's was.
  const connections = new Map<string, ConnectionFacts>();
  const tunnels = new Map<string, ConnectionFacts>();
  const alerts = new Map<string, Error>();
  const rejectedHeads = new WeakMap<Error, Buffer>();
  const connecting = new Set<Socket>();
  let closed = false;
  const socketOptions = {
    ...options.tls,
    allowH2: options.http2,
    // The request deadline covers connecting (HttpRequest.timeoutMs); 0 disables undici's separate 10s limit.
    timeout: 0,
  };

  const open = (
    connectOptions: buildConnector.Options,
    addresses: readonly ResolvedAddress[],
    host: string,
    callback: buildConnector.Callback,
  ): void => {
    const key = endpointKey(connectOptions.protocol, connectOptions.hostname, connectOptions.port);
    // One connector per connection, so its lookup can only hand out this connection's checked answers.
    // The host name itself stays the socket's host: TLS SNI and certificate checks use it.
    const dial = buildConnector({ ...socketOptions, lookup: lookupReturning(addresses) });
    let socket: Socket | undefined;
    const result: unknown = dial({ ...connectOptions, hostname: host }, (...args) => {
      if (socket !== undefined) connecting.delete(socket);
      const [error, connected] = args;
      if (error === null) {
        const facts = connectionFacts(connected, false);
        connections.set(key, facts);
        alerts.delete(key);
        connected.on('error', (socketError: Error & { code?: string }) => {
          if (socketError.code?.startsWith('ERR_SSL_') === true) alerts.set(key, socketError);
        });
        if (facts.httpVersion !== '2') keepRejectedHeads(connected, rejectedHeads);
      }
      callback(...args);
    });
    // buildConnector returns the socket it opened although its type says void.
    if (result instanceof Socket) {
      socket = result;
      connecting.add(socket);
    }
  };

  return {
    connect(connectOptions, callback) {
      // A pinned host (`http.resolve`) is dialled at its address, still checked by the sandbox like any
      // answer from DNS, and still named by its host for TLS.
      const pinned = findPin(
        options.pinnedHosts,
        connectOptions.hostname,
        connectOptions.port || (connectOptions.protocol === 'https:' ? '443' : '80'),
      );
      const resolver: HostResolver = pinned === undefined ? options.resolve : () => Promise.resolve([pinned]);
      dialTargets(connectOptions.hostname, resolver, options.sandbox).then(
        ({ host, addresses }) => {
          if (closed) {
            callback(
              new HttpError(
                'aborted',
                `connection to ${connectOptions.hostname} aborted: the HTTP client was closed`,
              ),
              null,
            );
            return;
          }
          open(connectOptions, addresses, host, callback);
        },
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
      );
    },
    connection: (key) => connections.get(key),
    watchTunnels(connect) {
      return (connectOptions, callback) =>
        connect(connectOptions, (...args) => {
          const [error, socket] = args;
          const key = endpointKey(connectOptions.protocol, connectOptions.hostname, connectOptions.port);
          if (error === null) {
            const facts = connectionFacts(socket, true);
            tunnels.set(key, facts);
            if (facts.httpVersion !== '2') keepRejectedHeads(socket, rejectedHeads);
          }
          callback(...args);
        });
    },
    tunnel: (key) => tunnels.get(key),
    takeTlsAlert(key) {
      const alert = alerts.get(key);
      alerts.delete(key);
      return alert;
    },
    rejectedHead: (error) => (error instanceof Error ? rejectedHeads.get(error) : undefined),
    close() {
      closed = true;
      for (const socket of connecting) socket.destroy();
      connecting.clear();
    },
  };
}
