import { parseIPv4, formatIPv4, inIPv4Prefix } from './ipv4.js';
import { embeddedIPv4, inIPv6Prefix, parseIPv6, type IPv6Groups } from './ipv6.js';
import type { IpAddress } from './host.js';

interface Range<Network> {
  network: Network;
  prefixLength: number;
  /** Completes "`host` is …": what the range is, with its CIDR or RFC. */
  description: string;
}

function ipv4Range(cidr: string, description: string): Range<number> {
  const [network = '', prefixLength = ''] = cidr.split('/');
  const value = parseIPv4(network);
  if (value === undefined) throw new Error(`bad IPv4 range ${cidr}`);
  return { network: value, prefixLength: Number(prefixLength), description };
}

function ipv6Range(cidr: string, description: string): Range<IPv6Groups> {
  const [network = '', prefixLength = ''] = cidr.split('/');
  const groups = parseIPv6(network);
  if (groups === undefined) throw new Error(`bad IPv6 range ${cidr}`);
  return { network: groups, prefixLength: Number(prefixLength), description };
}

const PRIVATE = 'a private address (RFC 1918)';
const DOCUMENTATION = 'a documentation address';

interface Ranges {
  ipv4: readonly Range<number>[];
  embedding: readonly { range: Range<IPv6Groups>; firstGroup: number }[];
  ipv6: readonly Range<IPv6Groups>[];
  globalUnicast: Range<IPv6Groups>;
}

/** Built on first use: a run without the sandbox's address checks never needs them (~1 ms at start-up). */
let ranges: Ranges | undefined;

function buildRanges(): Ranges {
  /**
   * Every IPv4 range that is not the public internet (IANA special-purpose registry). Order matters only
   * where ranges nest: the broadcast address is named before the reserved block that holds it.
   */
  const ipv4: readonly Range<number>[] = [
    ipv4Range('0.0.0.0/8', 'a "this network" address (0.0.0.0/8)'),
    ipv4Range('10.0.0.0/8', PRIVATE),
    ipv4Range('100.64.0.0/10', 'a carrier-grade NAT address (100.64.0.0/10, RFC 6598)'),
    ipv4Range('127.0.0.0/8', 'a loopback address (127.0.0.0/8)'),
    ipv4Range(
      '169.254.0.0/16',
      'a link-local address (169.254.0.0/16, where cloud metadata services answer)',
    ),
    ipv4Range('172.16.0.0/12', PRIVATE),
    ipv4Range('192.0.0.0/24', 'an IETF protocol assignment (192.0.0.0/24)'),
    ipv4Range('192.0.2.0/24', `${DOCUMENTATION} (192.0.2.0/24, RFC 5737)`),
    ipv4Range('192.88.99.0/24', 'a 6to4 relay anycast address (192.88.99.0/24, RFC 7526)'),
    ipv4Range('192.168.0.0/16', PRIVATE),
    ipv4Range('198.18.0.0/15', 'a benchmarking address (198.18.0.0/15, RFC 2544)'),
    ipv4Range('198.51.100.0/24', `${DOCUMENTATION} (198.51.100.0/24, RFC 5737)`),
    ipv4Range('203.0.113.0/24', `${DOCUMENTATION} (203.0.113.0/24, RFC 5737)`),
    ipv4Range('224.0.0.0/4', 'a multicast address (224.0.0.0/4)'),
    ipv4Range('255.255.255.255/32', 'the broadcast address (255.255.255.255)'),
    ipv4Range('240.0.0.0/4', 'a reserved address (240.0.0.0/4)'),
  ];

  /** IPv6 forms that carry an IPv4 address: the IPv4 address decides (`::ffff:127.0.0.1` is loopback). */
  const embedding: readonly { range: Range<IPv6Groups>; firstGroup: number }[] = [
    { range: ipv6Range('::ffff:0:0/96', 'an IPv4-mapped form'), firstGroup: 6 },
    { range: ipv6Range('64:ff9b::/96', 'a NAT64 form (64:ff9b::/96)'), firstGroup: 6 },
    { range: ipv6Range('2002::/16', 'a 6to4 form (2002::/16)'), firstGroup: 1 },
  ];

  const ipv6: readonly Range<IPv6Groups>[] = [
    ipv6Range('::/128', 'the unspecified address (::)'),
    ipv6Range('::1/128', 'the IPv6 loopback address (::1)'),
    // IPv4-compatible addresses (::a.b.c.d) are deprecated (RFC 4291) and never routed: blocked outright.
    ipv6Range('::/96', 'a deprecated IPv4-compatible address (::/96)'),
    ipv6Range('64:ff9b:1::/48', 'a local-use NAT64 address (64:ff9b:1::/48, RFC 8215)'),
    ipv6Range('100::/64', 'a discard-only address (100::/64, RFC 6666)'),
    // Teredo embeds an obfuscated client address and a relay; the real destination cannot be checked.
    ipv6Range('2001::/32', 'a Teredo tunnel address (2001::/32), whose destination cannot be checked'),
    ipv6Range('2001:db8::/32', `${DOCUMENTATION} (2001:db8::/32)`),
    ipv6Range('2001::/23', 'an IETF protocol assignment (2001::/23)'),
    ipv6Range('3fff::/20', `${DOCUMENTATION} (3fff::/20, RFC 9637)`),
    ipv6Range('5f00::/16', 'a segment routing identifier (5f00::/16, RFC 9602)'),
    ipv6Range('fc00::/7', 'a unique local address (fc00::/7, the IPv6 private range)'),
    ipv6Range('fe80::/10', 'a link-local address (fe80::/10)'),
    ipv6Range('fec0::/10', 'a deprecated site-local address (fec0::/10)'),
    ipv6Range('ff00::/8', 'a multicast address (ff00::/8)'),
  ];

  /** Only 2000::/3 is allocated as global unicast; anything outside it is not a public destination. */
  const globalUnicast = ipv6Range('2000::/3', 'global unicast');
  return { ipv4, embedding, ipv6, globalUnicast };
}

const allRanges = (): Ranges => (ranges ??= buildRanges());

function describeIPv4(value: number): string | undefined {
  return allRanges().ipv4.find((range) => inIPv4Prefix(value, range.network, range.prefixLength))
    ?.description;
}

function describeIPv6(groups: IPv6Groups): string | undefined {
  const { embedding, ipv6, globalUnicast } = allRanges();
  for (const { range, firstGroup } of embedding) {
    if (!inIPv6Prefix(groups, range.network, range.prefixLength)) continue;
    const inner = embeddedIPv4(groups, firstGroup);
    const innerDescription = describeIPv4(inner);
    return innerDescription === undefined
      ? undefined
      : `${range.description} of ${formatIPv4(inner)}, ${innerDescription}`;
  }
  const named = ipv6.find((range) => inIPv6Prefix(groups, range.network, range.prefixLength));
  if (named !== undefined) return named.description;
  if (!inIPv6Prefix(groups, globalUnicast.network, globalUnicast.prefixLength))
    return 'an address outside the global unicast range (2000::/3)';
  return undefined;
}

/**
 * Why an address is not a public destination, completing "`host` is …" or "resolves to <address>, …";
 * undefined when it is public. Covers every non-public range, not only SPEC's examples (issue 3).
 */
export function describeNonPublicAddress(address: IpAddress): string | undefined {
  return address.family === 4 ? describeIPv4(address.value) : describeIPv6(address.groups);
}
