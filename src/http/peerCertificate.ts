import type { TLSSocket } from 'node:tls';
import type { PeerCertificate } from './types.js';

/** `Nov 25 18:00:00 2026 GMT` → `2026-11-25T18:00:00Z`; unreadable dates stay as the certificate says. */
function rfc3339(date: string): string {
  const parsed = new Date(date);
  return Number.isNaN(parsed.getTime()) ? date : parsed.toISOString().replace('.000Z', 'Z');
}

/** Node writes a distinguished name one relative name per line; a certificate path reads them comma-joined. */
const distinguishedName = (text: string): string => text.split('\n').filter(Boolean).join(', ');

/** The server certificate of a TLS connection, or undefined when the peer sent none. */
export function peerCertificate(socket: TLSSocket): PeerCertificate | undefined {
  const certificate = socket.getPeerX509Certificate();
  if (certificate === undefined) return undefined;
  return {
    subject: distinguishedName(certificate.subject),
    issuer: distinguishedName(certificate.issuer),
    validFrom: rfc3339(certificate.validFrom),
    validTo: rfc3339(certificate.validTo),
    serialNumber: certificate.serialNumber.toLowerCase(),
  };
}
