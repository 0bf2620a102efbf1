/** Where a gRPC step connects, read from its `grpc://` or `grpcs://` URL (DECISIONS, "Finer points (wave 3)"). */
export interface GrpcTarget {
  tls: boolean;
  /** A host name or an IP address, without the brackets of an IPv6 URL. */
  host: string;
  port: number;
  /** `host:port` as the URL wrote it (brackets kept): the `:authority` of every call. */
  authority: string;
}

/** Why a URL is no gRPC URL, worded for a diagnostic; `undefined` when it is one. */
export type GrpcUrlResult = { target: GrpcTarget } | { problem: string };

/** Without a port, the ports of HTTP/2 servers: 80 in plain text, 443 with TLS. */
const DEFAULT_PORTS = { grpc: 80, grpcs: 443 } as const;

/** `grpc://host:port` (plain HTTP/2) or `grpcs://host:port` (TLS); nothing after the authority. */
export function parseGrpcUrl(url: string): GrpcUrlResult {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { problem: 'expected `grpc://host:port` or `grpcs://host:port`' };
  }
  const scheme = parsed.protocol.slice(0, -1);
  if (scheme !== 'grpc' && scheme !== 'grpcs') {
    return { problem: `unsupported scheme \`${parsed.protocol}\` (use grpc:// or grpcs://)` };
  }
  if (parsed.hostname === '') return { problem: 'no host' };
  if (parsed.username !== '' || parsed.password !== '') {
    return { problem: 'credentials in the URL are not sent: use `metadata` (an `authorization` entry)' };
  }
  if ((parsed.pathname !== '' && parsed.pathname !== '/') || parsed.search !== '' || parsed.hash !== '') {
    return { problem: 'the service and method go in `service` and `method`, not in the URL' };
  }
  const port = parsed.port === '' ? DEFAULT_PORTS[scheme] : Number(parsed.port);
  return {
    target: {
      tls: scheme === 'grpcs',
      host: parsed.hostname.replace(/^\[(.*)\]$/, '$1'),
      port,
      authority: `${parsed.hostname}:${port}`,
    },
  };
}
