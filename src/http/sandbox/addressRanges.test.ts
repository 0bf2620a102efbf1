import { describe, expect, it } from 'vitest';
import { describeNonPublicAddress } from './addressRanges.js';
import { parseIpAddress } from './host.js';

function describe_(text: string): string | undefined {
  const address = parseIpAddress(text);
  if (address === undefined) throw new Error(`test address ${text} does not parse`);
  return describeNonPublicAddress(address);
}

describe('IPv4 ranges that are not public', () => {
  it.each([
    ['0.0.0.0', '0.0.0.0/8'],
    ['0.255.255.255', '0.0.0.0/8'],
    ['10.0.0.0', 'RFC 1918'],
    ['10.255.255.255', 'RFC 1918'],
    ['100.64.0.0', '100.64.0.0/10'],
    ['100.127.255.255', '100.64.0.0/10'],
    ['127.0.0.1', '127.0.0.0/8'],
    ['127.255.255.254', '127.0.0.0/8'],
    ['169.254.169.254', '169.254.0.0/16, where cloud metadata services answer'],
    ['172.16.0.0', 'RFC 1918'],
    ['172.31.255.255', 'RFC 1918'],
    ['192.0.0.8', '192.0.0.0/24'],
    ['192.0.2.1', '192.0.2.0/24'],
    ['192.88.99.1', '192.88.99.0/24'],
    ['192.168.0.1', 'RFC 1918'],
    ['192.168.255.255', 'RFC 1918'],
    ['198.18.0.0', '198.18.0.0/15'],
    ['198.19.255.255', '198.18.0.0/15'],
    ['198.51.100.7', '198.51.100.0/24'],
    ['203.0.113.9', '203.0.113.0/24'],
    ['224.0.0.1', '224.0.0.0/4'],
    ['239.255.255.250', '224.0.0.0/4'],
    ['240.0.0.1', '240.0.0.0/4'],
    ['255.255.255.254', '240.0.0.0/4'],
    ['255.255.255.255', 'broadcast'],
  ])('%s is blocked (%s)', (address, named) => {
    expect(describe_(address)).toContain(named);
  });

  it('describes the common ones in plain words', () => {
    expect(describe_('10.0.0.5')).toBe('a private address (RFC 1918)');
    expect(describe_('127.0.0.1')).toBe('a loopback address (127.0.0.0/8)');
    expect(describe_('100.100.1.1')).toBe('a carrier-grade NAT address (100.64.0.0/10, RFC 6598)');
  });

  it.each([
    '1.1.1.1',
    '8.8.8.8',
    '93.184.216.34',
    '9.255.255.255',
    '11.0.0.0',
    '100.63.255.255',
    '100.128.0.0',
    '126.255.255.255',
    '128.0.0.0',
    '169.253.255.255',
    '169.255.0.0',
    '172.15.255.255',
    '172.32.0.0',
    '192.0.1.1',
    '192.0.3.0',
    '192.167.255.255',
    '192.169.0.0',
    '198.17.255.255',
    '198.20.0.0',
    '223.255.255.255',
  ])('%s is public', (address) => {
    expect(describe_(address)).toBeUndefined();
  });
});

describe('IPv6 ranges that are not public', () => {
  it.each([
    ['::', 'unspecified'],
    ['::1', 'IPv6 loopback address (::1)'],
    ['fc00::1', 'fc00::/7'],
    ['fd12:3456::1', 'fc00::/7'],
    ['fe80::1', 'fe80::/10'],
    ['febf:ffff::1', 'fe80::/10'],
    ['fec0::1', 'fec0::/10'],
    ['ff02::1', 'ff00::/8'],
    ['2001:db8::1', '2001:db8::/32'],
    ['3fff::1', '3fff::/20'],
    ['100::1', '100::/64'],
    ['2001::1', 'Teredo'],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'Teredo'],
    ['2001:2::1', '2001::/23'],
    ['2001:10::1', '2001::/23'],
    ['64:ff9b:1::1', '64:ff9b:1::/48'],
    ['5f00::1', '5f00::/16'],
    ['::8.8.8.8', 'IPv4-compatible'],
    ['1::1', 'outside the global unicast range (2000::/3)'],
    ['::ffff:0:8.8.8.8', 'outside the global unicast range'],
  ])('%s is blocked (%s)', (address, named) => {
    expect(describe_(address)).toContain(named);
  });

  it.each([
    ['::ffff:127.0.0.1', 'an IPv4-mapped form of 127.0.0.1, a loopback address (127.0.0.0/8)'],
    ['::ffff:7f00:1', 'an IPv4-mapped form of 127.0.0.1, a loopback address (127.0.0.0/8)'],
    ['::ffff:169.254.169.254', 'an IPv4-mapped form of 169.254.169.254, a link-local address'],
    ['::ffff:10.1.2.3', 'an IPv4-mapped form of 10.1.2.3, a private address (RFC 1918)'],
    ['64:ff9b::10.0.0.1', 'a NAT64 form (64:ff9b::/96) of 10.0.0.1, a private address (RFC 1918)'],
    ['64:ff9b::7f00:1', 'a NAT64 form (64:ff9b::/96) of 127.0.0.1, a loopback address'],
    ['2002:7f00:1::', 'a 6to4 form (2002::/16) of 127.0.0.1, a loopback address'],
    ['2002:c0a8:101::1', 'a 6to4 form (2002::/16) of 192.168.1.1, a private address'],
    ['::127.0.0.1', 'a deprecated IPv4-compatible address (::/96)'],
  ])('judges %s by the IPv4 address inside', (address, description) => {
    expect(describe_(address)).toContain(description);
  });

  it.each([
    '2606:4700:4700::1111',
    '2a00:1450:4001::200e',
    '2001:4860:4860::8888',
    '::ffff:8.8.8.8',
    '::ffff:93.184.216.34',
    '64:ff9b::808:808',
    '2002:808:808::1',
  ])('%s is public', (address) => {
    expect(describe_(address)).toBeUndefined();
  });
});
