import { describe, expect, it } from 'vitest';
import { parseIpAddress } from './host.js';
import { checkHost, checkResolvedAddress, type SandboxPolicy } from './policy.js';

function policy(overrides: Partial<SandboxPolicy> = {}): SandboxPolicy {
  return { enabled: true, allowedDomains: [], blockedDomains: [], blockPrivateSubnets: false, ...overrides };
}

function address(text: string): NonNullable<ReturnType<typeof parseIpAddress>> {
  const parsed = parseIpAddress(text);
  if (parsed === undefined) throw new Error(`bad test address ${text}`);
  return parsed;
}

describe('checkHost: domain lists', () => {
  it('lets everything through when the sandbox is off', () => {
    const off = policy({ enabled: false, blockedDomains: ['*'], blockPrivateSubnets: true });
    expect(checkHost(off, 'evil.test')).toBeUndefined();
    expect(checkHost(off, '127.0.0.1')).toBeUndefined();
  });

  it('allows every host not blocked when the allow-list is empty', () => {
    expect(checkHost(policy({ blockedDomains: ['evil.test'] }), 'api.example.test')).toBeUndefined();
  });

  it('names the blocked-list entry that matched', () => {
    expect(checkHost(policy({ blockedDomains: ['other.test', '*.test'] }), 'evil.test')).toEqual({
      rule: 'blockedDomains',
      message: 'blocked by sandbox: host `evil.test` is in security.sandboxing.blockedDomains (`*.test`)',
    });
  });

  it('lets blockedDomains win over allowedDomains', () => {
    const both = policy({ allowedDomains: ['*.example.test'], blockedDomains: ['admin.example.test'] });
    expect(checkHost(both, 'admin.example.test')?.rule).toBe('blockedDomains');
    expect(checkHost(both, 'api.example.test')).toBeUndefined();
  });

  it('blocks a host outside a non-empty allow-list, listing the entries', () => {
    expect(checkHost(policy({ allowedDomains: ['api.example.test', '*.svc.test'] }), 'other.test')).toEqual({
      rule: 'allowedDomains',
      message:
        'blocked by sandbox: host `other.test` is not in security.sandboxing.allowedDomains ' +
        '(`api.example.test`, `*.svc.test`)',
    });
  });

  it('lists at most five entries', () => {
    const allowedDomains = ['a.test', 'b.test', 'c.test', 'd.test', 'e.test', 'f.test', 'g.test'];
    expect(checkHost(policy({ allowedDomains }), 'z.test')?.message).toContain(
      '(`a.test`, `b.test`, `c.test`, `d.test`, `e.test` and 2 more)',
    );
  });

  it('matches `*.domain` on sub-domains at any depth but not on the domain itself, and says so', () => {
    const wildcard = policy({ allowedDomains: ['*.example.test'] });
    expect(checkHost(wildcard, 'api.example.test')).toBeUndefined();
    expect(checkHost(wildcard, 'a.b.example.test')).toBeUndefined();
    expect(checkHost(wildcard, 'badexample.test')?.rule).toBe('allowedDomains');
    expect(checkHost(wildcard, 'example.test')?.message).toBe(
      'blocked by sandbox: host `example.test` is not in security.sandboxing.allowedDomains ' +
        '(`*.example.test`); `*.example.test` matches sub-domains only, add `example.test` to allow the ' +
        'domain itself',
    );
  });

  it('compares case-insensitively and ignores a trailing dot, on both sides', () => {
    const listed = policy({ blockedDomains: ['Evil.Test.', '*.BAD.test'] });
    expect(checkHost(listed, 'EVIL.test')?.rule).toBe('blockedDomains');
    expect(checkHost(listed, 'evil.test.')?.rule).toBe('blockedDomains');
    expect(checkHost(listed, 'x.bad.TEST.')?.rule).toBe('blockedDomains');
  });

  it('compares international names in their ASCII form, as URLs carry them', () => {
    const listed = policy({ blockedDomains: ['*.bücher.test'] });
    expect(checkHost(listed, new URL('http://shop.bücher.test/').hostname)?.rule).toBe('blockedDomains');
  });

  it('matches `*` on every host', () => {
    expect(checkHost(policy({ blockedDomains: ['*'] }), '10.0.0.1')?.rule).toBe('blockedDomains');
    expect(checkHost(policy({ allowedDomains: ['*'] }), 'anything.test')).toBeUndefined();
  });

  it('matches IP-literal hosts as written, after normalising both sides', () => {
    const listed = policy({ allowedDomains: ['127.0.0.1', '[::1]'] });
    expect(checkHost(listed, '127.0.0.1')).toBeUndefined();
    expect(checkHost(listed, '2130706433')).toBeUndefined();
    expect(checkHost(listed, '[0:0:0:0:0:0:0:1]')).toBeUndefined();
    expect(checkHost(listed, '::1')).toBeUndefined();
    expect(checkHost(listed, '127.0.0.2')?.rule).toBe('allowedDomains');
    expect(checkHost(policy({ blockedDomains: ['0x7f.1'] }), '127.0.0.1')?.rule).toBe('blockedDomains');
  });

  it('never matches a wildcard on an IP address', () => {
    expect(checkHost(policy({ blockedDomains: ['*.0.0.1'] }), '127.0.0.1')).toBeUndefined();
  });
});

