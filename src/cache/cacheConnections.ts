import type { HostResolver, SandboxPolicy } from '../http/index.js';
import { systemResolver } from '../http/hostResolver.js';
import { CacheError } from './cacheError.js';
import type { CacheConnections, CacheQuery } from './cacheTypes.js';
import { parseCacheUrl } from './cacheUrl.js';
import { openRedisConnection, type RedisConnection } from './redisConnection.js';

export interface CacheConnectionOptions {
  /** Connect timeout, and the limit for each command's reply. */
  timeoutMs: number;
  /** config `security.sandboxing`; applies to cache hosts as to HTTP hosts. */
  sandbox?: SandboxPolicy;
  /** Trust for `rediss://`: the same as HTTPS (`http.insecure`, `http.caFile`). */
  insecure?: boolean;
  ca?: Uint8Array;
  resolve?: HostResolver;
}

/** The cache connections of one run. */
export interface CacheConnectionPool extends CacheConnections {
  /** Closes every connection; later queries fail. */
  close(): Promise<void>;
}

/**
 * A connection is opened at the first step that uses it and reused by the steps after it (DECISIONS,
 * "Workspace"). A connection that failed or lost step with the server is dropped, so the next step (or the
 * next `retry` attempt) connects again.
 */
export function createCacheConnections(options: CacheConnectionOptions): CacheConnectionPool {
  const open = new Map<string, Promise<RedisConnection>>();
  let closed = false;
  const connectOptions = {
    timeoutMs: options.timeoutMs,
    sandbox: options.sandbox,
    resolve: options.resolve ?? systemResolver,
    insecure: options.insecure ?? false,
    ...(options.ca === undefined ? {} : { ca: options.ca }),
  };

  const opened = (query: CacheQuery, key: string): Promise<RedisConnection> => {
    const pending = Promise.resolve().then(() =>
      openRedisConnection(query.connection, parseCacheUrl(query.connection, query.url), connectOptions),
    );
    open.set(key, pending);
    pending.catch(() => {
      if (open.get(key) === pending) open.delete(key);
    });
    return pending;
  };

  const connectionFor = async (query: CacheQuery): Promise<RedisConnection> => {
    // The URL is part of the key: a URL built from variables may differ between scenarios.
    const key = `${query.connection}\n${query.url}`;
    const existing = open.get(key);
    if (existing !== undefined) {
      const connection = await existing.catch(() => undefined);
      if (connection?.usable) return connection;
    }
    return opened(query, key);
  };

  return {
    async run(query) {
      if (closed) {
        throw new CacheError(
          'closed',
          `cache connection \`${query.connection}\`: the run's connections are closed`,
        );
      }
      const connection = await connectionFor(query);
      return connection.send(query.command, query.key, query.signal);
    },
    async close() {
      closed = true;
      const pending = [...open.values()];
      open.clear();
      const settled = await Promise.allSettled(pending);
      for (const outcome of settled) if (outcome.status === 'fulfilled') outcome.value.close();
    },
  };
}
