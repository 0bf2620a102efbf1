import type { LookupAddress } from 'node:dns';
import { describe, expect, it } from 'vitest';
import { checkedLookup } from './checkedLookup.js';

const addresses = [
  { address: '10.0.0.1', family: 4 as const },
  { address: 'fd00::1', family: 6 as const },
];

function ask(options: { family?: number; all?: boolean }): Promise<unknown> {
  return new Promise((resolve, reject) => {
    checkedLookup(addresses)('cache.internal', options, (error, address, family) => {
      if (error) reject(error);
      else resolve(options.all ? (address as unknown as LookupAddress[]) : [address, family]);
    });
  });
}

describe('checkedLookup', () => {
  it('answers only with the checked addresses, by family and in the all form', async () => {
    expect(await ask({})).toEqual(['10.0.0.1', 4]);
    expect(await ask({ family: 6 })).toEqual(['fd00::1', 6]);
    expect(await ask({ all: true })).toEqual(addresses);
  });

  it('fails when no checked address has the family asked for', async () => {
    const lookup = checkedLookup([{ address: '10.0.0.1', family: 4 }]);
    const error = await new Promise((resolve) => lookup('cache.internal', { family: 6 }, resolve));
    expect(error).toMatchObject({ code: 'ENOTFOUND', message: 'no checked IPv6 address for cache.internal' });
  });
});
