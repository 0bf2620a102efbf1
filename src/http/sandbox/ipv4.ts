/**
 * IPv4 addresses as unsigned 32-bit integers. Parsing accepts every spelling that URL parsers and
 * `inet_aton` accept (`2130706433`, `0177.0.0.1`, `0x7f.1`, `127.1`), because a sandbox that only knows
 * dotted quads can be walked around with any of them.
 */

const MAX_PARTS = 4;

/** One part: `0x`-prefixed hex (may be empty, as WHATWG URL allows), `0`-prefixed octal, or decimal. */
function parsePart(part: string): number | undefined {
  if (/^0x[0-9a-f]*$/i.test(part)) return part.length === 2 ? 0 : Number.parseInt(part.slice(2), 16);
  if (/^0[0-7]+$/.test(part)) return Number.parseInt(part.slice(1), 8);
  if (/^(0|[1-9][0-9]*)$/.test(part)) return Number(part);
  return undefined;
}

/**
 * `a.b.c.d` and its shorter, integer, octal and hex forms; a single trailing dot is allowed. The last part
 * fills the bytes the earlier parts leave (`127.1` is 127.0.0.1). Undefined when it is not an IPv4 address.
 */
export function parseIPv4(text: string): number | undefined {
  const parts = text.split('.');
  if (parts.length > 1 && parts.at(-1) === '') parts.pop();
  if (parts.length === 0 || parts.length > MAX_PARTS) return undefined;
  const numbers: number[] = [];
  for (const part of parts) {
    const value = parsePart(part);
    if (value === undefined) return undefined;
    numbers.push(value);
  }
  const last = numbers.pop() ?? 0;
  if (numbers.some((value) => value > 255)) return undefined;
  if (last >= 256 ** (MAX_PARTS - numbers.length)) return undefined;
  let value = last;
  for (const [index, byte] of numbers.entries()) value += byte * 256 ** (MAX_PARTS - 1 - index);
  return value;
}

/** Strict `a.b.c.d` with decimal bytes and no leading zeros: the form allowed inside an IPv6 address. */
export function parseDottedQuad(text: string): number | undefined {
  const parts = text.split('.');
  if (parts.length !== MAX_PARTS || parts.some((part) => !/^(0|[1-9][0-9]{0,2})$/.test(part)))
    return undefined;
  const bytes = parts.map(Number);
  if (bytes.some((byte) => byte > 255)) return undefined;
  return bytes.reduce((value, byte) => value * 256 + byte, 0);
}

export function formatIPv4(value: number): string {
  return [24, 16, 8, 0].map((shift) => Math.floor(value / 2 ** shift) % 256).join('.');
}

/** True when the first `prefixLength` bits of `value` equal those of `network`. */
export function inIPv4Prefix(value: number, network: number, prefixLength: number): boolean {
  const size = 2 ** (32 - prefixLength);
  return Math.floor(value / size) === Math.floor(network / size);
}
