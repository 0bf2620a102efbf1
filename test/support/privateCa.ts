import { generate } from 'selfsigned';

export interface Pem {
  key: string;
  cert: string;
}

/** A private certificate authority made at test time (never committed). EC keys keep it fast. */
export async function createCertificateAuthority(name: string): Promise<Pem> {
  const pems = await generate([{ name: 'commonName', value: name }], {
    keyType: 'ec',
    algorithm: 'sha256',
    extensions: [
      { name: 'basicConstraints', cA: true },
      { name: 'keyUsage', digitalSignature: true, keyCertSign: true },
    ],
  });
  return { key: pems.private, cert: pems.cert };
}

/** A server certificate for localhost (and its loopback addresses) signed by `ca`. */
export async function issueServerCertificate(ca: Pem, hostName = 'localhost'): Promise<Pem> {
  const pems = await generate([{ name: 'commonName', value: hostName }], {
    keyType: 'ec',
    algorithm: 'sha256',
    ca,
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true },
      { name: 'extKeyUsage', serverAuth: true },
      {
        name: 'subjectAltName',
        altNames: [
          { type: 2, value: hostName },
          { type: 7, ip: '127.0.0.1' },
          { type: 7, ip: '::1' },
        ],
      },
    ],
  });
  return { key: pems.private, cert: pems.cert };
}

/** A client certificate signed by `ca`; its key is encrypted when a passphrase is given. */
export async function issueClientCertificate(ca: Pem, passphrase?: string): Promise<Pem> {
  const pems = await generate([{ name: 'commonName', value: 'runner test client' }], {
    keyType: 'ec',
    algorithm: 'sha256',
    ca,
    ...(passphrase === undefined ? {} : { passphrase }),
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true },
      { name: 'extKeyUsage', clientAuth: true },
    ],
  });
  return { key: pems.private, cert: pems.cert };
}
