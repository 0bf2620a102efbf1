/**
 * OAuth2 tokens of one run (DECISIONS, Wave 3 "Auth"): one token request per account, shared by every
 * scenario and every `--jobs` execution (they run in this process, so one map and its promises are shared:
 * whoever asks while a request is in flight waits for that request), kept until `expires_in` minus 30 s
 * (minus half the lifetime when that is shorter), then refreshed.
 */

export interface AccessToken {
  accessToken: string;
  refreshToken?: string;
  /** Monotonic milliseconds after which the token is not used any more; absent: for the whole run. */
  renewAtMs?: number;
}

/** How long a token is used: its lifetime minus 30 s, or minus half of it when that is shorter. */
export function usableForMs(expiresInSeconds: number): number {
  const lifetimeMs = expiresInSeconds * 1000;
  return lifetimeMs - Math.min(30_000, lifetimeMs / 2);
}

/** What the store asks the step for: a new token, or one from a refresh token. */
export interface TokenSource {
  fetch(): Promise<AccessToken>;
  refresh(refreshToken: string): Promise<AccessToken>;
}

export interface TokenStore {
  /** A token that is still good for `account`, fetching or refreshing it when there is none. */
  token(account: string, source: TokenSource): Promise<AccessToken>;
  /** The server refused `stale` (`invalid_token`): the next token for `account` is a new one. */
  renew(account: string, stale: AccessToken, source: TokenSource): Promise<AccessToken>;
}

export function createTokenStore(monotonicMs: () => number): TokenStore {
  const tokens = new Map<string, Promise<AccessToken>>();

  /** Starts `next` as the account's token; a failure is not kept, so a later step asks again. */
  const start = (account: string, next: Promise<AccessToken>): Promise<AccessToken> => {
    tokens.set(account, next);
    next.catch(() => {
      if (tokens.get(account) === next) tokens.delete(account);
    });
    return next;
  };

  /** A refresh when there is a refresh token; a new token when there is none or the refresh fails. */
  const replace = (old: AccessToken, source: TokenSource): Promise<AccessToken> =>
    old.refreshToken === undefined
      ? source.fetch()
      : source.refresh(old.refreshToken).catch(() => source.fetch());

  const isFresh = (token: AccessToken) => token.renewAtMs === undefined || monotonicMs() < token.renewAtMs;

  return {
    async token(account, source) {
      const current = tokens.get(account);
      if (current === undefined) return start(account, source.fetch());
      const token = await current;
      if (isFresh(token)) return token;
      // Someone may have begun the renewal while this one waited: then wait for theirs.
      const latest = tokens.get(account);
      if (latest !== undefined && latest !== current) return latest;
      return start(account, replace(token, source));
    },

    async renew(account, stale, source) {
      const current = tokens.get(account);
      if (current !== undefined) {
        const token = await current.catch(() => undefined);
        if (token !== undefined && token.accessToken !== stale.accessToken) return token;
        const latest = tokens.get(account);
        if (latest !== undefined && latest !== current) return latest;
      }
      return start(account, replace(stale, source));
    },
  };
}
