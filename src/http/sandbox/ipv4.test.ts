import { describe, expect, it } from 'vitest';
import { formatIPv4, inIPv4Prefix, parseDottedQuad, parseIPv4 } from './ipv4.js';

const LOOPBACK = 0x7f000001;

describe('parseIPv4', () => {
  it.each([
    ['127.0.0.1', LOOPBACK],
    ['2130706433', LOOPBACK],
    ['0177.0.0.1', LOOPBACK],
    ['0x7f.1', LOOPBACK],
    ['0X7F.0.0.1', LOOPBACK],
    ['0x7f000001', LOOPBACK],
    ['127.1', LOOPBACK],
    ['127.0.1', LOOPBACK],
    ['0x7f.0.0.1.', LOOPBACK],
    ['017700000001', LOOPBACK],
    ['0x', 0],
    ['0', 0],
    ['255.255.255.255', 0xffffffff],
    ['4294967295', 0xffffffff],
  ])('reads %s', (text, value) => {
    expect(parseIPv4(text)).toBe(value);
  });

  it.each([
    '',
    '.',
    '1.2.3.4.5',
    '256.0.0.1',
    '1.2.3.256',
    '1.16777216',
    '1.2.65536',
    '4294967296',
    '08.0.0.1',
    '0x7g.1',
    '1..2',
    'example.com',
    '1.2.3.4..',
    '-1',
  ])('rejects %j', (text) => {
    expect(parseIPv4(text)).toBeUndefined();
  });
});

describe('parseDottedQuad', () => {
  it('reads only four decimal bytes without leading zeros', () => {
    expect(parseDottedQuad('127.0.0.1')).toBe(LOOPBACK);
    expect(parseDottedQuad('0177.0.0.1')).toBeUndefined();
    expect(parseDottedQuad('127.1')).toBeUndefined();
    expect(parseDottedQuad('1.2.3.300')).toBeUndefined();
  });
});

describe('formatIPv4 and inIPv4Prefix', () => {
  it('formats dotted quads', () => {
    expect(formatIPv4(LOOPBACK)).toBe('127.0.0.1');
    expect(formatIPv4(0xffffffff)).toBe('255.255.255.255');
    expect(formatIPv4(0)).toBe('0.0.0.0');
  });

  it('compares prefixes, including /32 and addresses above 2^31', () => {
    const tenNet = 0x0a000000;
    expect(inIPv4Prefix(0x0affffff, tenNet, 8)).toBe(true);
    expect(inIPv4Prefix(0x0b000000, tenNet, 8)).toBe(false);
    expect(inIPv4Prefix(0xffffffff, 0xffffffff, 32)).toBe(true);
    expect(inIPv4Prefix(0xfffffffe, 0xffffffff, 32)).toBe(false);
    expect(inIPv4Prefix(0xe0000001, 0xe0000000, 4)).toBe(true);
  });
});

describe('parseIPv4 agrees with the WHATWG URL parser', () => {
  it.each([
    '0x7f.1',
    '0177.1',
    '10.0x10.1',
    '3232235777',
    '0xc0.0250.1.1',
    '1.2.3',
    '0.0.0.0',
    '192.168.1.1.',
  ])('%s', (host) => {
    const value = parseIPv4(host);
    expect(value === undefined ? undefined : formatIPv4(value)).toBe(new URL(`http://${host}/`).hostname);
  });
});
