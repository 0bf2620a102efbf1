const DEFAULT_PORTS: Record<string, string> = { 'http:': '80', 'https:': '443' };

/** `http://host:port` without IPv6 brackets, so keys from URLs and from undici's connect options agree. */
export function endpointKey(protocol: string, hostname: string, port: string): string {
  const bare = hostname.startsWith('[') ? hostname.slice(1, -1) : hostname;
  return `${protocol}//${bare}:${port === '' ? (DEFAULT_PORTS[protocol] ?? '') : port}`;
}
