import type { Socket } from 'node:net';
import type { TLSSocket } from 'node:tls';
import { peerCertificate } from './peerCertificate.js';
import type { PeerCertificate } from './types.js';

/** What a response reports about the connection that carried it (DECISIONS, Wave 2: `ip`, `certificate`). */
export interface ConnectionFacts {
  remoteAddress?: string;
  certificate?: PeerCertificate;
}

/** Read once per connection: a keep-alive connection serves many responses with the same facts. */
const known = new WeakMap<Socket, ConnectionFacts>();

/**
 * The facts of a connected socket. Through a proxy's `CONNECT` tunnel (`tunnelled`) TLS runs end to end
 * with the target, so the certificate is the target's; the address is the proxy's and is left out.
 */
export function connectionFacts(socket: Socket, tunnelled = false): ConnectionFacts {
  let facts = known.get(socket);
  if (facts === undefined) {
    const secure = 'getPeerX509Certificate' in socket;
    const certificate = secure ? peerCertificate(socket as TLSSocket) : undefined;
    const remoteAddress = tunnelled ? undefined : socket.remoteAddress;
    facts = {
      ...(remoteAddress === undefined ? {} : { remoteAddress }),
      ...(certificate === undefined ? {} : { certificate }),
    };
    known.set(socket, facts);
  }
  return facts;
}
