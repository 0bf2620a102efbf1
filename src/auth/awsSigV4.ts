/**
 * AWS Signature Version 4 over the request as it is sent (DECISIONS, Wave 3 "Auth"), by the AWS SDK's own
 * signer. The body hash is always of the bytes sent, never `UNSIGNED-PAYLOAD`; `X-Amz-Content-Sha256` is
 * sent and signed (for `s3` it is required; for other services it is the signer's default).
 */
import { createHash, createHmac, type Hash, type Hmac } from 'node:crypto';
import type { HttpRequest } from '../http/index.js';

export interface AwsCredentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
  region: string;
  service: string;
}

export interface SignOptions {
  date: Date;
  /** Add and sign `X-Amz-Content-Sha256` (default true, the signer's default); false for the plain vectors. */
  contentHash?: boolean;
}

/** The signer's hash, over node:crypto: HMAC when given a key, SHA-256 otherwise. */
class NodeSha256 {
  #hash: Hash | Hmac;
  readonly #secret: string | Uint8Array | undefined;
  constructor(secret?: string | ArrayBuffer | ArrayBufferView) {
    this.#secret = secret === undefined ? undefined : toBytes(secret);
    this.#hash = this.#fresh();
  }
  #fresh(): Hash | Hmac {
    return this.#secret === undefined ? createHash('sha256') : createHmac('sha256', this.#secret);
  }
  update(data: string | ArrayBuffer | ArrayBufferView): void {
    this.#hash.update(toBytes(data));
  }
  digest(): Promise<Uint8Array> {
    return Promise.resolve(new Uint8Array(this.#hash.digest()));
  }
  reset(): void {
    this.#hash = this.#fresh();
  }
}

function toBytes(data: string | ArrayBuffer | ArrayBufferView): string | Uint8Array {
  if (typeof data === 'string') return data;
  if (ArrayBuffer.isView(data)) return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  return new Uint8Array(data);
}

/** Query parameters as the signer wants them: repeated names become lists. */
function queryBag(url: URL): Record<string, string | string[]> {
  const bag: Record<string, string | string[]> = {};
  for (const [name, value] of url.searchParams) {
    const existing = bag[name];
    bag[name] = existing === undefined ? value : [...[existing].flat(), value];
  }
  return bag;
}

/**
 * The request with `Authorization`, `X-Amz-Date`, `X-Amz-Content-Sha256` and (with a session token)
 * `X-Amz-Security-Token` added. `Host` is signed but not added: the client sends the same value itself.
 */
export async function signAwsV4(
  request: HttpRequest,
  credentials: AwsCredentials,
  options: SignOptions,
): Promise<HttpRequest> {
  const { SignatureV4 } = await import('./awsSigner.js');
  const url = new URL(request.url);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers))
    headers[name] = typeof value === 'string' ? value : value.join(',');
  if (!Object.keys(headers).some((name) => name.toLowerCase() === 'host')) headers.host = url.host;
  const contentHash = options.contentHash ?? true;
  const signer = new SignatureV4({
    credentials: {
      accessKeyId: credentials.accessKeyId,
      secretAccessKey: credentials.secretAccessKey,
      ...(credentials.sessionToken === undefined ? {} : { sessionToken: credentials.sessionToken }),
    },
    region: credentials.region,
    service: credentials.service,
    sha256: NodeSha256,
    // S3 signs the path as sent; every other service signs it encoded once more (the SDK's own rule).
    uriEscapePath: credentials.service !== 's3',
    applyChecksum: contentHash,
  });
  const signed = await signer.sign(
    {
      method: request.method,
      protocol: url.protocol,
      hostname: url.hostname,
      ...(url.port === '' ? {} : { port: Number(url.port) }),
      path: url.pathname,
      query: queryBag(url),
      headers,
      body: request.body,
    },
    { signingDate: options.date },
  );
  const sent: HttpRequest['headers'] = { ...request.headers };
  for (const [name, value] of Object.entries(signed.headers)) {
    if (name.toLowerCase() === 'host' || request.headers[name] !== undefined) continue;
    sent[name] = value;
  }
  return { ...request, headers: sent };
}
