import { formatIpAddress, parseIpAddress } from './sandbox/host.js';
import type { ResolvedAddress } from './hostResolver.js';

/**
 * `http.resolve` and `run --resolve` (DECISIONS, "HTTP"): a host and port dialled at a fixed address instead
 * of the one DNS gives, like curl's `--resolve`. Keys are `host:port`, lower-case, without IPv6 brackets.
 */
export type PinnedHosts = ReadonlyMap<string, ResolvedAddress>;

function bare(host: string): string {
  return host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
}

function pinKey(host: string, port: string | number): string {
  return `${bare(host).toLowerCase()}:${String(port)}`;
}

/** The address `host:port` is pinned to, if any. */
export function findPin(
  pins: PinnedHosts | undefined,
  host: string,
  port: string | number,
): ResolvedAddress | undefined {
  return pins?.get(pinKey(host, port));
}

/** A pinned address as written (`127.0.0.1`, `::1`, `[::1]`), or the reason it is not one. */
export function parsePinAddress(text: string): ResolvedAddress | string {
  const address = parseIpAddress(bare(text.trim()));
  if (address === undefined) return `\`${text}\` is not an IP address`;
  return { address: formatIpAddress(address), family: address.family };
}

/** `host:port` as a key of `http.resolve`, or the reason it is not one. */
export function parsePinTarget(text: string): string | { error: string } {
  const match = /^(\[[^\]]+\]|[^:[\]\s]+):(\d{1,5})$/.exec(text.trim());
  const port = Number(match?.[2]);
  if (match === null || port < 1 || port > 65535) {
    return { error: `\`${text}\` is not host:port (for example \`api.example.com:443\`)` };
  }
  return pinKey(match[1]!, port);
}

/** One `--resolve host:port:address` flag, split like curl does (the address may hold colons: `::1`). */
export function parsePinFlag(text: string): { key: string; address: ResolvedAddress } | { error: string } {
  const match = /^((?:\[[^\]]+\]|[^:[\]\s]+):\d{1,5}):(.+)$/.exec(text.trim());
  if (match === null) {
    return { error: `\`${text}\` is not host:port:address (for example \`api.example.com:443:127.0.0.1\`)` };
  }
  const key = parsePinTarget(match[1]!);
  if (typeof key !== 'string') return key;
  const address = parsePinAddress(match[2]!);
  return typeof address === 'string' ? { error: address } : { key, address };
}
