import { formatIPv4, parseIPv4 } from './ipv4.js';
import { formatIPv6, parseIPv6, type IPv6Groups } from './ipv6.js';

export type IpAddress = { family: 4; value: number } | { family: 6; groups: IPv6Groups };

/** A host as the sandbox compares it: a lower-case name without trailing dot, or a parsed address. */
export type NormalisedHost =
  | { kind: 'name'; name: string }
  | { kind: 'address'; address: IpAddress; /** Canonical text: `127.0.0.1`, `::1`. */ text: string };

export function formatIpAddress(address: IpAddress): string {
  return address.family === 4 ? formatIPv4(address.value) : formatIPv6(address.groups);
}

/**
 * An IP address in any spelling a URL or `inet_aton` accepts: `127.0.0.1`, `2130706433`, `0x7f.1`,
 * `[::1]`, `fe80::1%eth0`. Undefined for anything else, including names.
 */
export function parseIpAddress(text: string): IpAddress | undefined {
  const bare = text.startsWith('[') && text.endsWith(']') ? text.slice(1, -1) : text;
  if (bare.includes(':')) {
    const groups = parseIPv6(bare);
    return groups === undefined ? undefined : { family: 6, groups };
  }
  const value = parseIPv4(bare);
  return value === undefined ? undefined : { family: 4, value };
}

/**
 * Lower-cased, trailing dot dropped, and any IP spelling reduced to its canonical text, before any rule looks
 * at the host, so the spelling cannot decide the outcome. WHATWG URL already rewrites `http://0x7f.1/` to
 * 127.0.0.1, but hosts also come from the policy, from resolvers and from connect options.
 */
export function normaliseHost(host: string): NormalisedHost {
  const lower = host.trim().toLowerCase();
  const address = parseIpAddress(lower);
  if (address !== undefined) return { kind: 'address', address, text: formatIpAddress(address) };
  return { kind: 'name', name: lower.endsWith('.') ? lower.slice(0, -1) : lower };
}

/** How a host reads in messages: IPv6 in brackets, as in a URL. */
export function displayHost(host: NormalisedHost): string {
  if (host.kind === 'name') return host.name;
  return host.address.family === 6 ? `[${host.text}]` : host.text;
}
