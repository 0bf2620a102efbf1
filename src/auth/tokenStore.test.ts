import { describe, expect, it } from 'vitest';
import { createTokenStore, usableForMs, type AccessToken, type TokenSource } from './tokenStore.js';

function countingSource(lifetimeMs: number, now: () => number) {
  const calls: string[] = [];
  let issued = 0;
  const token = (refreshToken?: string): AccessToken => ({
    accessToken: `t${++issued}`,
    refreshToken: refreshToken ?? 'r',
    renewAtMs: now() + lifetimeMs,
  });
  const source: TokenSource = {
    fetch: async () => (calls.push('fetch'), token()),
    refresh: async (refreshToken) => (calls.push(`refresh ${refreshToken}`), token(refreshToken)),
  };
  return { calls, source };
}

describe('the token store (DECISIONS, Wave 3 "Auth")', () => {
  it('keeps a token for its lifetime minus 30 s, or minus half of it when that is shorter', () => {
    expect(usableForMs(3600)).toBe(3_570_000);
    expect(usableForMs(40)).toBe(20_000);
    expect(usableForMs(2)).toBe(1_000);
  });

  it('asks once for many callers at a time, refreshes once after expiry, renews a refused token once', async () => {
    let clock = 0;
    const store = createTokenStore(() => clock);
    const { calls, source } = countingSource(1000, () => clock);
    const first = await Promise.all(Array.from({ length: 20 }, () => store.token('acct', source)));
    expect(new Set(first.map((token) => token.accessToken))).toEqual(new Set(['t1']));
    clock = 1500;
    const second = await Promise.all(Array.from({ length: 20 }, () => store.token('acct', source)));
    expect(new Set(second.map((token) => token.accessToken))).toEqual(new Set(['t2']));
    const renewed = await Promise.all([
      store.renew('acct', second[0]!, source),
      store.renew('acct', second[0]!, source),
    ]);
    expect(renewed.map((token) => token.accessToken)).toEqual(['t3', 't3']);
    expect(calls).toEqual(['fetch', 'refresh r', 'refresh r']);
  });

  it('does not keep a failure: the next caller asks again', async () => {
    const store = createTokenStore(() => 0);
    let attempts = 0;
    const source: TokenSource = {
      fetch: async () => {
        attempts++;
        if (attempts === 1) throw new Error('down');
        return { accessToken: 'ok' };
      },
      refresh: async () => ({ accessToken: 'never' }),
    };
    await expect(store.token('a', source)).rejects.toThrow('down');
    expect((await store.token('a', source)).accessToken).toBe('ok');
  });
});
