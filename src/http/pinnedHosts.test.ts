import { describe, expect, it } from 'vitest';
import { findPin, parsePinAddress, parsePinFlag, parsePinTarget } from './pinnedHosts.js';

describe('--resolve and http.resolve', () => {
  it('splits host:port:address like curl, IPv6 written plain or in brackets', () => {
    expect(parsePinFlag('API.example.com:443:127.0.0.1')).toEqual({
      key: 'api.example.com:443',
      address: { address: '127.0.0.1', family: 4 },
    });
    expect(parsePinFlag('api.test:8443:::1')).toEqual({
      key: 'api.test:8443',
      address: { address: '::1', family: 6 },
    });
    expect(parsePinFlag('api.test:80:[::1]')).toMatchObject({ address: { address: '::1' } });
    expect(parsePinFlag('[::1]:8080:127.0.0.1')).toMatchObject({ key: '::1:8080' });
  });

  it('says what is wrong with a flag', () => {
    expect(parsePinFlag('api.test:127.0.0.1')).toEqual({
      error: '`api.test:127.0.0.1` is not host:port:address (for example `api.example.com:443:127.0.0.1`)',
    });
    expect(parsePinFlag('api.test:80:not-an-address')).toEqual({
      error: '`not-an-address` is not an IP address',
    });
    expect(parsePinTarget('api.test:99999')).toHaveProperty('error');
    expect(parsePinAddress('10.0.0.1')).toEqual({ address: '10.0.0.1', family: 4 });
  });

  it('finds a pin by host and port, whatever the case and brackets', () => {
    const pins = new Map([['::1:8080', { address: '::1', family: 6 as const }]]);
    expect(findPin(pins, '[::1]', '8080')).toEqual({ address: '::1', family: 6 });
    expect(findPin(pins, '::1', 8081)).toBeUndefined();
  });
});
