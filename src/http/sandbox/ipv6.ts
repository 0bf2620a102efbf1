import { parseDottedQuad } from './ipv4.js';

/** An IPv6 address as its eight 16-bit groups. */
export type IPv6Groups = readonly number[];

const GROUPS = 8;

/** `endsAddress`: these groups end the address, so the last may be dotted IPv4 (`::ffff:127.0.0.1`). */
function parseGroups(text: string, endsAddress: boolean): number[] | undefined {
  if (text === '') return [];
  const pieces = text.split(':');
  const groups: number[] = [];
  for (const [index, piece] of pieces.entries()) {
    if (endsAddress && index === pieces.length - 1 && piece.includes('.')) {
      const value = parseDottedQuad(piece);
      if (value === undefined) return undefined;
      groups.push(Math.floor(value / 0x10000), value % 0x10000);
    } else if (/^[0-9a-f]{1,4}$/i.test(piece)) {
      groups.push(Number.parseInt(piece, 16));
    } else {
      return undefined;
    }
  }
  return groups;
}

/**
 * `::1`, `fe80::1%eth0` (the zone is dropped: it does not change which range an address is in),
 * `::ffff:127.0.0.1`. No brackets. Undefined when it is not an IPv6 address.
 */
export function parseIPv6(text: string): IPv6Groups | undefined {
  const zoneAt = text.indexOf('%');
  const address = zoneAt < 0 ? text : text.slice(0, zoneAt);
  const halves = address.split('::');
  if (halves.length > 2) return undefined;
  const head = parseGroups(halves[0] ?? '', halves.length === 1);
  if (head === undefined) return undefined;
  if (halves.length === 1) return head.length === GROUPS ? head : undefined;
  const tail = parseGroups(halves[1] ?? '', true);
  if (tail === undefined || head.length + tail.length >= GROUPS) return undefined;
  return [...head, ...Array<number>(GROUPS - head.length - tail.length).fill(0), ...tail];
}

/** RFC 5952 text: lower-case hex, the longest run of two or more zero groups written `::`. */
export function formatIPv6(groups: IPv6Groups): string {
  let bestStart = -1;
  let bestLength = 1;
  for (let start = 0; start < GROUPS; start++) {
    let length = 0;
    while (start + length < GROUPS && groups[start + length] === 0) length++;
    if (length > bestLength) [bestStart, bestLength] = [start, length];
  }
  const hex = groups.map((group) => group.toString(16));
  if (bestStart < 0) return hex.join(':');
  return `${hex.slice(0, bestStart).join(':')}::${hex.slice(bestStart + bestLength).join(':')}`;
}

/** True when the first `prefixLength` bits of `groups` equal those of `network`. */
export function inIPv6Prefix(groups: IPv6Groups, network: IPv6Groups, prefixLength: number): boolean {
  for (let index = 0; index < GROUPS; index++) {
    const bits = Math.min(16, Math.max(0, prefixLength - 16 * index));
    if (bits === 0) return true;
    const mask = (0xffff << (16 - bits)) & 0xffff;
    if (((groups[index] ?? 0) & mask) !== ((network[index] ?? 0) & mask)) return false;
  }
  return true;
}

/** The IPv4 address held in two groups (`::ffff:7f00:1` holds 127.0.0.1 in groups 6 and 7). */
export function embeddedIPv4(groups: IPv6Groups, firstGroup: number): number {
  return (groups[firstGroup] ?? 0) * 0x10000 + (groups[firstGroup + 1] ?? 0);
}
