import { createSecureContext, rootCertificates, type SecureContext } from 'node:tls';
import * as tls from 'node:tls';

/** What the `http:` settings say about TLS, already read from disk (DECISIONS, "HTTP"). */
export interface TlsMaterial {
  /** `http.insecure`: accept certificates that do not verify. */
  insecure: boolean;
  /** `http.caFile`: trusted on top of the default roots, never instead of them. */
  extraCa?: Uint8Array;
  /** The `NODE_EXTRA_CA_CERTS` file's content: Node drops it as soon as a `ca` is given, so it is re-added. */
  environmentCa?: Uint8Array;
  /** `http.clientCert` and `http.clientKey` (PEM) for mutual TLS; `clientKeyPassphrase` unlocks the key. */
  clientCert?: Uint8Array;
  clientKey?: Uint8Array;
  passphrase?: string;
}

/** Options for every TLS connection of a client, passed to `tls.connect` (see connector.ts). */
export interface TlsConnectOptions {
  rejectUnauthorized: boolean;
  secureContext?: SecureContext;
}

/** The default roots as Node would use them (with NODE_EXTRA_CA_CERTS when Node can say so itself). */
function defaultRoots(material: TlsMaterial): string[] {
  // `tls.getCACertificates('default')` (Node >= 22.15) already holds NODE_EXTRA_CA_CERTS; older Node has
  // only the bundled list, so the environment's file is added by hand.
  const fromNode = (tls as { getCACertificates?: (type: 'default') => string[] }).getCACertificates;
  if (fromNode !== undefined) return fromNode('default');
  const environment =
    material.environmentCa === undefined ? [] : [Buffer.from(material.environmentCa).toString()];
  return [...rootCertificates, ...environment];
}

/**
 * One secure context per client, built once: handing `ca` to every connection would parse the whole
 * root list again for each. Without a CA file or a client certificate Node's defaults stand untouched.
 * Throws what `createSecureContext` throws (a wrong passphrase, a key that is no PEM); the caller words it.
 */
export function tlsConnectOptions(material: TlsMaterial): TlsConnectOptions {
  const rejectUnauthorized = !material.insecure;
  if (material.extraCa === undefined && material.clientCert === undefined) return { rejectUnauthorized };
  const secureContext = createSecureContext({
    ...(material.extraCa === undefined
      ? {}
      : { ca: [...defaultRoots(material), Buffer.from(material.extraCa).toString()] }),
    ...(material.clientCert === undefined ? {} : { cert: Buffer.from(material.clientCert) }),
    ...(material.clientKey === undefined ? {} : { key: Buffer.from(material.clientKey) }),
    ...(material.passphrase === undefined ? {} : { passphrase: material.passphrase }),
  });
  return { rejectUnauthorized, secureContext };
}
