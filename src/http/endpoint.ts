const DEFAULT_PORTS: Record<string, string> = { 'http:': '80', 'https:': '443' };

/** `http://host:port` without IPv6 brackets, as failure messages name a target. */
export function endpointKey(protocol: string, hostname: string, port: string): string {
  const bare = hostname.startsWith('[') ? hostname.slice(1, -1) : hostname;
  return `${protocol}//${bare}:${port === '' ? (DEFAULT_PORTS[protocol] ?? '') : port}`;
}
