/**
 * What the cache client answers. The engine declares the same shapes (src/engine/services.ts) and depends
 * only on those; this folder may not import the engine, so the wiring site (src/session) lets TypeScript
 * check that the two agree.
 */

/** The only commands a cache step can send (SPEC, `cache` object): all of them read, none writes. */
export type CacheReadCommand = 'get' | 'exists' | 'ttl' | 'hgetall';

export interface CacheQuery {
  /** The connection's name in the environment file, for messages and to reuse its connection. */
  connection: string;
  /** The connection's URL with variables filled in. */
  url: string;
  command: CacheReadCommand;
  key: string;
}

/** The server's answer as Redis gives it; the engine turns it into `cache.exists`, `cache.value`, `cache.ttl`. */
export type CacheReply =
  | { command: 'get'; value: string | null }
  | { command: 'exists'; count: number }
  | { command: 'ttl'; seconds: number }
  | { command: 'hgetall'; fields: Record<string, string> };
