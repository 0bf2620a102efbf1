import { generate } from 'selfsigned';

export interface CertificatePair {
  /** PEM private key. */
  key: string;
  /** PEM certificate; self-signed, so it is also the CA a client must trust. */
  cert: string;
}

let cached: Promise<CertificatePair> | undefined;

/**
 * A certificate for 127.0.0.1, ::1 and localhost, made at test time (never committed). EC keys keep
 * generation fast; one certificate is shared by every test in the process.
 */
export function selfSignedCertificate(): Promise<CertificatePair> {
  cached ??= generate([{ name: 'commonName', value: 'localhost' }], {
    keyType: 'ec',
    algorithm: 'sha256',
    extensions: [
      { name: 'basicConstraints', cA: true },
      { name: 'keyUsage', digitalSignature: true, keyCertSign: true },
      { name: 'extKeyUsage', serverAuth: true },
      {
        name: 'subjectAltName',
        altNames: [
          { type: 2, value: 'localhost' },
          { type: 7, ip: '127.0.0.1' },
          { type: 7, ip: '::1' },
        ],
      },
    ],
  }).then((pems) => ({ key: pems.private, cert: pems.cert }));
  return cached;
}