describe('checkHost: IP-literal hosts under blockPrivateSubnets', () => {
  const strict = policy({ blockPrivateSubnets: true });

  it.each([
    ['127.0.0.1', '`127.0.0.1` is a loopback address (127.0.0.0/8)'],
    ['2130706433', '`127.0.0.1` is a loopback address (127.0.0.0/8)'],
    ['0x7f.1', '`127.0.0.1` is a loopback address'],
    ['[::1]', '`[::1]` is the IPv6 loopback address (::1)'],
    ['[::ffff:7f00:1]', '`[::ffff:7f00:1]` is an IPv4-mapped form of 127.0.0.1, a loopback address'],
    ['169.254.169.254', 'a link-local address (169.254.0.0/16, where cloud metadata services answer)'],
  ])('blocks %s without DNS', (host, detail) => {
    const block = checkHost(strict, host);
    expect(block?.rule).toBe('blockPrivateSubnets');
    expect(block?.message).toContain(detail);
    expect(block?.message).toMatch(
      /^blocked by sandbox: host .*, and security\.sandboxing\.blockPrivateSubnets is on$/,
    );
  });

  it('allows public addresses and leaves names to the DNS check', () => {
    expect(checkHost(strict, '93.184.216.34')).toBeUndefined();
    expect(checkHost(strict, 'localhost')).toBeUndefined();
  });

  it('does not look at addresses when blockPrivateSubnets is off', () => {
    expect(checkHost(policy(), '127.0.0.1')).toBeUndefined();
  });

  it('reports the domain lists before the address', () => {
    const both = policy({ blockPrivateSubnets: true, blockedDomains: ['127.0.0.1'] });
    expect(checkHost(both, '127.0.0.1')?.rule).toBe('blockedDomains');
  });
});

describe('checkResolvedAddress', () => {
  it('names the host, the address and the range', () => {
    expect(
      checkResolvedAddress(policy({ blockPrivateSubnets: true }), 'db.internal', address('10.0.0.5')),
    ).toEqual({
      rule: 'blockPrivateSubnets',
      message:
        'blocked by sandbox: host `db.internal` resolves to 10.0.0.5, a private address (RFC 1918), ' +
        'and security.sandboxing.blockPrivateSubnets is on',
    });
  });

  it('writes a resolved IPv6 address in canonical form', () => {
    const block = checkResolvedAddress(
      policy({ blockPrivateSubnets: true }),
      'x.test',
      address('::FFFF:127.0.0.1'),
    );
    expect(block?.message).toContain('resolves to ::ffff:7f00:1, an IPv4-mapped form of 127.0.0.1');
  });

  it('allows public answers, and everything when the rule or the sandbox is off', () => {
    expect(
      checkResolvedAddress(policy({ blockPrivateSubnets: true }), 'x.test', address('8.8.8.8')),
    ).toBeUndefined();
    expect(checkResolvedAddress(policy(), 'x.test', address('10.0.0.5'))).toBeUndefined();
    const off = policy({ enabled: false, blockPrivateSubnets: true });
    expect(checkResolvedAddress(off, 'x.test', address('10.0.0.5'))).toBeUndefined();
  });
});
