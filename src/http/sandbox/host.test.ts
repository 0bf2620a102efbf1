import { describe, expect, it } from 'vitest';
import { displayHost, normaliseHost, parseIpAddress } from './host.js';

describe('normaliseHost', () => {
  it('lower-cases names and drops one trailing dot', () => {
    expect(normaliseHost('API.Example.TEST.')).toEqual({ kind: 'name', name: 'api.example.test' });
    expect(normaliseHost('localhost')).toEqual({ kind: 'name', name: 'localhost' });
  });

  it.each(['127.0.0.1', '2130706433', '0177.0.0.1', '0x7f.1', '0x7f000001', '127.1', '0x7F.0.0.1.'])(
    'reads %s as the loopback address 127.0.0.1',
    (host) => {
      const normalised = normaliseHost(host);
      expect(normalised).toMatchObject({ kind: 'address', text: '127.0.0.1' });
      expect(displayHost(normalised)).toBe('127.0.0.1');
    },
  );

  it.each([
    ['[::ffff:127.0.0.1]', '::ffff:7f00:1'],
    ['::FFFF:7F00:1', '::ffff:7f00:1'],
    ['[0:0:0:0:0:0:0:1]', '::1'],
    ['fe80::1%25eth0', 'fe80::1'],
  ])('reads IPv6 %s as %s, shown in brackets', (host, text) => {
    const normalised = normaliseHost(host);
    expect(normalised).toMatchObject({ kind: 'address', text });
    expect(displayHost(normalised)).toBe(`[${text}]`);
  });

  it('keeps hosts that only look numeric in part as names', () => {
    expect(normaliseHost('127.0.0.1.nip.io')).toEqual({ kind: 'name', name: '127.0.0.1.nip.io' });
    expect(normaliseHost('1.2.3.4.5')).toEqual({ kind: 'name', name: '1.2.3.4.5' });
  });
});

describe('parseIpAddress', () => {
  it('gives the family', () => {
    expect(parseIpAddress('10.0.0.5')).toEqual({ family: 4, value: 0x0a000005 });
    expect(parseIpAddress('::1')?.family).toBe(6);
    expect(parseIpAddress('db.internal')).toBeUndefined();
  });
});
