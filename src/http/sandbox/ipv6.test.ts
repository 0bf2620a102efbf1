import { describe, expect, it } from 'vitest';
import { embeddedIPv4, formatIPv6, inIPv6Prefix, parseIPv6 } from './ipv6.js';

describe('parseIPv6', () => {
  it.each([
    ['::', [0, 0, 0, 0, 0, 0, 0, 0]],
    ['::1', [0, 0, 0, 0, 0, 0, 0, 1]],
    ['1::', [1, 0, 0, 0, 0, 0, 0, 0]],
    ['2001:db8::8:800:200c:417a', [0x2001, 0xdb8, 0, 0, 8, 0x800, 0x200c, 0x417a]],
    ['0:0:0:0:0:ffff:7f00:1', [0, 0, 0, 0, 0, 0xffff, 0x7f00, 1]],
    ['::ffff:127.0.0.1', [0, 0, 0, 0, 0, 0xffff, 0x7f00, 1]],
    ['64:ff9b::10.0.0.1', [0x64, 0xff9b, 0, 0, 0, 0, 0x0a00, 1]],
    ['FE80::1%eth0', [0xfe80, 0, 0, 0, 0, 0, 0, 1]],
    ['1:2:3:4:5:6::7', [1, 2, 3, 4, 5, 6, 0, 7]],
  ])('reads %s', (text, groups) => {
    expect(parseIPv6(text)).toEqual(groups);
  });

  it.each([
    '',
    ':',
    ':::',
    '1::2::3',
    '1:2:3:4:5:6:7',
    '1:2:3:4:5:6:7:8:9',
    '1:2:3:4:5:6:7::8',
    '12345::',
    '::g',
    '::127.0.0.01',
    '::1.2.3',
    '1.2.3.4::',
    '[::1]',
  ])('rejects %j', (text) => {
    expect(parseIPv6(text)).toBeUndefined();
  });
});

describe('formatIPv6', () => {
  it.each([
    ['0:0:0:0:0:0:0:0', '::'],
    ['0:0:0:0:0:0:0:1', '::1'],
    ['2001:0DB8:0:0:1:0:0:1', '2001:db8::1:0:0:1'],
    ['1:0:2:3:4:5:6:7', '1:0:2:3:4:5:6:7'],
    ['::ffff:127.0.0.1', '::ffff:7f00:1'],
    ['fe80:0:0:0:0:0:0:0', 'fe80::'],
  ])('writes %s as %s (RFC 5952, as URLs do)', (text, formatted) => {
    const groups = parseIPv6(text);
    expect(groups && formatIPv6(groups)).toBe(formatted);
    expect(new URL(`http://[${text}]/`).hostname).toBe(`[${formatted}]`);
  });
});

describe('inIPv6Prefix and embeddedIPv4', () => {
  const parse = (text: string): readonly number[] => parseIPv6(text) ?? [];

  it('compares prefixes that end inside a group', () => {
    expect(inIPv6Prefix(parse('fdff::1'), parse('fc00::'), 7)).toBe(true);
    expect(inIPv6Prefix(parse('fe00::1'), parse('fc00::'), 7)).toBe(false);
    expect(inIPv6Prefix(parse('febf::1'), parse('fe80::'), 10)).toBe(true);
    expect(inIPv6Prefix(parse('fec0::1'), parse('fe80::'), 10)).toBe(false);
    expect(inIPv6Prefix(parse('::1'), parse('::1'), 128)).toBe(true);
    expect(inIPv6Prefix(parse('::2'), parse('::1'), 128)).toBe(false);
  });

  it('reads the IPv4 address held in two groups', () => {
    expect(embeddedIPv4(parse('::ffff:127.0.0.1'), 6)).toBe(0x7f000001);
    expect(embeddedIPv4(parse('2002:a00:1::'), 1)).toBe(0x0a000001);
  });
});
