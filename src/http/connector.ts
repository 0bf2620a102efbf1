import type { LookupFunction } from 'node:net';
import { Socket } from 'node:net';
import { TLSSocket } from 'node:tls';
import { buildConnector } from 'undici';
import { dialTargets } from './dialTargets.js';
import { endpointKey } from './endpoint.js';
import { HttpError } from './httpError.js';
import type { HostResolver, ResolvedAddress } from './hostResolver.js';
import type { SandboxPolicy } from './sandbox/policy.js';
import { peerCertificate } from './peerCertificate.js';
import type { PeerCertificate } from './types.js';

export interface ConnectorOptions {
  http2: boolean;
  insecure: boolean;
  ca?: string | Uint8Array;
  sandbox?: SandboxPolicy;
  resolve: HostResolver;
}

/** What the latest connection to an endpoint was: its ALPN protocol, peer address and certificate. */
export interface ConnectionFacts {
  /** `h2` or `http/1.1`. */
  protocol: string;
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
  /** Stops connections still resolving or connecting, which would otherwise keep the process alive. */
  close(): void;
}

/**
 * A socket lookup that answers only with addresses already checked, whatever name it is asked for. Both
 * shapes are served: one address, and `all` for Node's happy-eyeballs connect across several answers.
 */
function lookupReturning(addresses: readonly ResolvedAddress[]): LookupFunction {
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

function connectionFacts(socket: Socket): ConnectionFacts {
  const certificate = socket instanceof TLSSocket ? peerCertificate(socket) : undefined;
  return {
    protocol: socket instanceof TLSSocket && socket.alpnProtocol ? socket.alpnProtocol : 'http/1.1',
    ...(socket.remoteAddress === undefined ? {} : { remoteAddress: socket.remoteAddress }),
    ...(certificate === undefined ? {} : { certificate }),
  };
}

export function createConnector(options: ConnectorOptions): Connector {
  // undici does not say which connection served a response, so remember what each endpoint's was.
  const connections = new Map<string, ConnectionFacts>();
  const connecting = new Set<Socket>();
  let closed = false;
  const socketOptions = {
    rejectUnauthorized: !options.insecure,
    ...(options.ca === undefined ? {} : { ca: Buffer.from(options.ca) }),
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
      if (error === null) connections.set(key, connectionFacts(connected));
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
      dialTargets(connectOptions.hostname, options.resolve, options.sandbox).then(
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
    close() {
      closed = true;
      for (const socket of connecting) socket.destroy();
      connecting.clear();
    },
  };
}
