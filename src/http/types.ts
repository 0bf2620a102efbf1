import type { PinnedHosts } from './pinnedHosts.js';
import type { ProxySettings } from './proxyRoute.js';
import type { LookupFunction } from 'node:net';
import type { TlsConnectOptions, TlsMaterial } from './tlsTrust.js';
import type { HostResolver, ResolvedAddress } from './hostResolver.js';
import type { SandboxPolicy } from './sandbox/policy.js';

/** One HTTP exchange as the engine hands it to the client: everything already interpolated and resolved. */
export interface HttpRequest {
  method: string;
  /** Absolute URL with the query already applied. */
  url: string;
  /** A list value goes out as one header line per item (DECISIONS, Wave 2 "Language additions"). */
  headers: Record<string, string | string[]>;
  body?: string | Uint8Array;
  /** One deadline for connect, headers and body (DECISIONS.md: default 30s). */
  timeoutMs: number;
  /** DECISIONS.md: 10 MiB default (`http.maxResponseBytes`); a larger body fails the request. */
  maxResponseBytes: number;
  /** Cancels the request from outside (for example Ctrl-C); the request fails with code `aborted`. */
  signal?: AbortSignal;
}

/** The server certificate of an HTTPS connection, as `certificate.<field>` paths read it. */
export interface PeerCertificate {
  /** Distinguished name, `CN=example.org, O=Example` (relative names in the certificate's order). */
  subject: string;
  issuer: string;
  /** RFC 3339. */
  validFrom: string;
  validTo: string;
  /** Lower-case hex. */
  serialNumber: string;
}

/** How the body came over the wire, when a `content-encoding` was decoded (DECISIONS, `http.compressed`). */
export interface BodyEncoding {
  /** The `content-encoding` as sent (`gzip`, `deflate`, `br`). */
  name: string;
  /** Bytes received before decoding; `HttpResponse.body` holds the decoded ones. */
  encodedBytes: number;
}

export interface HttpResponse {
  status: number;
  /** The reason phrase sent by the server, or the standard one when the protocol has none (HTTP/2). */
  statusText: string;
  httpVersion: HttpVersion;
  /** The address of the connection that served the response, when the connector saw it. */
  remoteAddress?: string;
  /** HTTPS: the server certificate of that connection. */
  certificate?: PeerCertificate;
  /** Lower-cased names; a repeated header is joined with `, `. */
  headers: Record<string, string>;
  /**
   * Every `Set-Cookie` line as received: joined with `, ` they could not be told apart (an `Expires` date
   * holds a comma), so `headers.set-cookie` and the cookie jar read them from here.
   */
  setCookie?: string[];
  /** Decoded when the server compressed it (see `encoding`). */
  body: Uint8Array;
  encoding?: BodyEncoding;
  /** The proxy that carried the exchange, credentials left in (the masking boundary hides them). */
  proxy?: string;
  /** Monotonic time from sending to the last body byte. */
  durationMs: number;
}

export type HttpVersion = '1.0' | '1.1' | '2';

/**
 * How a stream step that opens its own socket (websocket) reaches a host, the way the client's own
 * connections do: the sandbox has judged the host and every address it resolves to (or its `http.resolve`
 * pin), `lookup` hands the socket only those addresses, and `tls` is the client's trust (`http.caFile`,
 * `clientCert`, `insecure`).
 */
export interface DialPlan {
  /** The host the socket names: TLS SNI and certificate checks use it. */
  host: string;
  /** Absent for an IP literal, which sockets dial without a lookup. */
  lookup?: LookupFunction;
  /**
   * The checked addresses `lookup` answers with, for a client that takes addresses rather than a lookup
   * (gRPC); empty for an IP literal.
   */
  addresses: ResolvedAddress[];
  tls: TlsConnectOptions;
  /** The proxy the settings send this URL through, if any (credentials left in; masked in outputs). */
  proxy?: string;
}

/** Where the body of a streamed response goes (see HttpClient.openStream). */
export interface StreamSink {
  onData(chunk: Uint8Array): void;
  /** The body ended: by the server, by `cancel()` (no error), or by a failure. */
  onEnd(error?: Error): void;
}

/** A streamed response's head, the fields of a whole response before its body; the body goes to the sink. */
export interface HttpStreamHead extends Pick<
  HttpResponse,
  'status' | 'statusText' | 'httpVersion' | 'remoteAddress' | 'certificate' | 'headers' | 'proxy'
> {
  /** Stops the body; the sink hears `onEnd()` without an error. */
  cancel(): void;
}

export interface HttpClient {
  send(request: HttpRequest): Promise<HttpResponse>;
  /**
   * Streams (Server-Sent Events): sends `request` like `send` (sandbox, pins, proxy, TLS, user agent) and
   * resolves at the response head; the body then goes to `sink` as it arrives, undecoded, with no size cap
   * and no deadline (the caller bounds it): `request.timeoutMs` covers connecting and the head only.
   */
  openStream(request: HttpRequest, sink: StreamSink): Promise<HttpStreamHead>;
  /**
   * Streams over a socket the caller opens (WebSocket): checks `url`'s host against the sandbox, resolves
   * it (pins first), and says how to dial it. Rejects with an HttpError (`sandbox`, `connect`) before any
   * connection is made. `ws:`/`wss:` and `grpc:`/`grpcs:` URLs are read as their `http:`/`https:` twins.
   */
  dialPlan(url: string): Promise<DialPlan>;
  /** Closes every pooled connection; requests still in flight fail with code `aborted`. */
  close(): Promise<void>;
}

export interface HttpClientOptions {
  /** Offer HTTP/2 by ALPN on HTTPS connections (DECISIONS.md, `http.http2`, default true). */
  http2: boolean;
  /** Accept certificates that do not verify, such as self-signed ones (`http.insecure`). */
  insecure: boolean;
  /** Extra trusted CA certificates, PEM (`http.caFile`): added to the default roots, never replacing them. */
  ca?: string | Uint8Array;
  /** The rest of the TLS settings: client certificate, NODE_EXTRA_CA_CERTS (see tlsTrust.ts). */
  tls?: Omit<TlsMaterial, 'insecure' | 'extraCa'>;
  /** Send `accept-encoding` and decode compressed bodies (`http.compressed`, default true). */
  compressed?: boolean;
  /** `http.resolve` and `--resolve`: `host:port` to the address to dial instead of asking DNS. */
  pinnedHosts?: PinnedHosts;
  /** Where requests go through a proxy (`http.proxy` or the proxy environment variables). */
  proxy?: ProxySettings;
  /** Sent as `user-agent` unless the request has its own. */
  userAgent: string;
  /** SPEC `security.sandboxing`; absent or `enabled: false` lets every request through. */
  sandbox?: SandboxPolicy;
  /** The client's DNS, used for every new connection with or without a sandbox. Default: the system's. */
  resolve?: HostResolver;
  /**
   * Keep-alive connections per origin: `runner run --jobs N` sends up to N requests at once, so N (default 1,
   * for steps that run one after another).
   */
  connections?: number;
}
